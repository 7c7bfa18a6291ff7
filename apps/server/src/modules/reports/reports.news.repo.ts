import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/**
 * News items (migration 0430, decision 33): a global table the super administrator writes; a company reads the
 * active items of its country and those naming no country.
 */
export interface NewsRow {
  id: string;
  title: string;
  body: string;
  newsDate: string;
  countries: string[];
  /** the item's translations by language (migration 0740, decision 190) */
  translations: NewsTranslations;
}

/** A news item's title and body in other languages than the one it was written in, by language. */
export type NewsTranslations = Partial<Record<'es' | 'pt-BR' | 'en', { title: string; body: string }>>;

export interface NewsAdminRow extends NewsRow {
  active: boolean;
  createdAt: Date;
  updatedAt: Date | null;
}

const COLUMNS = sql`id, title, body, to_char(news_date, 'YYYY-MM-DD') as "newsDate", countries, translations`;
const ADMIN_COLUMNS = sql`${COLUMNS}, active, created_at as "createdAt", updated_at as "updatedAt"`;

/** Active news for a country (items naming no country are for every country), newest first. */
export async function listNews(db: Executor, country: string | null, limit: number, skip: number) {
  const res = await sql<NewsRow>`
    select ${COLUMNS} from news
    where active and (jsonb_array_length(countries) = 0 or countries ? ${country ?? ''})
    order by news_date desc, created_at desc limit ${limit} offset ${skip}`.execute(db);
  return res.rows;
}

export async function countNews(db: Executor, country: string | null) {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from news
    where active and (jsonb_array_length(countries) = 0 or countries ? ${country ?? ''})`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/** Every news item, active or not, newest first (the super administrator's screen). */
export async function listAllNews(db: Executor, limit: number, skip: number) {
  const res = await sql<NewsAdminRow>`
    select ${ADMIN_COLUMNS} from news order by news_date desc, created_at desc, id limit ${limit} offset ${skip}`.execute(
    db,
  );
  return res.rows;
}

export async function countAllNews(db: Executor) {
  const res = await sql<{ n: number }>`select count(*)::int as n from news`.execute(db);
  return res.rows[0]?.n ?? 0;
}

export async function findNews(db: Executor, id: string) {
  const res = await sql<NewsAdminRow>`select ${ADMIN_COLUMNS} from news where id = ${id}`.execute(db);
  return res.rows[0];
}

export async function insertNews(
  db: Executor,
  row: {
    title: string;
    body: string;
    newsDate: string;
    countries: string[];
    translations?: NewsTranslations;
    createdBy: string | null;
  },
) {
  const res = await sql<NewsAdminRow>`
    insert into news (title, body, news_date, countries, translations, created_by)
    values (${row.title}, ${row.body}, ${row.newsDate}::date, ${JSON.stringify(row.countries)}::jsonb,
      ${JSON.stringify(row.translations ?? {})}::jsonb, ${row.createdBy})
    returning ${ADMIN_COLUMNS}`.execute(db);
  const r = res.rows[0];
  if (!r) throw new Error('news insert returned no row');
  return r;
}

/** Changes the given fields of a news item; undefined ones keep their value. */
export async function updateNews(
  db: Executor,
  id: string,
  p: {
    title?: string;
    body?: string;
    newsDate?: string;
    countries?: string[];
    translations?: NewsTranslations;
    active?: boolean;
    by: string | null;
  },
) {
  const res = await sql<NewsAdminRow>`
    update news set
      title = coalesce(${p.title ?? null}, title),
      body = coalesce(${p.body ?? null}, body),
      news_date = coalesce(${p.newsDate ?? null}::date, news_date),
      countries = coalesce(${p.countries ? JSON.stringify(p.countries) : null}::jsonb, countries),
      translations = coalesce(${p.translations ? JSON.stringify(p.translations) : null}::jsonb, translations),
      active = coalesce(${p.active ?? null}::boolean, active),
      updated_at = now(), updated_by = ${p.by}
    where id = ${id}
    returning ${ADMIN_COLUMNS}`.execute(db);
  return res.rows[0];
}
