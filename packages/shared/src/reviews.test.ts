import { describe, expect, it } from 'vitest';
import { addYears, isoWeek, nextReviewDay, reviewPeriodsOf, reviewStateOf, reviewWindow } from './reviews';

describe('the periodic review rule', () => {
  it('counts whole years from the last review, else from the creation, by risk and company periods', () => {
    const periods = reviewPeriodsOf({});
    expect(periods).toEqual({ high: 1, medium: 2, low: 3 });
    const created = '2025-03-10T15:00:00.000Z';
    expect(nextReviewDay({ risk: 'high', createdAt: created, lastReviewedAt: null }, null, periods)).toBe('2026-03-10');
    expect(nextReviewDay({ risk: 'medium', createdAt: created, lastReviewedAt: null }, null, periods)).toBe(
      '2027-03-10',
    );
    expect(nextReviewDay({ risk: 'low', createdAt: created, lastReviewedAt: null }, null, periods)).toBe('2028-03-10');
    const reviewed = { risk: 'low' as const, createdAt: created, lastReviewedAt: '2026-01-05T09:00:00.000Z' };
    expect(nextReviewDay(reviewed, 'noChanges', reviewPeriodsOf({ reviewYearsLow: 5 }))).toBe('2031-01-05');
    expect(nextReviewDay(reviewed, 'relationshipEnded', periods)).toBeNull();
    expect(nextReviewDay({ risk: null, createdAt: created, lastReviewedAt: null }, null, periods)).toBeNull();
  });

  it('ignores a stored period that is not a whole number of years from 1 to 10', () => {
    expect(reviewPeriodsOf({ reviewYearsHigh: 0, reviewYearsMedium: 2.5, reviewYearsLow: '4' })).toEqual({
      high: 1,
      medium: 2,
      low: 3,
    });
    expect(reviewPeriodsOf({ reviewYearsHigh: 10 }).high).toBe(10);
  });

  it('adds years as PostgreSQL does: 29 February to 28 February of a common year', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2025-12-31', 3)).toBe('2028-12-31');
  });

  it('tells overdue, due this month, up to date and not scheduled by UTC days', () => {
    const now = new Date('2026-11-29T23:30:00.000Z');
    expect(reviewWindow(now)).toEqual({ today: '2026-11-29', monthEnd: '2026-11-30' });
    expect(reviewStateOf('2026-11-28', now)).toBe('overdue');
    expect(reviewStateOf('2026-11-29', now)).toBe('dueThisMonth');
    expect(reviewStateOf('2026-11-30', now)).toBe('dueThisMonth');
    expect(reviewStateOf('2026-12-01', now)).toBe('upToDate');
    expect(reviewStateOf(null, now)).toBe('notScheduled');
  });

  it('names the ISO week of a day (the weekly notification is keyed by it)', () => {
    expect(isoWeek(new Date('2026-11-29T12:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2026-11-30T00:10:00Z'))).toBe('2026-W49');
    expect(isoWeek(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53');
  });
});
