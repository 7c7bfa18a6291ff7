import { describe, expect, it } from 'vitest';
import { computeRisk, DEFAULT_RISK_CONFIGURATION, type RiskSubject } from './risk.model';

const subject = (matchedLists: string[]): RiskSubject => ({
  personType: 'natural',
  pepStatus: null,
  position: null,
  businessType: null,
  employer: null,
  income: null,
  nationality: 'CL',
  countryOfResidence: 'CL',
  dniCountry: 'CL',
  matchedLists,
  relatedRisk: null,
  unresolvedBeneficialOwner: false,
});

describe('computeRisk with the super administrator’s list controls', () => {
  it('scores a match with the list’s weight instead of its kind’s default', () => {
    const plain = computeRisk(subject(['interest']), DEFAULT_RISK_CONFIGURATION);
    const weighted = computeRisk(subject(['interest']), {
      ...DEFAULT_RISK_CONFIGURATION,
      listControls: { interest: { enabled: true, weight: 3 } },
    });
    expect(plain.reasons.find((r) => r.factor === 'lists')?.score).toBe(DEFAULT_RISK_CONFIGURATION.listScores.other);
    expect(weighted.reasons.find((r) => r.factor === 'lists')?.score).toBe(3);
    expect(weighted.score).toBeGreaterThan(plain.score);
  });

  it('ignores a match left by a list that no longer screens the company', () => {
    const off = computeRisk(subject(['ofac']), {
      ...DEFAULT_RISK_CONFIGURATION,
      listControls: { ofac: { enabled: false, weight: 3 } },
    });
    expect(off.reasons.some((r) => r.factor === 'lists')).toBe(false);
    expect(off.level).toBe('low');
    // a sanctions match still forces High whatever its weight
    const light = computeRisk(subject(['ofac']), {
      ...DEFAULT_RISK_CONFIGURATION,
      listControls: { ofac: { enabled: true, weight: 1 } },
    });
    expect(light.level).toBe('high');
  });
});
