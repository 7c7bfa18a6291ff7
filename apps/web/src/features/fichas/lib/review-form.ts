import {
  REVIEW_CHECKED_MAX,
  REVIEW_CHECKED_MIN,
  REVIEW_OUTCOMES,
  type ReviewOutcomeT,
  type ReviewState,
} from '@regcheck/shared/reviews';

/** The record-review form as its inputs hold it. */
export interface ReviewForm {
  checked: string;
  outcome: ReviewOutcomeT | null;
}

export const EMPTY_REVIEW: ReviewForm = { checked: '', outcome: null };

export type ReviewField = keyof ReviewForm;

/** The i18n key of each field's problem, checked before sending (the server checks the same and names the field). */
export function validateReview(f: ReviewForm): Partial<Record<ReviewField, string>> {
  const out: Partial<Record<ReviewField, string>> = {};
  const checked = f.checked.trim();
  // the server's ReviewCreateBody bounds
  if (checked.length < REVIEW_CHECKED_MIN || checked.length > REVIEW_CHECKED_MAX)
    out.checked = 'fichas:reviews.errors.checked';
  if (!f.outcome || !(REVIEW_OUTCOMES as readonly string[]).includes(f.outcome))
    out.outcome = 'fichas:reviews.form.outcomeRequired';
  return out;
}

export function toReviewPayload(f: ReviewForm) {
  return { checked: f.checked.trim(), outcome: f.outcome as ReviewOutcomeT };
}

/** The field a server error names ('checked', 'body.outcome'...), when it is one of the form's. */
export function reviewFieldOf(field: string | undefined): ReviewField | undefined {
  const name = field?.replace(/^body\./, '');
  return name === 'checked' || name === 'outcome' ? name : undefined;
}

/** How the next review reads: its colour and words by state (overdue in red, due this month in orange). */
export function reviewTone(state: ReviewState): { color: string | undefined; badge: string | null } {
  switch (state) {
    case 'overdue':
      return { color: 'red.9', badge: 'red' };
    case 'dueThisMonth':
      return { color: 'orange.9', badge: 'orange' };
    case 'upToDate':
      return { color: undefined, badge: 'teal' };
    case 'notScheduled':
      return { color: 'dimmed', badge: null };
  }
}

/**
 * The next review as the detail's header and the list's cell show it: the tone of its state, whether it is late
 * (overdue or due this month: set in bold with the state's words) and the i18n key of those words.
 */
export function reviewLook(state: ReviewState) {
  return {
    ...reviewTone(state),
    late: state === 'overdue' || state === 'dueThisMonth',
    label: `fichas:reviews.states.${state}` as const,
  };
}
