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
import { callerOf } from '../../plugins/context';
import { blacklistsAccess } from './blacklists.policy';
import * as service from './blacklists.service';

const access = blacklistsAccess.manage;

export const blacklistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['blacklists'];

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
  app.get(
    '/blacklists/:id',
    { config: { access }, schema: { tags, summary: 'One record', params: IdParams, response: { 200: BlacklistView } } },
    async (req) => service.getBlacklist(deps, callerOf(req), req.params.id),
  );
  app.post(
    '/blacklists',
    {
      config: { access },
      schema: { tags, summary: 'Add a record', body: BlacklistBody, response: { 200: BlacklistView } },
    },
    async (req) => service.createBlacklist(deps, callerOf(req), req.body),
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
    async (req) => service.updateBlacklist(deps, callerOf(req), req.params.id, req.body, true),
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
    async (req) => service.updateBlacklist(deps, callerOf(req), req.params.id, req.body),
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
    async (req) => service.updateBlacklist(deps, callerOf(req), req.params.id, { status: 'inactive' }),
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
  app.get(
    '/blacklist-reasons/:id',
    {
      config: { access },
      schema: { tags: rtags, summary: 'One reason', params: IdParams, response: { 200: BlacklistReasonView } },
    },
    async (req) => service.getReason(deps, callerOf(req), req.params.id),
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
    async (req) => service.createReason(deps, callerOf(req), req.body),
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
      await service.updateReason(deps, callerOf(req), req.params.id, { isActive: false }, 'blacklist_reason.deleted');
      return { count: 1 };
    },
  );
};
