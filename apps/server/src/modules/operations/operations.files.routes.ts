import { OperationView } from '@regcheck/shared/schemas/operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentMime } from '../../lib/company-rules';
import { sendDownload } from '../../lib/download';
import { readFilePart } from '../../lib/multipart';
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

export const operationsFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/consultations/:id/files',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Upload a PDF (multipart field file; index fills a pending document)',
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({ index: z.coerce.number().int().min(0).max(1000).optional() }),
        consumes: ['multipart/form-data'],
        response: { 200: Upload },
      },
    },
    async (req) =>
      documents.uploadDocument(deps, tenantCallerOf(req), req.params.id, await readUpload(req), req.query.index),
  );

  app.post(
    '/consultations/:id/files/pending',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Declare a document still to be provided (blocks finishing until uploaded or removed)',
        params: z.object({ id: z.string().uuid() }),
        body: z.object({ name: z.string().trim().min(1).max(150) }),
        response: { 200: OperationView },
      },
    },
    async (req) => documents.addPendingDocument(deps, tenantCallerOf(req), req.params.id, req.body.name),
  );

  app.get(
    '/consultations/:id/files/:index',
    { config: { access: READ }, schema: { tags, summary: 'Download a document (PDF)', params: IndexParams } },
    async (req, reply) => {
      const f = await documents.downloadDocument(deps, tenantCallerOf(req), req.params.id, req.params.index);
      return sendDownload(reply, { type: documentMime(f.bytes), name: f.name, body: f.bytes });
    },
  );

  app.put(
    '/consultations/:id/deletefileConsultations/:index',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Deactivate a document of the operation',
        params: IndexParams,
        response: { 200: OperationView },
      },
    },
    async (req) => documents.removeDocument(deps, tenantCallerOf(req), req.params.id, req.params.index, false),
  );

  app.delete(
    '/consultations/:id/deletefileFichaCliente/:index',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Delete a document and its stored file',
        params: IndexParams,
        response: { 200: OperationView },
      },
    },
    async (req) => documents.removeDocument(deps, tenantCallerOf(req), req.params.id, req.params.index, true),
  );
};
