import {
  CountBody,
  CountWhereQuery,
  ListEntryDetail,
  ListFilterQuery,
  ListImportBody,
  ListImportStarted,
  ListSourceUpdateBody,
  ListSourceView,
  ListVersionView,
  PublicListEntry,
} from '@regcheck/shared';
import { z } from 'zod';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { listEntryDetail } from './lists.entries.service';
import { requestFetch } from './lists.fetch';
import { startImport } from './lists.import';
import { listsAccess } from './lists.policy';
import * as service from './lists.service';
import { versionView } from './lists.service';
import { countEntries, listEntries } from './public-lists.service';

const tags = ['lists'];
const LIST_READERS = listsAccess.read;
const SourceParams = z.object({ id: z.string().min(1).max(60) });

export const listsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/lists',
    {
      access: LIST_READERS,
      summary: 'Available lists with their current version and number of entries (filter)',
      querystring: ListFilterQuery,
      reply: z.array(ListSourceView),
    },
    (req) => service.listSourceViews(deps, parseListFilter(req.query.filter, { limit: 100 })),
  );

  r.get(
    '/lists/count',
    { access: LIST_READERS, summary: 'Number of lists (where)', querystring: CountWhereQuery, reply: CountBody },
    async (req) => ({ count: await service.countSources(deps, parseWhere(req.query.where)) }),
  );

  r.get(
    '/lists/:id',
    { access: LIST_READERS, summary: 'One list', params: SourceParams, reply: ListSourceView },
    (req) => service.getSourceView(deps, req.params.id),
  );

  r.patch(
    '/lists/:id',
    {
      access: listsAccess.manage,
      summary: 'Published address of a list and whether the daily fetch downloads it (off by default)',
      params: SourceParams,
      body: ListSourceUpdateBody,
      reply: ListSourceView,
    },
    (req) => service.updateSource(deps, callerOf(req), req.params.id, req.body),
  );

  r.get(
    '/lists/:id/versions',
    {
      access: LIST_READERS,
      summary: 'Versions of a list, newest first, with their import report',
      params: SourceParams,
      reply: z.array(ListVersionView),
    },
    (req) => service.listVersionsOf(deps, req.params.id),
  );

  r.get(
    '/lists/:id/versions/:versionId',
    {
      access: LIST_READERS,
      summary: 'One version with its per-line import report',
      params: SourceParams.extend({ versionId: z.coerce.number().int().positive() }),
      reply: ListVersionView,
    },
    (req) => service.getVersion(deps, req.params.id, req.params.versionId),
  );

  r.post(
    '/lists/:id/import',
    {
      access: listsAccess.manage,
      summary:
        'Import a list file as a new version (runs as a job; the version becomes active only if every line reads)',
      params: SourceParams,
      body: ListImportBody,
      response: { 202: ListImportStarted },
      bodyLimit: 120 * 1024 * 1024,
    },
    async (req, reply) => {
      const content =
        req.body.encoding === 'base64'
          ? Buffer.from(req.body.content, 'base64')
          : Buffer.from(req.body.content, 'utf8');
      const v = await startImport(deps, callerOf(req), {
        sourceId: req.params.id,
        content,
        format: req.body.format,
        label: req.body.label,
        origin: 'upload',
        publishedAt: req.body.publishedOn ? new Date(`${req.body.publishedOn}T00:00:00Z`) : undefined,
      });
      return reply.status(202).send({ version: versionView(v), jobId: v.jobId });
    },
  );

  r.get(
    '/lists/:id/entries',
    {
      access: listsAccess.platform,
      summary: "Entries of any list's version in force (filter: where on name, names, identifiers, country...)",
      params: SourceParams,
      querystring: ListFilterQuery,
      reply: z.array(PublicListEntry),
    },
    (req) => listEntries(deps, req.params.id, parseListFilter(req.query.filter)),
  );

  r.get(
    '/lists/:id/entries/count',
    {
      access: listsAccess.platform,
      summary: "Number of entries of any list's version in force (where)",
      params: SourceParams,
      querystring: CountWhereQuery,
      reply: CountBody,
    },
    async (req) => ({ count: await countEntries(deps, req.params.id, parseWhere(req.query.where)) }),
  );

  r.get(
    '/lists/:id/entries/:entityId',
    {
      access: listsAccess.platform,
      summary: 'An entry whole: names and aliases, documents, dates, countries, addresses, programmes',
      params: SourceParams.extend({ entityId: z.string().min(1).max(200) }),
      reply: ListEntryDetail,
    },
    (req) => listEntryDetail(deps, req.params.id, req.params.entityId),
  );

  r.post(
    '/lists/:id/fetch',
    {
      access: listsAccess.manage,
      summary: 'Download the list from its published address now (as a job)',
      params: SourceParams,
      response: { 202: z.object({ jobId: z.string().nullable() }) },
    },
    async (req, reply) => reply.status(202).send({ jobId: await requestFetch(deps, req.params.id) }),
  );
});
