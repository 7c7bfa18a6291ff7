import { nonOccurrenceReminder } from '@regcheck/shared';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, BRAZIL_HOLIDAYS, isBusinessDayIn, localDate, previousBusinessDay } from './business-days';

/* One business-day function for Chile and Brazil, each with its own holidays as dated data (decision 149). */

describe('Brazilian business days (COAF deadline: the next business day)', () => {
  it('a Friday’s next business day is Monday; Carnival Monday and Tuesday, Good Friday, Corpus Christi and the fixed national holidays are skipped', () => {
    expect(addBusinessDays('2026-03-06', 1, 'BR')).toBe('2026-03-09');
    expect(addBusinessDays('2026-02-13', 1, 'BR')).toBe('2026-02-18');
    expect(addBusinessDays('2027-02-05', 1, 'BR')).toBe('2027-02-10');
    expect(addBusinessDays('2025-03-01', 1, 'BR')).toBe('2025-03-05');
    expect(addBusinessDays('2026-04-02', 1, 'BR')).toBe('2026-04-06');
    expect(addBusinessDays('2026-06-03', 1, 'BR')).toBe('2026-06-05');
    expect(addBusinessDays('2027-05-26', 1, 'BR')).toBe('2027-05-28');
    // 20 November (Lei 14.759/2023) is a Friday in 2026; 21 April a Tuesday
    expect(addBusinessDays('2026-11-19', 1, 'BR')).toBe('2026-11-23');
    expect(addBusinessDays('2026-04-20', 1, 'BR')).toBe('2026-04-22');
    expect(addBusinessDays('2026-12-24', 1, 'BR')).toBe('2026-12-28');
    expect(addBusinessDays('2027-12-31', 1, 'BR')).toBe('2028-01-03');
  });

  it('Brazil’s holidays are not Chile’s: 21 May is a business day in Brazil, 7 September in Chile', () => {
    expect(isBusinessDayIn('BR', '2026-05-21')).toBe(true);
    expect(isBusinessDayIn('CL', '2026-05-21')).toBe(false);
    expect(isBusinessDayIn('BR', '2026-09-07')).toBe(false);
    expect(isBusinessDayIn('CL', '2026-09-07')).toBe(true);
  });

  it('dates every year 2025 to 2027 with its 13 national days (9 fixed, Carnival ×2, Good Friday, Corpus Christi)', () => {
    for (const year of ['2025', '2026', '2027'])
      expect(Object.keys(BRAZIL_HOLIDAYS).filter((d) => d.startsWith(year))).toHaveLength(13);
  });

  it('past the data counts weekdays only and names the year', () => {
    const missing: number[] = [];
    expect(addBusinessDays('2029-03-02', 1, 'BR', (y) => missing.push(y))).toBe('2029-03-05');
    expect(missing).toEqual([2029]);
  });

  it('the previous business day (the late cut-off) skips weekends and holidays', () => {
    expect(previousBusinessDay('2026-02-18', 'BR')).toBe('2026-02-13');
    expect(previousBusinessDay('2026-03-09', 'BR')).toBe('2026-03-06');
  });

  it('Brasília’s date of an instant', () => {
    expect(localDate('BR', new Date('2026-03-10T02:30:00Z'))).toBe('2026-03-09');
  });
});

describe('the yearly comunicação de não ocorrência', () => {
  it('is reminded through January for the year that ended, due 31 January', () => {
    expect(nonOccurrenceReminder('2027-01-05')).toEqual({ year: 2026, due: '2027-01-31' });
    expect(nonOccurrenceReminder('2027-01-31')).toEqual({ year: 2026, due: '2027-01-31' });
    expect(nonOccurrenceReminder('2027-02-01')).toBeNull();
    expect(nonOccurrenceReminder('2026-12-15')).toBeNull();
  });
});
