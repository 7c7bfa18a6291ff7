import {
  IdParams,
  ListInternBulkBody,
  ListInternBulkResult,
  ListInternCreateBody,
  ListInternUpdateBody,
  ListInternView,
} from '@regcheck/shared';
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { listInternsAccess } from './list-interns.policy';
import * as service from './list-interns.service';

const tags = ['list-interns'];
const readers = listInternsAccess.read;
const writers = listInternsAccess.write;

export const listInternsRoutes = routesPlugin({ tags }, (r, deps, app) => {
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

  r.get(
    '/list-interns/by-dni/:dni',
    {
      access: readers,
      summary: "The entry of a document ('No records associated with the entered DNI' when none)",
      params: z.object({ dni: z.string().min(1).max(40) }),
      reply: ListInternView,
    },
    (req) => service.getByDni(deps, callerOf(req), req.params.dni),
  );

  r.get(
    '/list-interns/:id',
    { access: readers, summary: 'One entry', params: IdParams, reply: ListInternView },
    (req) => service.get(deps, callerOf(req), req.params.id),
  );

  r.post(
    '/list-interns',
    {
      access: writers,
      summary: 'Add an entry; 409 LIST_INTERN_DUPLICATE when the dni is already in the list (details.id)',
      body: ListInternCreateBody,
      reply: ListInternView,
    },
    (req) => service.create(deps, callerOf(req), req.body),
  );

  r.post(
    '/list-interns/massive-bulk',
    {
      access: writers,
      summary: 'Add many entries; bad items are reported by index and field',
      body: ListInternBulkBody,
      reply: ListInternBulkResult,
      bodyLimit: 10 * 1024 * 1024,
    },
    (req) => service.massiveBulk(deps, callerOf(req), req.body.items, req.body.update ?? false, req.locale),
  );

  r.patch(
    '/list-interns/:id',
    {
      access: writers,
      summary: 'Change an entry; {isActive:false} removes it (soft)',
      params: IdParams,
      body: ListInternUpdateBody,
      reply: ListInternView,
    },
    (req) => service.patch(deps, callerOf(req), req.params.id, req.body),
  );
});
