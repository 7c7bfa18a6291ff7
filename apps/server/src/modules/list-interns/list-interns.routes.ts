import {
  IdParams,
  ListInternBulkBody,
  ListInternBulkResult,
  ListInternCreateBody,
  ListInternUpdateBody,
  ListInternView,
} from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { callerOf } from '../../plugins/context';
import { listInternsAccess } from './list-interns.policy';
import * as service from './list-interns.service';

const tags = ['list-interns'];
const readers = listInternsAccess.read;
const writers = listInternsAccess.write;

export const listInternsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  listAndCountRoutes(app, {
    path: '/list-interns',
    access: readers,
    tags,
    view: ListInternView,
    listSummary: 'List of interest (filter; removed entries only with where.isActive)',
    countSummary: 'Number of entries (where)',
    list: (caller, f) => service.list(deps, caller, f),
    count: (caller, where) => service.count(deps, caller, where),
  });

  app.get(
    '/list-interns/by-dni/:dni',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: "The entry of a document ('No records associated with the entered DNI' when none)",
        params: z.object({ dni: z.string().min(1).max(40) }),
        response: { 200: ListInternView },
      },
    },
    async (req) => service.getByDni(deps, callerOf(req), req.params.dni),
  );

  app.get(
    '/list-interns/:id',
    {
      config: { access: readers },
      schema: { tags, summary: 'One entry', params: IdParams, response: { 200: ListInternView } },
    },
    async (req) => service.get(deps, callerOf(req), req.params.id),
  );

  app.post(
    '/list-interns',
    {
      config: { access: writers },
      schema: {
        tags,
        summary: 'Add an entry; 409 LIST_INTERN_DUPLICATE when the dni is already in the list (details.id)',
        body: ListInternCreateBody,
        response: { 200: ListInternView },
      },
    },
    async (req) => service.create(deps, callerOf(req), req.body),
  );

  app.post(
    '/list-interns/massive-bulk',
    {
      config: { access: writers },
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Add many entries; bad items are reported by index and field',
        body: ListInternBulkBody,
        response: { 200: ListInternBulkResult },
      },
    },
    async (req) => service.massiveBulk(deps, callerOf(req), req.body.items, req.body.update ?? false, req.locale),
  );

  app.patch(
    '/list-interns/:id',
    {
      config: { access: writers },
      schema: {
        tags,
        summary: 'Change an entry; {isActive:false} removes it (soft)',
        params: IdParams,
        body: ListInternUpdateBody,
        response: { 200: ListInternView },
      },
    },
    async (req) => service.patch(deps, callerOf(req), req.params.id, req.body),
  );
};
