import { describe, expect, it } from 'vitest';
import { buildFichaWhere, EMPTY_FILTERS, filtersFromQuery } from './list-filter';
import { EMPTY_REVIEW, reviewFieldOf, reviewTone, toReviewPayload, validateReview } from './review-form';

describe('the record-review form', () => {
  it('asks for what was checked (10 characters or more) and an outcome, naming each field', () => {
    expect(validateReview(EMPTY_REVIEW)).toEqual({
      checked: 'fichas:reviews.errors.checked',
      outcome: 'fichas:reviews.form.outcomeRequired',
    });
    expect(validateReview({ checked: '   corto   ', outcome: 'noChanges' })).toEqual({
      checked: 'fichas:reviews.errors.checked',
    });
    expect(validateReview({ checked: 'Cédula y listas revisadas', outcome: 'relationshipEnded' })).toEqual({});
  });

  it('sends the trimmed text and the outcome; a server error names its field', () => {
    expect(toReviewPayload({ checked: '  Cédula vigente  ', outcome: 'informationUpdated' })).toEqual({
      checked: 'Cédula vigente',
      outcome: 'informationUpdated',
    });
    expect(reviewFieldOf('checked')).toBe('checked');
    expect(reviewFieldOf('body.outcome')).toBe('outcome');
    expect(reviewFieldOf('id')).toBeUndefined();
  });

  it('shows an overdue review in red and one due this month in orange', () => {
    expect(reviewTone('overdue')).toEqual({ color: 'red.9', badge: 'red' });
    expect(reviewTone('dueThisMonth').badge).toBe('orange');
    expect(reviewTone('notScheduled').badge).toBeNull();
  });
});

describe('the fichas list by review state', () => {
  it("opens filtered by the dashboard's link and sends the server's reviewState condition", () => {
    const overdue = filtersFromQuery(new URLSearchParams('review=overdue'));
    expect(overdue.review).toBe('overdue');
    expect(buildFichaWhere(overdue)).toEqual({ reviewState: 'overdue' });
    expect(buildFichaWhere({ ...EMPTY_FILTERS, review: 'dueThisMonth', risk: 'high' })).toEqual({
      and: [{ risk: 'high' }, { reviewState: 'dueThisMonth' }],
    });
    expect(filtersFromQuery(new URLSearchParams('review=late'))).toEqual(EMPTY_FILTERS);
  });
});
