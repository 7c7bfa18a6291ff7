import { z } from 'zod';
import {
  REVIEW_CHECKED_MAX,
  REVIEW_CHECKED_MIN,
  REVIEW_OUTCOMES,
  REVIEW_YEARS_MAX,
  REVIEW_YEARS_MIN,
} from '../reviews';

/** The periodic review of a ficha (issue 24, point 4): POST and GET /fichas-clientes/{id}/reviews. */

export const ReviewOutcome = z.enum(REVIEW_OUTCOMES);

/** POST /fichas-clientes/{id}/reviews: who and when are the server's (the caller, now). */
export const ReviewCreateBody = z.object({
  checked: z
    .string()
    .trim()
    .min(REVIEW_CHECKED_MIN, 'fichas:reviews.errors.checked')
    .max(REVIEW_CHECKED_MAX)
    .describe('what the reviewer checked (documents, lists, activity), as a sentence'),
  outcome: ReviewOutcome.describe(
    'noChanges, informationUpdated, riskChanged, relationshipEnded (no next review after it)',
  ),
});

export const ReviewView = z.object({
  id: z.string().uuid(),
  fichaId: z.string().uuid(),
  checked: z.string(),
  outcome: ReviewOutcome,
  reviewedAt: z.string().describe('when it was recorded (server time)'),
  reviewedBy: z.string().uuid().nullable(),
  reviewedByName: z.string().nullable().describe("the reviewer's name"),
  risk: z.enum(['low', 'medium', 'high']).nullable().describe("the ficha's risk when it was reviewed"),
  nextReviewAt: z.string().nullable().describe('the next review day it set (YYYY-MM-DD); null: none'),
});

/** One whole number of years between reviews, 1 to 10: the message names the field in the caller's language. */
export const reviewYears = (field: 'High' | 'Medium' | 'Low') => {
  const message = `companyConfig:errors.reviewYears${field}`;
  return z.number({ error: message }).int(message).min(REVIEW_YEARS_MIN, message).max(REVIEW_YEARS_MAX, message);
};
