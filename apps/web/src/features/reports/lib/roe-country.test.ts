import { describe, expect, it } from 'vitest';
import { reportLinksFor, roeApplies } from './roe-country';

describe('the ROE is Chile’s (issue 23, point 3)', () => {
  it('applies to a Chilean company only, not to a Brazilian one nor to a user without a company', () => {
    expect(roeApplies('CL')).toBe(true);
    expect(roeApplies('cl')).toBe(true);
    expect(roeApplies('BR')).toBe(false);
    expect(roeApplies(' br ')).toBe(false);
    expect(roeApplies(null)).toBe(false);
    expect(roeApplies('')).toBe(false);
  });

  it('the reports index offers a Brazilian company the COAF and not the ROE, a Chilean one the ROE first and never the COAF', () => {
    const br = reportLinksFor('BR').map((l) => l.to);
    expect(br).not.toContain('/home/reports/roe-uaf');
    expect(br).toEqual([
      '/home/reports/coaf',
      '/home/reports/final-beneficiaries',
      '/home/reports/compliance-officer',
      '/home/reports/conflict-of-interest',
      '/home/reports/exportReport',
    ]);
    expect(reportLinksFor('CL')[0]?.to).toBe('/home/reports/roe-uaf');
    expect(reportLinksFor('CL')).toHaveLength(5);
    expect(reportLinksFor('CL').map((l) => l.to)).not.toContain('/home/reports/coaf');
  });
});
