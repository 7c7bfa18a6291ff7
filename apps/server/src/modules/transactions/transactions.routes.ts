import { CountBody, IdParams } from '@regcheck/shared';
import {
  TransactionCreateBody,
  TransactionIdsBody,
  TransactionUpdateBody,
  TransactionView,
} from '@regcheck/shared/schemas/operations';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { transactionError } from './transactions.errors';
import { transactionsAccess } from './transactions.policy';
import * as service from './transactions.service';

const tags = ['transactions'];
const ACCESS = transactionsAccess.use;
const FilterQuery = z.object({ filter: z.string().optional() });

/** The one multipart file of an upload; a file over 25 MB answers FILE_TOO_LARGE. */
async function readUpload(req: FastifyRequest) {
  const file = await readFilePart(req);
  if (typeof file === 'string') throw transactionError(file);
  return file;
}

export const transactionsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get('/transactions', { access: ACCESS, querystring: FilterQuery, reply: z.array(TransactionView) }, (req) =>
    service.listTransactions(deps, tenantCallerOf(req), parseListFilter(req.query.filter)),
  );
  r.get(
    '/transactions/count',
    { access: ACCESS, querystring: z.object({ where: z.string().optional() }), reply: CountBody },
    async (req) => ({ count: await service.countTransactions(deps, tenantCallerOf(req), parseWhere(req.query.where)) }),
  );
  r.get(
    '/transactions/company/:companyId',
    {
      access: ACCESS,
      params: z.object({ companyId: z.string().uuid() }),
      querystring: FilterQuery,
      reply: z.array(TransactionView),
    },
    (req) =>
      service.listTransactions(deps, tenantCallerOf(req), parseListFilter(req.query.filter), req.params.companyId),
  );
  r.get(
    '/transactions/download-files/:name',
    { access: ACCESS, params: z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.pdf$/) }) },
    async (req, reply) => {
      const f = await service.downloadFile(deps, tenantCallerOf(req), req.params.name);
      return sendDownload(reply, { type: 'application/pdf', name: f.name, body: f.bytes });
    },
  );
  r.get('/transactions/:id', { access: ACCESS, params: IdParams, reply: TransactionView }, (req) =>
    service.getTransaction(deps, tenantCallerOf(req), req.params.id),
  );
  r.post('/transactions', { access: ACCESS, body: TransactionCreateBody, reply: TransactionView }, (req) =>
    service.createTransaction(deps, tenantCallerOf(req), req.body),
  );
  r.patch(
    '/transactions/read',
    {
      access: ACCESS,
      body: TransactionIdsBody,
      reply: z.object({ count: z.number().int(), ids: z.array(z.string()) }),
    },
    (req) => service.markRead(deps, tenantCallerOf(req), req.body.ids),
  );
  r.patch(
    '/transactions/:id',
    {
      access: ACCESS,
      summary: 'Update a transaction; {isActive:false} deactivates it',
      params: IdParams,
      body: TransactionUpdateBody,
      reply: TransactionView,
    },
    (req) => service.updateTransaction(deps, tenantCallerOf(req), req.params.id, req.body),
  );
  r.post(
    '/transactions/:id/upload-files',
    {
      access: ACCESS,
      params: IdParams,
      reply: z.object({ url: z.string(), name: z.string(), index: z.number().int() }),
      schema: { consumes: ['multipart/form-data'] },
    },
    async (req) => service.uploadFile(deps, tenantCallerOf(req), req.params.id, await readUpload(req)),
  );
});
