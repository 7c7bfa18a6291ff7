import { IdParams, SearchLogBody, SearchLogPatch, SearchLogView } from '@regcheck/shared';
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { searchLogsAccess } from './search-logs.policy';
import * as service from './search-logs.service';

const tags = ['search-logs'];
const access = searchLogsAccess.use;

export const searchLogsRoutes = routesPlugin({ tags }, (r, deps, app) => {
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

  r.get(
    '/search-logs/users',
    {
      access,
      summary: 'The users who have searches of a kind (individual by default), by name: the filter by user',
      querystring: z.object({ kind: z.string().trim().min(1).max(40).optional() }),
      reply: z.array(z.object({ userId: z.string().uuid(), userName: z.string() })),
    },
    (req) => service.users(deps, callerOf(req), req.query.kind),
  );

  r.get('/search-logs/:id', { access, summary: 'One search log', params: IdParams, reply: SearchLogView }, (req) =>
    service.get(deps, callerOf(req), req.params.id),
  );

  r.post('/search-logs', { access, summary: 'Record a search', body: SearchLogBody, reply: SearchLogView }, (req) =>
    service.create(deps, callerOf(req), req.body),
  );

  r.patch(
    '/search-logs/:id',
    {
      access,
      summary: 'Update a search log; {isActive:false} removes it (soft)',
      params: IdParams,
      body: SearchLogPatch,
      reply: SearchLogView,
    },
    (req) => service.patch(deps, callerOf(req), req.params.id, req.body),
  );
});
