import { CountBody, IdParams } from '@regcheck/shared';
import {
  TransactionCreateBody,
  TransactionIdsBody,
  TransactionUpdateBody,
  TransactionView,
} from '@regcheck/shared/schemas/operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { readFilePart } from '../../lib/multipart';
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

export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/transactions',
    {
      config: { access: ACCESS },
      schema: { tags, querystring: FilterQuery, response: { 200: z.array(TransactionView) } },
    },
    async (req) => service.listTransactions(deps, tenantCallerOf(req), parseListFilter(req.query.filter)),
  );
  app.get(
    '/transactions/count',
    {
      config: { access: ACCESS },
      schema: { tags, querystring: z.object({ where: z.string().optional() }), response: { 200: CountBody } },
    },
    async (req) => ({ count: await service.countTransactions(deps, tenantCallerOf(req), parseWhere(req.query.where)) }),
  );
  app.get(
    '/transactions/company/:companyId',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        params: z.object({ companyId: z.string().uuid() }),
        querystring: FilterQuery,
        response: { 200: z.array(TransactionView) },
      },
    },
    async (req) =>
      service.listTransactions(deps, tenantCallerOf(req), parseListFilter(req.query.filter), req.params.companyId),
  );
  app.get(
    '/transactions/download-files/:name',
    {
      config: { access: ACCESS },
      schema: { tags, params: z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.pdf$/) }) },
    },
    async (req, reply) => {
      const f = await service.downloadFile(deps, tenantCallerOf(req), req.params.name);
      return sendDownload(reply, { type: 'application/pdf', name: f.name, body: f.bytes });
    },
  );
  app.get(
    '/transactions/:id',
    { config: { access: ACCESS }, schema: { tags, params: IdParams, response: { 200: TransactionView } } },
    async (req) => service.getTransaction(deps, tenantCallerOf(req), req.params.id),
  );
  app.post(
    '/transactions',
    {
      config: { access: ACCESS },
      schema: { tags, body: TransactionCreateBody, response: { 200: TransactionView } },
    },
    async (req) => service.createTransaction(deps, tenantCallerOf(req), req.body),
  );
  app.patch(
    '/transactions/read',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        body: TransactionIdsBody,
        response: { 200: z.object({ count: z.number().int(), ids: z.array(z.string()) }) },
      },
    },
    async (req) => service.markRead(deps, tenantCallerOf(req), req.body.ids),
  );
  app.patch(
    '/transactions/:id',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'Update a transaction; {isActive:false} deactivates it',
        params: IdParams,
        body: TransactionUpdateBody,
        response: { 200: TransactionView },
      },
    },
    async (req) => service.updateTransaction(deps, tenantCallerOf(req), req.params.id, req.body),
  );
  app.post(
    '/transactions/:id/upload-files',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ url: z.string(), name: z.string(), index: z.number().int() }) },
      },
    },
    async (req) => service.uploadFile(deps, tenantCallerOf(req), req.params.id, await readUpload(req)),
  );
};
