/**
 * The deadlines of a report (issue 10; ../shared/DOMAIN.md "Whistleblowing channel"): acknowledgement within 7
 * calendar days, feedback within 3 months, and for a Ley Karin complaint (harassment) the investigation closed within
 * 30 business days. Business days are Monday to Friday except Chilean public holidays, which are dated data below
 * (2026, and New Year 2027 so that a report filed in December counts right); dates are Chilean calendar dates.
 */

/** Chilean public holidays (Ley 2.977 and later laws), as the official 2026 calendar dates them. */
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
};

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

export function isBusinessDay(iso: string): boolean {
  const wd = toUtc(iso).getUTCDay();
  return wd !== 0 && wd !== 6 && !(iso in CHILE_HOLIDAYS);
}

/** The date `n` business days after `iso` (the day of filing does not count). */
export function addBusinessDays(iso: string, n: number): string {
  let d = iso;
  let left = n;
  while (left > 0) {
    d = addDays(d, 1);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/** The three due dates of a report filed on `filedOn` (a Chilean date). */
export function deadlinesFor(filedOn: string, leyKarin: boolean, s: DeadlineSettings = DEFAULT_DEADLINES) {
  return {
    acknowledgeDue: addDays(filedOn, s.acknowledgeDays),
    feedbackDue: addMonths(filedOn, s.feedbackMonths),
    investigationDue: leyKarin ? addBusinessDays(filedOn, s.karinBusinessDays) : null,
  };
}

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
