import type { Insertable } from 'kysely';
import type { FichaReviewsTable } from '../../db/tables/ficha-reviews.tables';
import type { Executor } from '../../db/tenant';

export function insertReview(db: Executor, row: Insertable<FichaReviewsTable>) {
  return db.insertInto('fichaReviews').values(row).returning('id').executeTakeFirstOrThrow();
}

/** The reviews of a ficha, newest first, with the reviewer's name (at most `limit`); one when `id` is given. */
export function listReviews(db: Executor, companyId: string, fichaId: string, limit: number, id?: string) {
  let q = db
    .selectFrom('fichaReviews')
    .leftJoin('users', 'users.id', 'fichaReviews.reviewedBy')
    .select([
      'fichaReviews.id',
      'fichaReviews.fichaId',
      'fichaReviews.checked',
      'fichaReviews.outcome',
      'fichaReviews.risk',
      'fichaReviews.nextReviewAt',
      'fichaReviews.reviewedBy',
      'fichaReviews.reviewedAt',
      'users.name as reviewedByName',
    ])
    .where('fichaReviews.companyId', '=', companyId)
    .where('fichaReviews.fichaId', '=', fichaId);
  if (id) q = q.where('fichaReviews.id', '=', id);
  return q.orderBy('fichaReviews.reviewedAt', 'desc').orderBy('fichaReviews.id', 'desc').limit(limit).execute();
}
