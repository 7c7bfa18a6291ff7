import { IdParams, type PermissionKey, SearchLogBody, SearchLogPatch, SearchLogView } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAndCountRoutes } from '../../lib/crud';
import { caller } from '../../plugins/context';
import * as service from './search-logs.service';

const tags = ['search-logs'];
/** Who searches (individual search, new operation, customer management) reads and keeps the search log. */
const access: PermissionKey[] = ['individualSearch', 'search', 'history'];

export const searchLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  listAndCountRoutes(app, {
    path: '/search-logs',
    access,
    tags,
    view: SearchLogView,
    listSummary: 'Search log of the company (filter; removed logs only with where.isActive)',
    countSummary: 'Number of search logs (where)',
    list: (auth, f) => service.list(deps, auth, f),
    count: (auth, where) => service.count(deps, auth, where),
  });

  app.get(
    '/search-logs/:id',
    {
      config: { access },
      schema: { tags, summary: 'One search log', params: IdParams, response: { 200: SearchLogView } },
    },
    async (req) => service.get(deps, caller(req), req.params.id),
  );

  app.post(
    '/search-logs',
    {
      config: { access },
      schema: { tags, summary: 'Record a search', body: SearchLogBody, response: { 200: SearchLogView } },
    },
    async (req) => service.create(deps, caller(req), req.body),
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
    async (req) => service.patch(deps, caller(req), req.params.id, req.body),
  );
};
