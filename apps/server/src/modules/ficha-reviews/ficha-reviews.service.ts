import type { ReviewCreateBody, ReviewView } from '@regcheck/shared';
import type { z } from 'zod';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as fichas from '../fichas';
import { fichaError } from '../fichas';
import * as repo from './ficha-reviews.repo';

/*
 * The periodic review of a customer (issue 24, point 4; decisions 120 to 122): a user who may edit the ficha records
 * what was checked and the outcome; the server adds who and when, stores the ficha's last review and its next review
 * day (its risk's period after this review; none when the relationship ended), and audits it, all in one transaction.
 */

type Review = z.infer<typeof ReviewView>;

/** Most reviews a ficha's history answers (one a year for decades). */
const MAX_REVIEWS = 500;

function view(r: Awaited<ReturnType<typeof repo.listReviews>>[number]): Review {
  return {
    id: r.id,
    fichaId: r.fichaId,
    checked: r.checked,
    outcome: r.outcome,
    reviewedAt: new Date(r.reviewedAt).toISOString(),
    reviewedBy: r.reviewedBy,
    reviewedByName: r.reviewedByName ?? null,
    risk: r.risk,
    nextReviewAt: fichas.reviewDay(r.nextReviewAt),
  };
}

/** The caller's company's ficha, or 404 FICHA_NOT_FOUND (another company's answers the same). */
async function fichaOf(trx: Executor, caller: TenantCaller, fichaId: string) {
  const ficha = await fichas.readFicha(trx, caller.companyId, fichaId);
  if (!ficha) throw fichaError('FICHA_NOT_FOUND');
  return ficha;
}

/**
 * POST /fichas-clientes/{id}/reviews: records a review of an active ficha (a ficha in the trash answers 409
 * FICHA_REVIEW_INACTIVE; one whose enhanced due diligence is required and open, 409 FICHA_EDD_OPEN) with the caller and the server's time, sets the ficha's last review and next review day,
 * and writes the audit row `ficha.reviewed` (before: the last review and next day; after: the review), together.
 */
export async function record(
  deps: AppDeps,
  caller: TenantCaller,
  fichaId: string,
  body: z.infer<typeof ReviewCreateBody>,
): Promise<Review> {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const ficha = await fichaOf(trx, caller, fichaId);
    if (ficha.status !== 'active') throw fichaError('FICHA_REVIEW_INACTIVE');
    // a required enhanced due diligence still open blocks the review (decision 142)
    await fichas.assertNoOpenEdd(trx, caller, fichaId);
    const reviewedAt = new Date();
    const periods = await fichas.reviewPeriodsIn(trx, caller.companyId);
    const next = fichas.nextReviewAt(
      { createdAt: ficha.createdAt, lastReviewedAt: reviewedAt, lastReviewOutcome: body.outcome },
      ficha.risk,
      periods,
    );
    const { id } = await repo.insertReview(trx, {
      companyId: caller.companyId,
      fichaId,
      checked: body.checked,
      outcome: body.outcome,
      risk: ficha.risk,
      nextReviewAt: next,
      reviewedBy: caller.auth.userId,
      reviewedAt,
    });
    await fichas.markReviewed(trx, caller.companyId, fichaId, {
      reviewedAt,
      outcome: body.outcome,
      nextReviewAt: next,
    });
    await audit(trx, caller, {
      action: 'ficha.reviewed',
      entity: 'ficha',
      id: fichaId,
      before: {
        lastReviewedAt: ficha.lastReviewedAt ? new Date(ficha.lastReviewedAt).toISOString() : null,
        lastReviewOutcome: ficha.lastReviewOutcome,
        nextReviewAt: fichas.reviewDay(ficha.nextReviewAt),
      },
      after: {
        reviewId: id,
        checked: body.checked,
        outcome: body.outcome,
        risk: ficha.risk,
        lastReviewedAt: reviewedAt.toISOString(),
        nextReviewAt: fichas.reviewDay(next),
      },
    });
    const [row] = await repo.listReviews(trx, caller.companyId, fichaId, 1, id);
    if (!row) throw fichaError('FICHA_NOT_FOUND');
    return view(row);
  });
}

/** GET /fichas-clientes/{id}/reviews: the ficha's reviews, newest first (a ficha in the trash keeps its own). */
export async function list(deps: AppDeps, caller: TenantCaller, fichaId: string): Promise<Review[]> {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    await fichaOf(trx, caller, fichaId);
    return (await repo.listReviews(trx, caller.companyId, fichaId, MAX_REVIEWS)).map(view);
  });
}
