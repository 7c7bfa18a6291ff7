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

/**
 * Chilean public holidays (Ley 2.977 and later laws: Ley 19.668 moves 29 June and 12 October to a Monday, Ley 20.299
 * moves 31 October to a Friday, Ley 21.357 dates the indigenous peoples' day on the winter solstice). 2027 is dated
 * by those rules: Easter is 28 March, 29 June (a Tuesday) moves to Monday 28 June, 12 October (a Tuesday) to Monday
 * 11 October; 17 September 2027 (a Friday) is not a holiday by the laws in force (only a Monday 17 or a Friday 20
 * is), so it is left out, which can only bring a due date earlier. Special laws for a single year (an election, a
 * bridge day) are added here when they are published.
 */
export const CHILE_HOLIDAYS: Readonly<Record<string, string>> = {
  '2026-01-01': 'Año Nuevo',
  '2026-04-03': 'Viernes Santo',
  '2026-04-04': 'Sábado Santo',
  '2026-05-01': 'Día Nacional del Trabajo',
  '2026-05-21': 'Día de las Glorias Navales',
  '2026-06-21': 'Día Nacional de los Pueblos Indígenas',
  '2026-06-29': 'San Pedro y San Pablo',
  '2026-07-16': 'Día de la Virgen del Carmen',
  '2026-08-15': 'Asunción de la Virgen',
  '2026-09-18': 'Independencia Nacional',
  '2026-09-19': 'Día de las Glorias del Ejército',
  '2026-10-12': 'Encuentro de Dos Mundos',
  '2026-10-31': 'Día de las Iglesias Evangélicas y Protestantes',
  '2026-11-01': 'Día de Todos los Santos',
  '2026-12-08': 'Inmaculada Concepción',
  '2026-12-25': 'Navidad',
  '2027-01-01': 'Año Nuevo',
  '2027-03-26': 'Viernes Santo',
  '2027-03-27': 'Sábado Santo',
  '2027-05-01': 'Día Nacional del Trabajo',
  '2027-05-21': 'Día de las Glorias Navales',
  '2027-06-21': 'Día Nacional de los Pueblos Indígenas',
  '2027-06-28': 'San Pedro y San Pablo',
  '2027-07-16': 'Día de la Virgen del Carmen',
  '2027-08-15': 'Asunción de la Virgen',
  '2027-09-18': 'Independencia Nacional',
  '2027-09-19': 'Día de las Glorias del Ejército',
  '2027-10-11': 'Encuentro de Dos Mundos',
  '2027-10-31': 'Día de las Iglesias Evangélicas y Protestantes',
  '2027-11-01': 'Día de Todos los Santos',
  '2027-12-08': 'Inmaculada Concepción',
  '2027-12-25': 'Navidad',
  '2028-01-01': 'Año Nuevo',
};

/** The first and the last year whose holidays are all in CHILE_HOLIDAYS. */
export const HOLIDAYS_KNOWN_FROM = 2026;
export const HOLIDAYS_KNOWN_THROUGH = 2027;

/** Whether the holidays of the year of `iso` are known (New Year of the following year is there too). */
export function holidaysKnown(iso: string): boolean {
  const year = Number(iso.slice(0, 4));
  return (
    (year >= HOLIDAYS_KNOWN_FROM && year <= HOLIDAYS_KNOWN_THROUGH) || iso === `${HOLIDAYS_KNOWN_THROUGH + 1}-01-01`
  );
}

/** Called once per year a business-day count crossed without holiday data. */
export type MissingHolidayYear = (year: number) => void;

export interface DeadlineSettings {
  acknowledgeDays: number;
  feedbackMonths: number;
  karinBusinessDays: number;
}

export const DEFAULT_DEADLINES: DeadlineSettings = { acknowledgeDays: 7, feedbackMonths: 3, karinBusinessDays: 30 };

/** The calendar date (YYYY-MM-DD) of an instant in Chile. */
export function chileDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Santiago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

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

/** Monday to Friday and not a holiday; a day of a year without holiday data counts as a business day. */
export function isBusinessDay(iso: string): boolean {
  const wd = toUtc(iso).getUTCDay();
  return wd !== 0 && wd !== 6 && !(iso in CHILE_HOLIDAYS);
}

/**
 * The date `n` business days after `iso` (the day of filing does not count). A stretch past the holiday data counts
 * weekdays only (the earliest possible date) and reports each such year to `onMissingYear`.
 */
export function addBusinessDays(iso: string, n: number, onMissingYear?: MissingHolidayYear): string {
  let d = iso;
  let left = n;
  const missing = new Set<number>();
  while (left > 0) {
    d = addDays(d, 1);
    if (!holidaysKnown(d)) missing.add(Number(d.slice(0, 4)));
    if (isBusinessDay(d)) left--;
  }
  for (const year of missing) onMissingYear?.(year);
  return d;
}

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
