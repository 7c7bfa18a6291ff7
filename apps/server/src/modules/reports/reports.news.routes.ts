import { z } from 'zod';
import { parseListFilter } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import * as newsService from './reports.news';
import { reportsAccess } from './reports.policy';
import { News, NewsAdmin, NewsBody, NewsPatch } from './reports.schemas';

/** News: the items a company reads (GET /homeNews) and the super administrator's screen to write them. */
export const newsRoutes = routesPlugin({ tags: ['news'] }, (r, deps) => {
  r.get(
    '/homeNews',
    {
      access: reportsAccess.news,
      summary: "Active news for the company's country, newest first",
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(News),
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return newsService.news(deps, callerOf(req), { limit: Math.min(100, f.limit), skip: f.skip }, req.locale);
    },
  );

  r.get(
    '/homeNews/count',
    {
      access: reportsAccess.news,
      summary: "How many active news items the company's country reads",
      reply: z.object({ count: z.number().int() }),
    },
    (req) => newsService.countNews(deps, callerOf(req)),
  );

  r.get(
    '/homeNews/all',
    {
      access: reportsAccess.newsWrite,
      summary: 'Every news item, deactivated ones included, newest first, and their number (super administrator)',
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.object({ data: z.array(NewsAdmin), count: z.number().int() }),
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return newsService.allNews(deps, { limit: Math.min(100, f.limit), skip: f.skip });
    },
  );

  r.post(
    '/homeNews',
    {
      access: reportsAccess.newsWrite,
      summary: 'A news item (super administrator), audited',
      body: NewsBody,
      reply: NewsAdmin,
    },
    (req) => newsService.createNews(deps, callerOf(req), req.body),
  );

  r.patch(
    '/homeNews/:id',
    {
      access: reportsAccess.newsWrite,
      summary: 'Edits a news item or (de)activates it (active: false); super administrator, audited',
      params: z.object({ id: z.string().uuid() }),
      body: NewsPatch,
      reply: NewsAdmin,
    },
    (req) => newsService.updateNews(deps, callerOf(req), req.params.id, req.body),
  );
});
