import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addMonths,
  chileDate,
  deadlinesFor,
  holidaysKnown,
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

describe('business days in Chile (2027 holidays, and past the data)', () => {
  it('dates the 2027 holidays, the moved ones on their Monday', () => {
    expect(isBusinessDay('2027-03-26')).toBe(false); // Good Friday (Easter is 28 March 2027)
    expect(isBusinessDay('2027-06-28')).toBe(false); // San Pedro y San Pablo, moved from Tuesday 29 June
    expect(isBusinessDay('2027-06-29')).toBe(true);
    expect(isBusinessDay('2027-10-11')).toBe(false); // Encuentro de Dos Mundos, moved from Tuesday 12 October
    expect(isBusinessDay('2027-10-12')).toBe(true);
    expect(isBusinessDay('2027-12-08')).toBe(false); // Inmaculada Concepción, a Wednesday
    expect(holidaysKnown('2027-12-31')).toBe(true);
    expect(holidaysKnown('2028-01-01')).toBe(true);
    expect(holidaysKnown('2028-01-03')).toBe(false);
  });

  it('counts 30 business days across the 2027 holidays without a warning', () => {
    const missing: number[] = [];
    // filed Tuesday 1 June 2027: 21 weekdays from 2 to 30 June less Monday 21 (pueblos indígenas) and Monday 28
    // (San Pedro y San Pablo) = 19, then 11 in July: Thursday 15 (the Virgen del Carmen, Friday 16, comes later)
    expect(addBusinessDays('2027-06-01', 30, (y) => missing.push(y))).toBe('2027-07-15');
    // filed Monday 20 September 2027: 8 in September (21-30), 20 in October (21 weekdays less Monday 11),
    // Monday 1 November is Todos los Santos: Tuesday 2 and Wednesday 3 November
    expect(addBusinessDays('2027-09-20', 30, (y) => missing.push(y))).toBe('2027-11-03');
    expect(missing).toEqual([]);
  });

  it('past the data it counts Monday to Friday only (the earliest date) and says which year is missing', () => {
    const missing: number[] = [];
    // filed Wednesday 15 December 2027: 12 business days left in 2027 (16-31; Christmas is a Saturday),
    // 18 more in 2028 counted without holidays: weekdays from Monday 3 January → Wednesday 26 January
    const due = addBusinessDays('2027-12-15', 30, (y) => missing.push(y));
    expect(due).toBe('2028-01-26');
    expect(missing).toEqual([2028]);
    // the same count through deadlinesFor; a report that is not Ley Karin counts no business day and warns of nothing
    const warned: number[] = [];
    expect(deadlinesFor('2027-12-15', true, undefined, (y) => warned.push(y)).investigationDue).toBe('2028-01-26');
    expect(warned).toEqual([2028]);
    deadlinesFor('2029-03-01', false, undefined, (y) => warned.push(y));
    expect(warned).toEqual([2028]);
  });
});
