import { IdParams, SearchLogBody, SearchLogPatch, SearchLogView } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { callerOf } from '../../plugins/context';
import { searchLogsAccess } from './search-logs.policy';
import * as service from './search-logs.service';

const tags = ['search-logs'];
const access = searchLogsAccess.use;

export const searchLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  listAndCountRoutes(app, {
    path: '/search-logs',
    access,
    tags,
    view: SearchLogView,
    listSummary: 'Search log of the company (filter; removed logs only with where.isActive)',
    countSummary: 'Number of search logs (where)',
    list: (caller, f) => service.list(deps, caller, f),
    count: (caller, where) => service.count(deps, caller, where),
  });

  app.get(
    '/search-logs/users',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The users who have searches of a kind (individual by default), by name: the filter by user',
        querystring: z.object({ kind: z.string().trim().min(1).max(40).optional() }),
        response: { 200: z.array(z.object({ userId: z.string().uuid(), userName: z.string() })) },
      },
    },
    async (req) => service.users(deps, callerOf(req), req.query.kind),
  );

  app.get(
    '/search-logs/:id',
    {
      config: { access },
      schema: { tags, summary: 'One search log', params: IdParams, response: { 200: SearchLogView } },
    },
    async (req) => service.get(deps, callerOf(req), req.params.id),
  );

  app.post(
    '/search-logs',
    {
      config: { access },
      schema: { tags, summary: 'Record a search', body: SearchLogBody, response: { 200: SearchLogView } },
    },
    async (req) => service.create(deps, callerOf(req), req.body),
  );

  app.patch(
    '/search-logs/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Update a search log; {isActive:false} removes it (soft)',
        params: IdParams,
        body: SearchLogPatch,
        response: { 200: SearchLogView },
      },
    },
    async (req) => service.patch(deps, callerOf(req), req.params.id, req.body),
  );
};
