import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp } from '../schema';

/** One periodic review of a ficha (migration 0570): what was checked, its outcome, who and when, what it scheduled. */
export interface FichaReviewsTable {
  id: Generated<string>;
  companyId: string;
  fichaId: string;
  checked: string;
  outcome: 'noChanges' | 'informationUpdated' | 'riskChanged' | 'relationshipEnded';
  /** the ficha's risk when it was reviewed (its period set the next review) */
  risk: 'low' | 'medium' | 'high' | null;
  /** midnight UTC of the next review day it set; null: none (no risk, or the relationship ended) */
  nextReviewAt: NullableTimestamp;
  reviewedBy: string | null;
  reviewedAt: Generated<Date>;
}

export interface FichaReviewsTables {
  fichaReviews: FichaReviewsTable;
}

export type FichaReviewRow = Selectable<FichaReviewsTable>;
