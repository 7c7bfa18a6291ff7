import { describe, expect, it } from 'vitest';
import { dueDiligenceLines } from './due-diligence';

const base = { pending: null, rateDate: '2026-03-12', perUsd: 900, source: 'BCCh dólar observado' };

describe('the due diligence lines of an operation', () => {
  it('names each rule with its threshold, and the amount in USD at the day’s rate, formatted', () => {
    const out = dueDiligenceLines(
      {
        ...base,
        required: true,
        amountUsd: 18_400,
        rules: [
          { rule: 'fatfR10Occasional', thresholdUsd: 15_000 },
          { rule: 'cl59Occasional', thresholdUsd: 1_000 },
        ],
      },
      'CLP',
    );
    expect(out).toEqual({
      state: 'required',
      lines: [
        { key: 'dueDiligence.rules.fatfR10Occasional', params: { threshold: '15.000' } },
        { key: 'dueDiligence.rules.cl59Occasional', params: { threshold: '1.000' } },
      ],
      value: {
        key: 'dueDiligence.valueAtRate',
        params: { amount: '18.400', date: '12/03/2026', perUsd: '900', divisa: 'CLP' },
      },
    });
  });

  it('an operation in dollars names no rate', () => {
    const out = dueDiligenceLines(
      { ...base, required: true, amountUsd: 1_500.5, rules: [{ rule: 'cl59Wire', thresholdUsd: 1_000 }] },
      'USD',
    );
    expect(out?.value).toEqual({ key: 'dueDiligence.valueUsd', params: { amount: '1.500,5' } });
  });

  it('says the day without a rate while pending; says nothing when not required or not evaluated', () => {
    const pending = dueDiligenceLines(
      { ...base, required: false, pending: '2019-06-10', amountUsd: null, rateDate: null, perUsd: null, rules: [] },
      'CLP',
    );
    expect(pending).toEqual({
      state: 'pending',
      lines: [{ key: 'dueDiligence.pending', params: { date: '10/06/2019' } }],
      value: null,
    });
    expect(dueDiligenceLines({ ...base, required: false, amountUsd: 900, rules: [] }, 'CLP')).toBeNull();
    expect(dueDiligenceLines(null, 'CLP')).toBeNull();
  });
});
