import {
  IdParams,
  ListInternBulkBody,
  ListInternBulkResult,
  ListInternCreateBody,
  ListInternUpdateBody,
  ListInternView,
  type PermissionKey,
} from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { caller } from '../../plugins/context';
import * as service from './list-interns.service';

const tags = ['list-interns'];
/** The list of interest is kept in the account manager; screening users read it. */
const readers: PermissionKey[] = ['accountManager', 'blacklistAdmin', 'individualSearch', 'search'];
const writers: PermissionKey[] = ['accountManager', 'blacklistAdmin'];

export const listInternsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  listAndCountRoutes(app, {
    path: '/list-interns',
    access: readers,
    tags,
    view: ListInternView,
    listSummary: 'List of interest (filter; removed entries only with where.isActive)',
    countSummary: 'Number of entries (where)',
    list: (auth, f) => service.list(deps, auth, f),
    count: (auth, where) => service.count(deps, auth, where),
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
    async (req) => service.getByDni(deps, caller(req), req.params.dni),
  );

  app.get(
    '/list-interns/:id',
    {
      config: { access: readers },
      schema: { tags, summary: 'One entry', params: IdParams, response: { 200: ListInternView } },
    },
    async (req) => service.get(deps, caller(req), req.params.id),
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
    async (req) => service.create(deps, caller(req), req.body),
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
    async (req) => service.massiveBulk(deps, caller(req), req.body.items, req.body.update ?? false, req.locale),
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
    async (req) => service.patch(deps, caller(req), req.params.id, req.body),
  );
};
