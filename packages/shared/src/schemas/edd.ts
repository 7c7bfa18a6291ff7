import { z } from 'zod';

/**
 * Enhanced due diligence of a ficha (issue 24, point 5; decisions 141 to 143): GET and PATCH
 * /fichas-clientes/{id}/edd. Why it is required (the reasons, as data the screen puts in words), the checklist
 * (source of funds, source of wealth, the approval of a company administrator) and whether it is open or completed.
 */

/** Longest text of a checklist item. */
export const EDD_TEXT_MAX = 4000;

export const EddReason = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pep'), status: z.enum(['direct', 'consanguineous']) }),
  z.object({ kind: z.literal('relatedPep'), fichaId: z.string().uuid(), name: z.string() }),
  z.object({
    kind: z.literal('fatfCountry'),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    list: z.enum(['callForAction', 'increasedMonitoring']),
    field: z.enum(['nationality', 'countryOfResidence', 'dniCountry']),
  }),
]);

export const EddView = z.object({
  fichaId: z.string().uuid(),
  required: z.boolean().describe('whether the ficha requires enhanced due diligence now'),
  reasons: z.array(EddReason).describe('why it is required (empty when it is not)'),
  requiredSince: z.string().nullable().describe('since when it is required (null: not required)'),
  status: z.enum(['open', 'completed']),
  sourceOfFunds: z.string().nullable(),
  sourceOfWealth: z.string().nullable(),
  approvedAt: z.string().nullable().describe('when a company administrator approved it (null: not approved)'),
  approvedBy: z.string().uuid().nullable(),
  approvedByName: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  blocksReview: z.boolean().describe('true while it is required and open: the periodic review is refused'),
});

const eddText = (key: 'sourceOfFunds' | 'sourceOfWealth') =>
  z
    .string({ error: `fichas:edd.errors.${key}` })
    .trim()
    .max(EDD_TEXT_MAX, `fichas:edd.errors.${key}`);

/**
 * PATCH /fichas-clientes/{id}/edd: the texts (whoever edits fichas) and `approve: true` (company administrators
 * only; it needs both texts and completes the diligence). Changing a text of a completed diligence opens it again.
 */
export const EddPatchBody = z
  .object({
    sourceOfFunds: eddText('sourceOfFunds').optional().describe('where the money of this relationship comes from'),
    sourceOfWealth: eddText('sourceOfWealth').optional().describe("how the customer's wealth was built"),
    approve: z.literal(true).optional().describe('senior management approval: admin and adminNoUser only'),
  })
  .strict();
