import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListFilter } from '../../lib/filter';
import { callerOf } from '../../plugins/context';
import * as newsService from './reports.news';
import { reportsAccess } from './reports.policy';
import { News, NewsAdmin, NewsBody, NewsPatch } from './reports.schemas';

/** News: the items a company reads (GET /homeNews) and the super administrator's screen to write them. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/homeNews',
    {
      config: { access: reportsAccess.news },
      schema: {
        tags: ['news'],
        summary: "Active news for the company's country, newest first",
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(News) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return newsService.news(deps, callerOf(req), { limit: Math.min(100, f.limit), skip: f.skip }, req.locale);
    },
  );

  app.get(
    '/homeNews/count',
    {
      config: { access: reportsAccess.news },
      schema: {
        tags: ['news'],
        summary: "How many active news items the company's country reads",
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (req) => newsService.countNews(deps, callerOf(req)),
  );

  app.get(
    '/homeNews/all',
    {
      config: { access: reportsAccess.newsWrite },
      schema: {
        tags: ['news'],
        summary: 'Every news item, deactivated ones included, newest first, and their number (super administrator)',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.object({ data: z.array(NewsAdmin), count: z.number().int() }) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return newsService.allNews(deps, { limit: Math.min(100, f.limit), skip: f.skip });
    },
  );

  app.post(
    '/homeNews',
    {
      config: { access: reportsAccess.newsWrite },
      schema: {
        tags: ['news'],
        summary: 'A news item (super administrator), audited',
        body: NewsBody,
        response: { 200: NewsAdmin },
      },
    },
    async (req) => newsService.createNews(deps, callerOf(req), req.body),
  );

  app.patch(
    '/homeNews/:id',
    {
      config: { access: reportsAccess.newsWrite },
      schema: {
        tags: ['news'],
        summary: 'Edits a news item or (de)activates it (active: false); super administrator, audited',
        params: z.object({ id: z.string().uuid() }),
        body: NewsPatch,
        response: { 200: NewsAdmin },
      },
    },
    async (req) => newsService.updateNews(deps, callerOf(req), req.params.id, req.body),
  );
};
