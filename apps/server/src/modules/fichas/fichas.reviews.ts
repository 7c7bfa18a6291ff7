import { nextReviewDay, type ReviewPeriods, type ReviewRisk, reviewPeriodsOf, utcDay } from '@regcheck/shared';
import type { FichaRow } from '../../db/tables/fichas.tables';
import { type Executor, withTenant } from '../../db/tenant';
import type { AppDeps } from '../../plugins/context';
import { companySettingsOf } from './fichas.relations.repo';
import * as reviews from './fichas.reviews.repo';

/*
 * The next review of a ficha (issue 24, point 4; decision 120): its risk's period (company settings, defaults 1, 2
 * and 3 years) after its last review, or after its creation when never reviewed. The rating stores it with every
 * risk it stores (fichas.rating.service.ts), a review stores it (ficha-reviews module), and a change of the periods
 * schedules the company's fichas again (the job below, queued by the business rules).
 */

/**
 * The job that schedules a company's fichas again after its review periods changed: registered here, queued by the
 * companies module (`enqueueReviewReschedule`, which holds its name: companies sits below fichas in the imports).
 */
export { RESCHEDULE_REVIEWS_JOB } from '../companies';

/** The company's review periods by risk (1, 2 and 3 years unless its settings say otherwise). */
export async function reviewPeriodsIn(db: Executor, companyId: string): Promise<ReviewPeriods> {
  const settings = await companySettingsOf(db, companyId);
  return reviewPeriodsOf(typeof settings === 'string' ? JSON.parse(settings) : settings);
}

/** A stored next review (midnight UTC) as its day 'YYYY-MM-DD'; null for none. */
export const reviewDay = (d: Date | string | null | undefined) => (d == null ? null : utcDay(d));

/** The instant a next review day is stored as (midnight UTC). */
export const reviewInstant = (day: string | null) => (day ? new Date(`${day}T00:00:00.000Z`) : null);

/** The next review a ficha gets with this risk (its last review and creation as stored). */
export function nextReviewAt(
  row: Pick<FichaRow, 'createdAt' | 'lastReviewedAt' | 'lastReviewOutcome'>,
  risk: ReviewRisk | null,
  periods: ReviewPeriods,
): Date | null {
  return reviewInstant(
    nextReviewDay(
      { risk, createdAt: row.createdAt, lastReviewedAt: row.lastReviewedAt },
      row.lastReviewOutcome,
      periods,
    ),
  );
}

/** Job: every ficha of the company scheduled again with its current periods. Idempotent. */
export async function rescheduleReviews(deps: AppDeps, companyId: string) {
  const { changed, periods } = await withTenant(deps.db, companyId, async (trx) => {
    const p = await reviewPeriodsIn(trx, companyId);
    return { changed: await reviews.rescheduleCompany(trx, companyId, p), periods: p };
  });
  deps.log.info({ companyId, changed, periods }, 'fichas scheduled again for review');
  return changed;
}
