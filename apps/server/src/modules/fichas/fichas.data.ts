import type { Updateable } from 'kysely';
import type { FichasTable } from '../../db/tables/fichas.tables';
import type { Executor } from '../../db/tenant';
import * as repo from './fichas.repo';
import * as reviews from './fichas.reviews.repo';

/*
 * What other modules read and change of the fichas inside their own transaction (relationships, monitoring,
 * ficha-files, ficha-reviews, reports), each under its own name: the fichas repository itself stays inside the
 * module (decision 263). A write names the columns it may change; anything else is a fichas service function.
 */

/** The ficha of the company with this id (undefined when it is not the company's). */
export const readFicha = (db: Executor, companyId: string, id: string) => repo.findFicha(db, companyId, id);

/** The company's fichas with these ids. */
export const readFichas = (db: Executor, companyId: string, ids: string[]) => repo.findFichas(db, companyId, ids);

/** The company's active fichas with one of these documents (of this person type when given). */
export const readActiveFichasByDni = (db: Executor, companyId: string, dnis: string[], personType?: string) =>
  repo.findActiveByDni(db, companyId, dnis, personType);

/** One page of the company's active fichas after `afterId`, in id order (the monitoring sweep). */
export const readActiveFichasPage = (db: Executor, companyId: string, afterId: string | null, limit: number) =>
  repo.activeFichasPage(db, companyId, afterId, limit);

/** Replaces a ficha's attached files (ficha-files): the list and who changed it. */
export const updateFichaFiles = (
  db: Executor,
  companyId: string,
  id: string,
  patch: Pick<Updateable<FichasTable>, 'files' | 'updatedBy'>,
) => repo.updateFicha(db, companyId, id, { files: patch.files, updatedBy: patch.updatedBy });

/** Replaces a ficha's list matches after a list changed (monitoring). */
export const updateFichaListas = (
  db: Executor,
  companyId: string,
  id: string,
  patch: Pick<Updateable<FichasTable>, 'listas' | 'listasTotal'>,
) => repo.updateFicha(db, companyId, id, { listas: patch.listas, listasTotal: patch.listasTotal });

/** The companies with fichas whose review is overdue (the review reminder job). */
export const companiesWithOverdueReviews = (...args: Parameters<typeof reviews.companiesWithOverdue>) =>
  reviews.companiesWithOverdue(...args);

/** The company's fichas whose review is overdue, the first `limit` and the count. */
export const overdueReviewFichas = (...args: Parameters<typeof reviews.overdueFichas>) =>
  reviews.overdueFichas(...args);

/** How many of the company's fichas are due, overdue and reviewed (the dashboard). */
export const reviewCountsOf = (...args: Parameters<typeof reviews.reviewCounts>) => reviews.reviewCounts(...args);

/** Records a ficha's review: when, the outcome and the next review day (ficha-reviews). */
export const markReviewed = (...args: Parameters<typeof reviews.setReviewed>) => reviews.setReviewed(...args);
