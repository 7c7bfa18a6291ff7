import { IndividualSearchBody, IndividualSearchResult, ListEntryDetail } from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { searchAccess } from './search.policy';
import { entryDetail, individualSearch } from './search.service';

export const searchRoutes = routesPlugin({ tags: ['search'] }, (r, deps) => {
  r.post(
    '/search/individual',
    {
      access: searchAccess.individual,
      summary: 'Individual search: screen a person or company against every list',
      description:
        'Give a name (or given names with fatherName and motherName) and/or a document, with the person type ' +
        'and country. The answer groups the hits by list with the coincidence flag, score (0 to 1) and an ' +
        "explanation; `message` is 'No results found' when no list matched. Every search is written to the " +
        'search log and counts toward the contracted monthly limit (429 REQUEST_LIMIT_REACHED beyond it).',
      body: IndividualSearchBody,
      reply: IndividualSearchResult,
    },
    (req) => individualSearch(deps, callerOf(req), req.body, req.locale),
  );
  r.get(
    '/screening/lists/:listId/entries/:entityId',
    {
      access: searchAccess.entry,
      summary: 'A list entry whole: names and aliases, documents, dates, countries, addresses, programmes, version',
      params: z.object({ listId: z.string().min(1).max(100), entityId: z.string().min(1).max(200) }),
      reply: ListEntryDetail,
    },
    (req) => entryDetail(deps, req.params.listId, req.params.entityId),
  );
});
