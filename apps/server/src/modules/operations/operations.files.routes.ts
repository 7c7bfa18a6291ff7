import { OperationView } from '@regcheck/shared/schemas/operations';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentMime } from '../../lib/company-rules';
import { sendDownload } from '../../lib/download';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import * as documents from './operations.documents';
import { opError } from './operations.errors';
import { operationsAccess } from './operations.policy';

const tags = ['consultations'];
const READ = operationsAccess.read;
const IndexParams = z.object({ id: z.string().uuid(), index: z.coerce.number().int().min(0).max(1000) });
const Upload = z.object({ url: z.string(), name: z.string(), index: z.number().int() });

/** The one multipart file of an upload; a file over 25 MB answers FILE_TOO_LARGE. */
async function readUpload(req: FastifyRequest) {
  const file = await readFilePart(req);
  if (typeof file === 'string') throw opError(file);
  return file;
}

export const operationsFileRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/consultations/:id/files',
    {
      access: READ,
      summary: 'Upload a PDF (multipart field file; index fills a pending document)',
      params: z.object({ id: z.string().uuid() }),
      querystring: z.object({ index: z.coerce.number().int().min(0).max(1000).optional() }),
      reply: Upload,
      schema: { consumes: ['multipart/form-data'] },
    },
    async (req) =>
      documents.uploadDocument(deps, tenantCallerOf(req), req.params.id, await readUpload(req), req.query.index),
  );

  r.post(
    '/consultations/:id/files/pending',
    {
      access: READ,
      summary: 'Declare a document still to be provided (blocks finishing until uploaded or removed)',
      params: z.object({ id: z.string().uuid() }),
      body: z.object({ name: z.string().trim().min(1).max(150) }),
      reply: OperationView,
    },
    (req) => documents.addPendingDocument(deps, tenantCallerOf(req), req.params.id, req.body.name),
  );

  r.get(
    '/consultations/:id/files/:index',
    { access: READ, summary: 'Download a document (PDF)', params: IndexParams },
    async (req, reply) => {
      const f = await documents.downloadDocument(deps, tenantCallerOf(req), req.params.id, req.params.index);
      return sendDownload(reply, { type: documentMime(f.bytes), name: f.name, body: f.bytes });
    },
  );

  r.put(
    '/consultations/:id/deletefileConsultations/:index',
    { access: READ, summary: 'Deactivate a document of the operation', params: IndexParams, reply: OperationView },
    (req) => documents.removeDocument(deps, tenantCallerOf(req), req.params.id, req.params.index, false),
  );

  r.delete(
    '/consultations/:id/deletefileFichaCliente/:index',
    { access: READ, summary: 'Delete a document and its stored file', params: IndexParams, reply: OperationView },
    (req) => documents.removeDocument(deps, tenantCallerOf(req), req.params.id, req.params.index, true),
  );
});
