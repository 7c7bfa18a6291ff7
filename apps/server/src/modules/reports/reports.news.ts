import { audit } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';
import * as repo from './reports.repo';

/** POST /homeNews (super administrator): a news item for the companies of its countries (every country if none). */
export async function createNews(
  deps: AppDeps,
  caller: Caller,
  body: { title: string; body: string; date: string; countries: string[] },
) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertNews(trx, {
      title: body.title,
      body: body.body,
      newsDate: body.date,
      countries: body.countries,
      createdBy: caller.auth.userId,
    });
    await audit(trx, caller, { action: 'news.created', entity: 'news', id: row.id, after: row });
    return row;
  });
}
