import { describe, expect, it } from 'vitest';
import { lastQuarter, PRESETS, periodFromQuery, periodProblem, presetPeriod } from './period';

/** The date-range presets of spec 000 §2, in whole UTC days (the days the server counts by, decision 33). */
describe('date-range presets', () => {
  const now = new Date('2026-05-15T10:30:00Z');

  it('today, yesterday, this month, this year, last month, from the beginning (and the default last 30 days)', () => {
    expect(presetPeriod('today', now)).toEqual({ from: '2026-05-15', to: '2026-05-15' });
    expect(presetPeriod('yesterday', now)).toEqual({ from: '2026-05-14', to: '2026-05-14' });
    expect(presetPeriod('thisMonth', now)).toEqual({ from: '2026-05-01', to: '2026-05-15' });
    expect(presetPeriod('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-05-15' });
    expect(presetPeriod('lastMonth', now)).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    // "from the beginning" is the longest period the server accepts: ten years up to today
    expect(presetPeriod('beginning', now)).toEqual({ from: '2016-05-16', to: '2026-05-15' });
    expect(presetPeriod('last30', now)).toEqual({ from: '2026-04-16', to: '2026-05-15' });
  });

  it('crosses month and year ends and knows leap years', () => {
    const newYear = new Date('2026-01-01T00:00:00Z');
    expect(presetPeriod('yesterday', newYear)).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(presetPeriod('lastMonth', newYear)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('thisMonth', newYear)).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    const march = new Date('2028-03-10T12:00:00Z');
    expect(presetPeriod('lastMonth', march)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetPeriod('yesterday', new Date('2028-03-01T05:00:00Z'))).toEqual({
      from: '2028-02-29',
      to: '2028-02-29',
    });
  });

  it("is the UTC day, whatever the browser's clock shows (23:30 in Santiago on the 14th is the 15th in UTC)", () => {
    const late = new Date('2026-05-15T03:30:00Z');
    expect(presetPeriod('today', late)).toEqual({ from: '2026-05-15', to: '2026-05-15' });
  });

  it('the last ended quarter (the ROE page opens on it), also across a year end', () => {
    expect(lastQuarter(now)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(lastQuarter(new Date('2026-01-02T12:00:00Z'))).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(lastQuarter(new Date('2026-12-31T23:00:00Z'))).toEqual({ from: '2026-07-01', to: '2026-09-30' });
  });

  it('every preset is a valid period', () => {
    for (const p of PRESETS) expect(periodProblem(presetPeriod(p, now)), p).toBeNull();
  });

  it('a period out of order or without an end is a problem; a link opens a report on its period', () => {
    expect(periodProblem({ from: '2026-05-02', to: '2026-05-01' })).toBe('reports:errors.REPORT_RANGE_INVALID');
    expect(periodProblem({ from: '2026-05-02', to: '' })).toBe('reports:period.required');
    expect(periodFromQuery(new URLSearchParams('from=2026-04-01&to=2026-04-30'))).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
    });
    expect(periodFromQuery(new URLSearchParams('from=2026-04-01'))).toBeNull();
    expect(periodFromQuery(new URLSearchParams('from=01/04/2026&to=2026-04-30'))).toBeNull();
  });
});
