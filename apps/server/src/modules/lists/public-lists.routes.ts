import {
  CountBody,
  CountWhereQuery,
  ListFilterQuery,
  OTHER_ENTRY_LISTS,
  PUBLIC_LISTS,
  PublicListEntry,
  PublicListEntryBody,
  PublicListEntryPatch,
  PublicListMatch,
} from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { routesOf } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { matchList } from './lists.match';
import { listsAccess } from './lists.policy';
import * as service from './public-lists.service';

const LIST_READERS = listsAccess.read;

const EntryParams = z.object({ id: z.string().min(1).max(200) });

/**
 * The public lists of the spec (gafi, interpol, keywords, ofac, onu, pdi, rtp): list, count, one, create, change,
 * delete; ofac and onu also match a name and/or document. Reads for company users who screen; writes for the
 * super administrator. Every write updates the screening index.
 */
export const publicListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  for (const listId of [...PUBLIC_LISTS, ...OTHER_ENTRY_LISTS]) {
    const tags = [`list ${listId}`];
    const r = routesOf(app, { tags });
    const base = `/${listId}`;

    r.get(
      base,
      {
        access: LIST_READERS,
        summary: `Entries of the ${listId} list in force (filter)`,
        querystring: ListFilterQuery,
        reply: z.array(PublicListEntry),
      },
      (req) => service.listEntries(deps, listId, parseListFilter(req.query.filter)),
    );

    r.get(
      `${base}/count`,
      {
        access: LIST_READERS,
        summary: `Number of entries of the ${listId} list (where)`,
        querystring: CountWhereQuery,
        reply: CountBody,
      },
      async (req) => ({ count: await service.countEntries(deps, listId, parseWhere(req.query.where)) }),
    );

    if (listId === 'ofac' || listId === 'onu') {
      r.get(
        `${base}/match`,
        {
          access: LIST_READERS,
          summary: `Entries of the ${listId} list matching a name and/or document`,
          description:
            'filter = {"where": {"name": "...", "dni": "...", "personType": "natural|legal", "country": "CL", ' +
            '"birthDate": "YYYY-MM-DD"}, "limit": 10}. Answers the matches best first with score and explanation.',
          querystring: ListFilterQuery,
          reply: z.array(PublicListMatch),
        },
        async (req) => {
          const f = parseListFilter(req.query.filter, { limit: 10 });
          return matchList(deps, callerOf(req), listId, f.where, Math.min(f.limit || 10, 100));
        },
      );
    }

    r.get(
      `${base}/:id`,
      { access: LIST_READERS, summary: `One entry of the ${listId} list`, params: EntryParams, reply: PublicListEntry },
      (req) => service.getEntry(deps, listId, req.params.id),
    );

    r.post(
      base,
      {
        access: listsAccess.manage,
        summary: `Add an entry to the ${listId} list`,
        body: PublicListEntryBody,
        reply: PublicListEntry,
      },
      (req) => service.createEntry(deps, callerOf(req), listId, req.body),
    );

    r.patch(
      `${base}/:id`,
      {
        access: listsAccess.manage,
        summary: `Change an entry of the ${listId} list`,
        params: EntryParams,
        body: PublicListEntryPatch,
        reply: PublicListEntry,
      },
      (req) => service.patchEntry(deps, callerOf(req), listId, req.params.id, req.body),
    );

    r.delete(
      `${base}/:id`,
      {
        access: listsAccess.manage,
        summary: `Remove an entry from the ${listId} list`,
        params: EntryParams,
        reply: z.object({ count: z.number().int() }),
      },
      async (req) => {
        await service.deleteEntry(deps, callerOf(req), listId, req.params.id);
        return { count: 1 };
      },
    );
  }
};
