import {
  BlacklistBody,
  BlacklistPatch,
  BlacklistReasonBody,
  BlacklistReasonPatch,
  BlacklistReasonView,
  BlacklistView,
  IdParams,
} from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { routesOf } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { blacklistsAccess } from './blacklists.policy';
import * as service from './blacklists.service';

const access = blacklistsAccess.manage;

export const blacklistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['blacklists'];
  const r = routesOf(app, { tags });

  listAndCountRoutes(app, {
    path: '/blacklists',
    access,
    tags,
    view: BlacklistView,
    listSummary: 'Blacklist of the company (filter; removed records with where.status = inactive)',
    countSummary: 'Number of records (where)',
    list: (caller, f) => service.listBlacklists(deps, caller, f),
    count: (caller, where) => service.countBlacklists(deps, caller, where),
  });
  r.get('/blacklists/:id', { access, summary: 'One record', params: IdParams, reply: BlacklistView }, (req) =>
    service.getBlacklist(deps, callerOf(req), req.params.id),
  );
  r.post('/blacklists', { access, summary: 'Add a record', body: BlacklistBody, reply: BlacklistView }, (req) =>
    service.createBlacklist(deps, callerOf(req), req.body),
  );
  r.put(
    '/blacklists/:id',
    {
      access,
      summary: 'Replace a record',
      params: IdParams,
      body: BlacklistBody.extend({ status: z.enum(['active', 'inactive']).optional() }),
      reply: BlacklistView,
    },
    (req) => service.updateBlacklist(deps, callerOf(req), req.params.id, req.body, true),
  );
  r.patch(
    '/blacklists/:id',
    {
      access,
      summary: 'Change a record; {status:"inactive"} deletes it (soft)',
      params: IdParams,
      body: BlacklistPatch,
      reply: BlacklistView,
    },
    (req) => service.updateBlacklist(deps, callerOf(req), req.params.id, req.body),
  );

  r.delete(
    '/blacklists/:id',
    {
      access,
      summary: 'Delete a record (soft: the same as PATCH {status:"inactive"})',
      params: IdParams,
      reply: BlacklistView,
    },
    (req) => service.updateBlacklist(deps, callerOf(req), req.params.id, { status: 'inactive' }),
  );

  const rtags = ['blacklist-reasons'];
  listAndCountRoutes(app, {
    path: '/blacklist-reasons',
    access,
    tags: rtags,
    view: BlacklistReasonView,
    listSummary: 'Blacklist reasons (filter)',
    countSummary: 'Number of reasons (where)',
    defaultLimit: 100,
    list: (caller, f) => service.listReasons(deps, caller, f),
    count: (caller, where) => service.countReasons(deps, caller, where),
  });
  r.get(
    '/blacklist-reasons/:id',
    { access, tags: rtags, summary: 'One reason', params: IdParams, reply: BlacklistReasonView },
    (req) => service.getReason(deps, callerOf(req), req.params.id),
  );
  r.post(
    '/blacklist-reasons',
    { access, tags: rtags, summary: 'Create a reason', body: BlacklistReasonBody, reply: BlacklistReasonView },
    (req) => service.createReason(deps, callerOf(req), req.body),
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
      async (req) => service.updateReason(deps, callerOf(req), req.params.id, req.body),
    );
  }
  r.delete(
    '/blacklist-reasons/:id',
    {
      access,
      tags: rtags,
      summary: 'Delete a reason (records that use it keep it)',
      params: IdParams,
      reply: z.object({ count: z.number().int() }),
    },
    async (req) => {
      await service.updateReason(deps, callerOf(req), req.params.id, { isActive: false }, 'blacklist_reason.deleted');
      return { count: 1 };
    },
  );
};
