/**
 * The periodic review of customers (issue 24, point 4; ../shared/DOMAIN.md "Due diligence thresholds"): a ficha is
 * reviewed again after a number of whole years that depends on its risk (high 1, medium 2, low 3 by default; each a
 * company setting of 1 to 10 years). The next review is counted from the last review, or from the ficha's creation
 * when it was never reviewed; a review whose outcome is "relationship ended" schedules none. Pure: the server stores
 * the date this module computes (fichas.next_review_at) and the screens and the dashboard read it.
 */

export type ReviewRisk = 'low' | 'medium' | 'high';

/** Years between two reviews, by risk. */
export interface ReviewPeriods {
  high: number;
  medium: number;
  low: number;
}

/** DOMAIN.md: high every 1 year, medium every 2, low every 3. */
export const DEFAULT_REVIEW_PERIODS: Readonly<ReviewPeriods> = { high: 1, medium: 2, low: 3 };
export const REVIEW_YEARS_MIN = 1;
export const REVIEW_YEARS_MAX = 10;
/** What a reviewer writes about what was checked: 10 to 4000 characters once trimmed (ReviewCreateBody, the form). */
export const REVIEW_CHECKED_MIN = 10;
export const REVIEW_CHECKED_MAX = 4000;

/** The company settings that hold the periods (PATCH /companies/{id}/business-rules). */
export const REVIEW_PERIOD_SETTINGS = {
  high: 'reviewYearsHigh',
  medium: 'reviewYearsMedium',
  low: 'reviewYearsLow',
} as const satisfies Record<ReviewRisk, string>;

/**
 * What a review concluded (decision 120): nothing changed; the customer's information was updated; the risk changed
 * (the reviewer changes it on the ficha: its data or the risk overwrite); the relationship ended (no next review).
 */
export const REVIEW_OUTCOMES = ['noChanges', 'informationUpdated', 'riskChanged', 'relationshipEnded'] as const;
export type ReviewOutcomeT = (typeof REVIEW_OUTCOMES)[number];

/**
 * Where a ficha stands (as of a UTC day, decision 92): overdue (its date has passed), due this month (from today to
 * the month's last day), up to date (after this month), or not scheduled (no risk yet, or the relationship ended).
 */
export const REVIEW_STATES = ['overdue', 'dueThisMonth', 'upToDate', 'notScheduled'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

const isYears = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= REVIEW_YEARS_MIN && v <= REVIEW_YEARS_MAX;

/** The company's periods (settings.reviewYearsHigh, …Medium, …Low), the defaults where it set none. */
export function reviewPeriodsOf(settings: unknown): ReviewPeriods {
  const s = (settings && typeof settings === 'object' ? settings : {}) as Record<string, unknown>;
  const pick = (risk: ReviewRisk) => {
    const v = s[REVIEW_PERIOD_SETTINGS[risk]];
    return isYears(v) ? v : DEFAULT_REVIEW_PERIODS[risk];
  };
  return { high: pick('high'), medium: pick('medium'), low: pick('low') };
}

/** A UTC calendar day 'YYYY-MM-DD' of an instant. */
export function utcDay(d: Date | string): string {
  return new Date(d).toISOString().slice(0, 10);
}

/**
 * `years` whole years after a UTC day, as PostgreSQL adds an interval of years (migration 0570 computes the same):
 * 29 February goes to 28 February of a common year.
 */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return new Date(Date.UTC(y + years, m - 1, Math.min(d, lastOfMonth))).toISOString().slice(0, 10);
}

/**
 * The next review day of a ficha: its risk's period after its last review (or its creation when never reviewed);
 * null without a risk or when its last review ended the relationship.
 */
export function nextReviewDay(
  f: { risk: ReviewRisk | null; createdAt: Date | string; lastReviewedAt: Date | string | null },
  lastOutcome: ReviewOutcomeT | string | null,
  periods: ReviewPeriods,
): string | null {
  if (!f.risk || lastOutcome === 'relationshipEnded') return null;
  return addYears(utcDay(f.lastReviewedAt ?? f.createdAt), periods[f.risk]);
}

/** Today (UTC) and the last day of its month: the bounds of the review states. */
export function reviewWindow(now: Date = new Date()): { today: string; monthEnd: string } {
  const today = utcDay(now);
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  return { today, monthEnd };
}

/** The review state of a next review day (`null`: not scheduled) as of `now`. */
export function reviewStateOf(nextReview: string | null, now: Date = new Date()): ReviewState {
  if (!nextReview) return 'notScheduled';
  const { today, monthEnd } = reviewWindow(now);
  if (nextReview < today) return 'overdue';
  if (nextReview <= monthEnd) return 'dueThisMonth';
  return 'upToDate';
}

/** The ISO week of a UTC day ('2026-W48'): the weekly overdue notification is written once per company and week. */
export function isoWeek(now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((d.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
