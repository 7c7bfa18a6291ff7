import { describe, expect, it } from 'vitest';
import { ratePath, roeMarks, roePreview } from './roe-preview';

describe('the ROE preview while typing', () => {
  it('asks the rate on the API path once prefixed (never /api/api/...)', () => {
    expect(ratePath('2026-11-23', 'CLP')).toBe('/divisas/por-fecha?fecha=2026-11-23&divisa=CLP');
    expect(ratePath('2026-11-23', 'CLP')).not.toMatch(/^\/api/);
  });
  it('converts the cash at the day rate and says when it will be an ROE', () => {
    expect(roePreview(9_500_000, 'CLP', 950)).toEqual({ cashUsd: 10_000, roe: false });
    expect(roePreview(9_600_000, 'CLP', 950)).toEqual({ cashUsd: 10_105.26, roe: true });
    expect(roePreview(12_000, 'USD', null)).toEqual({ cashUsd: 12_000, roe: true });
    expect(roePreview(5_000, 'USD', null, 4_000)?.roe).toBe(true);
  });
  it('nothing before cash is typed or the rate is known', () => {
    expect(roePreview(0, 'CLP', 950)).toBeNull();
    expect(roePreview(100, 'CLP', undefined)).toBeNull();
  });
});

describe('the ROE marks of an operation', () => {
  const pending = { roe: false, cashRatePending: '2019-06-10' };
  it('a Chilean company’s user sees the cash waiting for its day’s rate, and the ROE badge', () => {
    const cl = { role: 'frontdesk' as const, company: { country: 'CL', massiveBulks: false } };
    expect(roeMarks(cl, pending)).toEqual({ roe: false, ratePending: '2019-06-10' });
    expect(roeMarks(cl, { roe: true, cashRatePending: null })).toEqual({ roe: true, ratePending: null });
  });
  it('a Brazilian company’s user sees neither: the ROE is Chile’s', () => {
    const br = { role: 'admin' as const, company: { country: 'BR', massiveBulks: false } };
    expect(roeMarks(br, pending)).toEqual({ roe: false, ratePending: null });
    expect(roeMarks(br, { roe: true })).toEqual({ roe: false, ratePending: null });
  });
});
