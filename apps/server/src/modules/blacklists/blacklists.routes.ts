import {
  BlacklistBody,
  BlacklistPatch,
  BlacklistReasonBody,
  BlacklistReasonPatch,
  BlacklistReasonView,
  BlacklistView,
  CountBody,
  CountWhereQuery,
  IdParams,
  ListFilterQuery,
} from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { caller } from '../../plugins/context';
import * as service from './blacklists.service';

const access = 'blacklistAdmin' as const;

export const blacklistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['blacklists'];

  app.get(
    '/blacklists',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Blacklist of the company (filter; removed records with where.status = inactive)',
        querystring: ListFilterQuery,
        response: { 200: z.array(BlacklistView) },
      },
    },
    async (req) => service.listBlacklists(deps, caller(req), parseListFilter(req.query.filter)),
  );
  app.get(
    '/blacklists/count',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Number of records (where)',
        querystring: CountWhereQuery,
        response: { 200: CountBody },
      },
    },
    async (req) => ({ count: await service.countBlacklists(deps, caller(req), parseWhere(req.query.where)) }),
  );
  app.get(
    '/blacklists/:id',
    { config: { access }, schema: { tags, summary: 'One record', params: IdParams, response: { 200: BlacklistView } } },
    async (req) => service.getBlacklist(deps, caller(req), req.params.id),
  );
  app.post(
    '/blacklists',
    {
      config: { access },
      schema: { tags, summary: 'Add a record', body: BlacklistBody, response: { 200: BlacklistView } },
    },
    async (req) => service.createBlacklist(deps, caller(req), req.body),
  );
  app.put(
    '/blacklists/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Replace a record',
        params: IdParams,
        body: BlacklistBody.extend({ status: z.enum(['active', 'inactive']).optional() }),
        response: { 200: BlacklistView },
      },
    },
    async (req) => service.updateBlacklist(deps, caller(req), req.params.id, req.body, true),
  );
  app.patch(
    '/blacklists/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change a record; {status:"inactive"} deletes it (soft)',
        params: IdParams,
        body: BlacklistPatch,
        response: { 200: BlacklistView },
      },
    },
    async (req) => service.updateBlacklist(deps, caller(req), req.params.id, req.body),
  );

  app.delete(
    '/blacklists/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete a record (soft: the same as PATCH {status:"inactive"})',
        params: IdParams,
        response: { 200: BlacklistView },
      },
    },
    async (req) => service.updateBlacklist(deps, caller(req), req.params.id, { status: 'inactive' }),
  );

  const rtags = ['blacklist-reasons'];
  app.get(
    '/blacklist-reasons',
    {
      config: { access },
      schema: {
        tags: rtags,
        summary: 'Blacklist reasons (filter)',
        querystring: ListFilterQuery,
        response: { 200: z.array(BlacklistReasonView) },
      },
    },
    async (req) => service.listReasons(deps, caller(req), parseListFilter(req.query.filter, { limit: 100 })),
  );
  app.get(
    '/blacklist-reasons/count',
    {
      config: { access },
      schema: {
        tags: rtags,
        summary: 'Number of reasons (where)',
        querystring: CountWhereQuery,
        response: { 200: CountBody },
      },
    },
    async (req) => ({ count: await service.countReasons(deps, caller(req), parseWhere(req.query.where)) }),
  );
  app.get(
    '/blacklist-reasons/:id',
    {
      config: { access },
      schema: { tags: rtags, summary: 'One reason', params: IdParams, response: { 200: BlacklistReasonView } },
    },
    async (req) => service.getReason(deps, caller(req), req.params.id),
  );
  app.post(
    '/blacklist-reasons',
    {
      config: { access },
      schema: {
        tags: rtags,
        summary: 'Create a reason',
        body: BlacklistReasonBody,
        response: { 200: BlacklistReasonView },
      },
    },
    async (req) => service.createReason(deps, caller(req), req.body),
  );
  for (const method of ['put', 'patch'] as const) {
    app[method](
      '/blacklist-reasons/:id',
      {
        config: { access },
        schema: {
          tags: rtags,
          summary: 'Change a reason',
          params: IdParams,
          body: BlacklistReasonPatch,
          response: { 200: BlacklistReasonView },
        },
      },
      async (req) => service.updateReason(deps, caller(req), req.params.id, req.body),
    );
  }
  app.delete(
    '/blacklist-reasons/:id',
    {
      config: { access },
      schema: {
        tags: rtags,
        summary: 'Delete a reason (records that use it keep it)',
        params: IdParams,
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (req) => {
      await service.updateReason(deps, caller(req), req.params.id, { isActive: false }, 'blacklist_reason.deleted');
      return { count: 1 };
    },
  );
};
