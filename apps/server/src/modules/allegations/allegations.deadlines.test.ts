import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addMonths,
  chileDate,
  deadlinesFor,
  isBusinessDay,
  isOverdue,
  nextDeadline,
} from './allegations.deadlines';

describe('business days in Chile (2026 holidays)', () => {
  it('skips weekends and public holidays', () => {
    expect(isBusinessDay('2026-09-18')).toBe(false); // Independencia, a Friday
    expect(isBusinessDay('2026-09-21')).toBe(true); // the Monday after
    expect(isBusinessDay('2026-12-08')).toBe(false); // Inmaculada Concepción, a Tuesday
    expect(isBusinessDay('2026-11-28')).toBe(false); // a Saturday
    // Thursday 17 Sep + 1 business day: Fri 18 and the weekend are skipped
    expect(addBusinessDays('2026-09-17', 1)).toBe('2026-09-21');
    // Easter: Thursday 2 April + 1 is Monday 6 April (Good Friday and Holy Saturday)
    expect(addBusinessDays('2026-04-02', 1)).toBe('2026-04-06');
  });

  it('counts 30 business days across holidays (Ley Karin)', () => {
    // filed Monday 1 June 2026: June has 21 business days after the 1st less San Pedro y San Pablo (29th)
    // → 20 in June (2-30), then 10 more in July (1-14): the 14th of July
    expect(addBusinessDays('2026-06-01', 30)).toBe('2026-07-14');
    // across Independencia (Fri 18 Sep) and the 12th of October: 20 in September, 10 in October
    expect(addBusinessDays('2026-09-01', 30)).toBe('2026-10-15');
    // a report filed in December ends in January, past Christmas and New Year
    expect(addBusinessDays('2026-12-01', 30)).toBe('2027-01-15');
  });

  it('months end on the last day when the day does not exist', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-03-15', 3)).toBe('2026-06-15');
  });

  it('the due dates of a report and which one is open', () => {
    const d = deadlinesFor('2026-06-01', true);
    expect(d).toEqual({ acknowledgeDue: '2026-06-08', feedbackDue: '2026-09-01', investigationDue: '2026-07-14' });
    expect(deadlinesFor('2026-06-01', false).investigationDue).toBeNull();
    const a = { status: 'received', ...d };
    expect(nextDeadline(a)).toEqual({ deadline: 'acknowledge', due: '2026-06-08' });
    expect(isOverdue(a, '2026-06-08')).toBe(false);
    expect(isOverdue(a, '2026-06-09')).toBe(true);
    expect(nextDeadline({ ...a, status: 'investigating' })).toEqual({ deadline: 'investigation', due: '2026-07-14' });
    expect(nextDeadline({ ...a, status: 'resolved' })).toBeNull();
  });

  it('dates are Chilean calendar dates', () => {
    // 02:00 UTC on 2 June is still 1 June in Santiago (UTC-4)
    expect(chileDate(new Date('2026-06-02T02:00:00Z'))).toBe('2026-06-01');
  });
});
