import type { Locale } from '@regcheck/shared';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller } from '../../plugins/context';
import * as repo from './reports.news.repo';

/**
 * The public shape of a news item (what a company reads): its title and body in the reader's language when the item
 * has that translation, else as written (decision 190).
 */
const publicView = (r: repo.NewsRow, locale?: Locale) => {
  const tr = locale ? r.translations?.[locale] : undefined;
  return {
    id: r.id,
    title: tr?.title || r.title,
    body: tr?.title ? tr.body : r.body,
    newsDate: r.newsDate,
    countries: r.countries,
  };
};

/** The super administrator's shape: as written, with its translations, state and dates. */
export const adminView = (r: repo.NewsAdminRow) => ({
  ...publicView(r),
  translations: r.translations ?? {},
  active: r.active,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: r.updatedAt ? new Date(r.updatedAt).toISOString() : null,
});

/** GET /homeNews: the active news for the caller's company country, newest first. */
export async function news(deps: AppDeps, caller: Caller, q: { limit: number; skip: number }, locale?: Locale) {
  const rows = await repo.listNews(deps.db, caller.auth.company?.country ?? null, q.limit, q.skip);
  return rows.map((r) => publicView(r, locale));
}

/** GET /homeNews/count: how many active news items the caller's company reads. */
export async function countNews(deps: AppDeps, caller: Caller) {
  return { count: await repo.countNews(deps.db, caller.auth.company?.country ?? null) };
}

/** GET /homeNews/all (super administrator): every item, deactivated ones included, and their number. */
export async function allNews(deps: AppDeps, q: { limit: number; skip: number }) {
  const [rows, count] = await Promise.all([repo.listAllNews(deps.db, q.limit, q.skip), repo.countAllNews(deps.db)]);
  return { data: rows.map(adminView), count };
}

/** POST /homeNews (super administrator): a news item for the companies of its countries (every country if none). */
export async function createNews(
  deps: AppDeps,
  caller: Caller,
  body: { title: string; body: string; date: string; countries: string[]; translations?: repo.NewsTranslations },
) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertNews(trx, {
      title: body.title,
      body: body.body,
      newsDate: body.date,
      countries: body.countries,
      translations: body.translations,
      createdBy: caller.auth.userId,
    });
    const view = adminView(row);
    await audit(trx, caller, { action: 'news.created', entity: 'news', id: row.id, after: view });
    return view;
  });
}

/**
 * PATCH /homeNews/{id} (super administrator): changes the title, body, date or countries, or (de)activates the item;
 * audited with the item before and after (`news.deactivated` when it goes from active to inactive). Unknown: 404.
 */
export async function updateNews(
  deps: AppDeps,
  caller: Caller,
  id: string,
  body: {
    title?: string;
    body?: string;
    date?: string;
    countries?: string[];
    translations?: repo.NewsTranslations;
    active?: boolean;
  },
) {
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.findNews(trx, id);
    if (!before) throw new AppError('NEWS_NOT_FOUND', { field: 'id', messageKey: 'reports:errors.NEWS_NOT_FOUND' });
    const row = await repo.updateNews(trx, id, {
      title: body.title,
      body: body.body,
      newsDate: body.date,
      countries: body.countries,
      translations: body.translations,
      active: body.active,
      by: caller.auth.userId,
    });
    if (!row) throw new AppError('NEWS_NOT_FOUND', { field: 'id', messageKey: 'reports:errors.NEWS_NOT_FOUND' });
    const action = before.active && !row.active ? 'news.deactivated' : 'news.updated';
    const after = adminView(row);
    await audit(trx, caller, { action, entity: 'news', id, before: adminView(before), after });
    return after;
  });
}
