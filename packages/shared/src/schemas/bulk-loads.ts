import { z } from 'zod';

/** Bulk loads of fichas and operations from xlsx (spec 000 §3 "Bulk load", §7 "Bulk load"). */

/** fichas: the 'fichas 3.0' template; record is the same load as the spec's loadType names it. */
export const BulkLoadType = z.enum(['fichas', 'fichas_v2', 'record', 'operation']);
export const BulkTemplateType = z.enum(['fichas', 'fichas_v2', 'operation']);
export const BulkLoadStatus = z.enum([
  'new',
  'uploading',
  'update',
  'creating',
  'updating',
  'done',
  'error',
  'invalid',
]);

export const BulkUploadUrlView = z.object({
  url: z.string().describe('the signed URL of this server: PUT the file there'),
  urlFile: z.string().describe('the key to give as urlFile when starting the load'),
  expiresAt: z.string(),
});

export const BulkUploadResult = z.object({ urlFile: z.string(), size: z.number().int() });

export const BulkLoadStartBody = z.object({
  user: z.string().max(200).optional().describe("ignored: the signed-in user is the load's author"),
  companyId: z.string().max(60).optional().describe("ignored: the signed-in user's company"),
  customName: z.string().trim().min(1).max(120),
  country: z.string().trim().min(2).max(3).optional().describe("documents' default country; the company's by default"),
  loadType: BulkLoadType,
  urlFile: z.string().min(1).max(300),
});

export const BulkSimilarRecord = z.object({
  fichaId: z.string().uuid(),
  dni: z.string(),
  name: z.string(),
  personType: z.enum(['natural', 'legal']),
  rowNumber: z.number().int(),
});

export const BulkLoadView = z.object({
  id: z.string().uuid(),
  bulkType: z.enum(['fichas', 'fichas_v2', 'operation']),
  bulkName: z.string(),
  bulkStatus: BulkLoadStatus,
  bulkErrors: z.number().int().describe('rows that failed'),
  bulkProcessedQuantity: z.number().int(),
  bulkAuthor: z.string(),
  bulkDate: z.string(),
  country: z.string(),
  total: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  progress: z.number().int().describe('0 to 100'),
  fileError: z.string().nullable().describe('why the file was refused (status invalid)'),
  similar: z.array(BulkSimilarRecord).describe('trashed fichas with a document of the file (status update)'),
  finishedAt: z.string().nullable(),
});

export const BulkSimilarBody = z.object({
  restore: z.array(z.string().uuid()).max(500).describe('the trashed fichas to restore; the others are created new'),
});

export const BulkLoadErrorsView = z.object({
  load: BulkLoadView,
  errors: z.array(
    z.object({
      row: z.number().int(),
      column: z.string(),
      value: z.string(),
      message: z.string(),
      loaded: z.boolean().describe('the row loaded and this is a warning (an e-mail emptied)'),
    }),
  ),
});

export type BulkLoadViewT = z.infer<typeof BulkLoadView>;
export type BulkLoadErrorsViewT = z.infer<typeof BulkLoadErrorsView>;
export type BulkTemplateTypeT = z.infer<typeof BulkTemplateType>;
