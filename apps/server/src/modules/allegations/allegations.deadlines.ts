/**
 * The deadlines of a report (issue 10; ../shared/DOMAIN.md "Whistleblowing channel"): acknowledgement within 7
 * calendar days, feedback within 3 months, and for a Ley Karin complaint (harassment) the investigation closed within
 * 30 business days. Business days are Monday to Friday except Chilean public holidays, which are dated data below
 * (2026 and 2027, and New Year 2028 so that a report filed in December counts right); dates are Chilean calendar
 * dates.
 *
 * Past the data (a date after HOLIDAYS_KNOWN_THROUGH) the calendar is the conservative one: Monday to Friday with no
 * holiday at all, so a due date can only come earlier than the law's, never later; and whoever computes it is told
 * (`onMissingYear`, which the server turns into an error in its log naming the year) so that the year is added here.
 */

import {
  addBusinessDays as addChileOrBrazilBusinessDays,
  holidaysKnownIn,
  isBusinessDayIn,
  knownYears,
  localDate,
  type MissingHolidayYear,
} from '../../lib/business-days';

/** Chile's holidays and business days are dated in lib/business-days.ts, with Brazil's (one function for both). */
export { CHILE_HOLIDAYS, type MissingHolidayYear } from '../../lib/business-days';

/** The first and the last year whose holidays are all in CHILE_HOLIDAYS. */
export const { from: HOLIDAYS_KNOWN_FROM, through: HOLIDAYS_KNOWN_THROUGH } = knownYears('CL');

/** Whether the holidays of the year of `iso` are known (New Year of the following year is there too). */
export const holidaysKnown = (iso: string): boolean => holidaysKnownIn('CL', iso);

export interface DeadlineSettings {
  acknowledgeDays: number;
  feedbackMonths: number;
  karinBusinessDays: number;
}

export const DEFAULT_DEADLINES: DeadlineSettings = { acknowledgeDays: 7, feedbackMonths: 3, karinBusinessDays: 30 };

/** The calendar date (YYYY-MM-DD) of an instant in Chile. */
export const chileDate = (at: Date): string => localDate('CL', at);

const toUtc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  const d = toUtc(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** Adds calendar months; a day the month lacks becomes its last day (31 Nov → 30 Nov). */
export function addMonths(iso: string, months: number): string {
  const d = toUtc(iso);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return toIso(d);
}

/** Monday to Friday and not a Chilean holiday; a day of a year without holiday data counts as a business day. */
export const isBusinessDay = (iso: string): boolean => isBusinessDayIn('CL', iso);

/** The date `n` Chilean business days after `iso` (the day of filing does not count): lib/business-days.ts. */
export const addBusinessDays = (iso: string, n: number, onMissingYear?: MissingHolidayYear): string =>
  addChileOrBrazilBusinessDays(iso, n, 'CL', onMissingYear);

/** The three due dates of a report filed on `filedOn` (a Chilean date). */
export function deadlinesFor(
  filedOn: string,
  leyKarin: boolean,
  s: DeadlineSettings = DEFAULT_DEADLINES,
  onMissingYear?: MissingHolidayYear,
) {
  return {
    acknowledgeDue: addDays(filedOn, s.acknowledgeDays),
    feedbackDue: addMonths(filedOn, s.feedbackMonths),
    investigationDue: leyKarin ? addBusinessDays(filedOn, s.karinBusinessDays, onMissingYear) : null,
  };
}

/** What the server logs when a Ley Karin deadline is counted past the holiday data (an error: someone must act). */
export const MISSING_HOLIDAYS_LOG =
  'no Chilean public holidays are dated for this year: the Ley Karin deadline counts Monday to Friday only (the earliest possible date); add the year to CHILE_HOLIDAYS in allegations.deadlines.ts';

export interface DueDates {
  status: string;
  acknowledgeDue: string;
  feedbackDue: string;
  investigationDue: string | null;
}

const CLOSED = new Set(['resolved', 'dismissed']);

/** The next deadline still open for a report, or null once it is closed. */
export function nextDeadline(
  a: DueDates,
): { deadline: 'acknowledge' | 'feedback' | 'investigation'; due: string } | null {
  if (CLOSED.has(a.status)) return null;
  if (a.status === 'received') return { deadline: 'acknowledge', due: a.acknowledgeDue };
  if (a.investigationDue && a.investigationDue < a.feedbackDue)
    return { deadline: 'investigation', due: a.investigationDue };
  return { deadline: 'feedback', due: a.feedbackDue };
}

/** Whether the open deadline of a report has passed on `today` (a Chilean date). */
export function isOverdue(a: DueDates, today: string): boolean {
  const next = nextDeadline(a);
  return next !== null && next.due < today;
}
