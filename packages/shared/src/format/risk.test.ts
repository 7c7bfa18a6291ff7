import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highestRisk, normalizeRiskLevel, RISK_LEVELS, riskPrecedence } from './risk';

describe('normalizeRiskLevel', () => {
  it('reads keys and labels in three languages', () => {
    const levels = {
      high: 'high',
      'High Risk': 'high',
      'Riesgo Medio': 'medium',
      'Risco baixo': 'low',
      Médio: 'medium',
    };
    for (const [label, level] of Object.entries(levels)) expect(normalizeRiskLevel(label), label).toBe(level);
    for (const label of ['', 'extreme', 'high low']) expect(normalizeRiskLevel(label), label).toBeNull();
  });
});

describe('riskPrecedence', () => {
  it('takes overwritten, then effective, then calculated', () => {
    expect(riskPrecedence({ overwrittenRisk: 'low', effectiveRisk: 'high', calculatedRisk: 'medium' })).toBe('low');
    expect(riskPrecedence({ overwrittenRisk: null, effectiveRisk: 'high', calculatedRisk: 'medium' })).toBe('high');
    expect(riskPrecedence({ overwrittenRisk: '', calculatedRisk: 'medium' })).toBe('medium');
    expect(riskPrecedence({})).toBeNull();
  });
});

describe('highestRisk', () => {
  it('picks the highest across associates, dash when none', () => {
    expect(highestRisk(['low', 'high', 'medium'])).toBe('high');
    expect(highestRisk([{ calculatedRisk: 'medium' }, { overwrittenRisk: 'low', calculatedRisk: 'high' }])).toBe(
      'medium',
    );
    expect(highestRisk([])).toBe('-');
    expect(highestRisk([null, undefined, {}])).toBe('-');
  });

  it('property: equals the maximum by level order and ignores order of associates', () => {
    const level = fc.option(fc.constantFrom(...RISK_LEVELS), { nil: null });
    fc.assert(
      fc.property(fc.array(level), (levels) => {
        const present = levels.filter((l) => l !== null).map((l) => RISK_LEVELS.indexOf(l));
        const expected = present.length ? RISK_LEVELS[Math.max(...present)] : '-';
        expect(highestRisk(levels)).toBe(expected);
        expect(highestRisk([...levels].reverse())).toBe(expected);
      }),
    );
  });
});
