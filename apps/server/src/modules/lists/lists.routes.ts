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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListFilter, parseWhere } from '../../lib/filter';
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

export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/lists',
    {
      config: { access: LIST_READERS },
      schema: {
        tags,
        summary: 'Available lists with their current version and number of entries (filter)',
        querystring: ListFilterQuery,
        response: { 200: z.array(ListSourceView) },
      },
    },
    async (req) => service.listSourceViews(deps, parseListFilter(req.query.filter, { limit: 100 })),
  );

  app.get(
    '/lists/count',
    {
      config: { access: LIST_READERS },
      schema: { tags, summary: 'Number of lists (where)', querystring: CountWhereQuery, response: { 200: CountBody } },
    },
    async (req) => ({ count: await service.countSources(deps, parseWhere(req.query.where)) }),
  );

  app.get(
    '/lists/:id',
    {
      config: { access: LIST_READERS },
      schema: { tags, summary: 'One list', params: SourceParams, response: { 200: ListSourceView } },
    },
    async (req) => service.getSourceView(deps, req.params.id),
  );

  app.patch(
    '/lists/:id',
    {
      config: { access: listsAccess.manage },
      schema: {
        tags,
        summary: 'Published address of a list and whether the daily fetch downloads it (off by default)',
        params: SourceParams,
        body: ListSourceUpdateBody,
        response: { 200: ListSourceView },
      },
    },
    async (req) => service.updateSource(deps, callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/lists/:id/versions',
    {
      config: { access: LIST_READERS },
      schema: {
        tags,
        summary: 'Versions of a list, newest first, with their import report',
        params: SourceParams,
        response: { 200: z.array(ListVersionView) },
      },
    },
    async (req) => service.listVersionsOf(deps, req.params.id),
  );

  app.get(
    '/lists/:id/versions/:versionId',
    {
      config: { access: LIST_READERS },
      schema: {
        tags,
        summary: 'One version with its per-line import report',
        params: SourceParams.extend({ versionId: z.coerce.number().int().positive() }),
        response: { 200: ListVersionView },
      },
    },
    async (req) => service.getVersion(deps, req.params.id, req.params.versionId),
  );

  app.post(
    '/lists/:id/import',
    {
      config: { access: listsAccess.manage },
      bodyLimit: 120 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Import a list file as a new version (runs as a job; the version becomes active only if every line reads)',
        params: SourceParams,
        body: ListImportBody,
        response: { 202: ListImportStarted },
      },
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

  app.get(
    '/lists/:id/entries',
    {
      config: { access: listsAccess.platform },
      schema: {
        tags,
        summary: "Entries of any list's version in force (filter: where on name, names, identifiers, country...)",
        params: SourceParams,
        querystring: ListFilterQuery,
        response: { 200: z.array(PublicListEntry) },
      },
    },
    async (req) => listEntries(deps, req.params.id, parseListFilter(req.query.filter)),
  );

  app.get(
    '/lists/:id/entries/count',
    {
      config: { access: listsAccess.platform },
      schema: {
        tags,
        summary: "Number of entries of any list's version in force (where)",
        params: SourceParams,
        querystring: CountWhereQuery,
        response: { 200: CountBody },
      },
    },
    async (req) => ({ count: await countEntries(deps, req.params.id, parseWhere(req.query.where)) }),
  );

  app.get(
    '/lists/:id/entries/:entityId',
    {
      config: { access: listsAccess.platform },
      schema: {
        tags,
        summary: 'An entry whole: names and aliases, documents, dates, countries, addresses, programmes',
        params: SourceParams.extend({ entityId: z.string().min(1).max(200) }),
        response: { 200: ListEntryDetail },
      },
    },
    async (req) => listEntryDetail(deps, req.params.id, req.params.entityId),
  );

  app.post(
    '/lists/:id/fetch',
    {
      config: { access: listsAccess.manage },
      schema: {
        tags,
        summary: 'Download the list from its published address now (as a job)',
        params: SourceParams,
        response: { 202: z.object({ jobId: z.string().nullable() }) },
      },
    },
    async (req, reply) => reply.status(202).send({ jobId: await requestFetch(deps, req.params.id) }),
  );
};
