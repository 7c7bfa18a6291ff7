import type { PermissionKey } from '@regcheck/shared';
import { CountBody, CountWhereQuery, ListFilterQuery } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Expression, RawBuilder, SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import { orderToSql, whereToSql } from '../db/filter-sql';
import { type Executor, withTenant } from '../db/tenant';
import { type AppDeps, type Caller, callerOf } from '../plugins/context';
import { AppError } from './errors';
import { type FieldMap, parseListFilter, parseWhere } from './filter';
import { routesOf } from './routes';

/*
 * The pieces that the company lists kept with LoopBack list/count calls and soft deletes (blacklists and their
 * reasons, the list of interest, the search log) have in common. Each module keeps its own rules, views and audit.
 */

// ------------------------------------------------------------ services

/** The caller's company; a caller with none (the platform's super administrator) may not use company lists. */
export function callerCompany(caller: Caller) {
  if (!caller.companyId) throw new AppError('FORBIDDEN');
  return caller.companyId;
}

/** How an entity is listed: its allow-listed fields, its default order, and the where that hides removed rows. */
export interface Listing {
  fields: FieldMap;
  defaultOrder: string;
  /** Added to the where unless the where mentions this field (removed rows are seen only when asked for). */
  activeWhen: { field: string; value: unknown };
}

export type ListFilterArgs = {
  where?: Record<string, unknown>;
  order?: string | string[];
  limit: number;
  skip: number;
};

/** A list call's filter in SQL, for `page`. */
export interface ListQuery {
  where: Expression<SqlBool>;
  order: RawBuilder<unknown>;
  limit: number;
  skip: number;
}

function activeByDefault(listing: Listing, where: Record<string, unknown> | undefined) {
  const { field, value } = listing.activeWhen;
  return JSON.stringify(where ?? {}).includes(`"${field}"`) ? where : { ...(where ?? {}), [field]: value };
}

/** The SQL of a list call's filter (400 naming an unknown field or operator). */
export function listQuery(listing: Listing, f: ListFilterArgs): ListQuery {
  return {
    where: whereToSql(activeByDefault(listing, f.where), listing.fields),
    order: orderToSql(f.order, listing.fields, listing.defaultOrder),
    limit: f.limit,
    skip: f.skip,
  };
}

/** The SQL of a count call's where. */
export function countWhere(listing: Listing, where: Record<string, unknown> | undefined) {
  return whereToSql(activeByDefault(listing, where), listing.fields);
}

/**
 * The deletedAt/deletedBy change of a soft delete (`removing`: an active row made inactive, stamped with who and
 * when) or of a restore (`restoring`: the stamp cleared); nothing otherwise.
 */
export function softDeleteStamp(removing: boolean, restoring: boolean, userId: string) {
  if (removing) return { deletedAt: new Date(), deletedBy: userId };
  if (restoring) return { deletedAt: null, deletedBy: null };
  return {};
}

/** A list call: the filter in SQL, one page read in the caller's company, each row as its view. */
export async function listIn<R, V>(
  db: Db,
  caller: Caller,
  listing: Listing,
  f: ListFilterArgs,
  read: (ex: Executor, companyId: string, q: ListQuery) => Promise<R[]>,
  view: (row: R) => V,
) {
  const c = callerCompany(caller);
  const q = listQuery(listing, f);
  const rows = await withTenant(db, c, (trx) => read(trx, c, q));
  return rows.map((r) => view(r));
}

/** A count call: how many of the caller's company's rows match the where. */
export async function countIn(
  db: Db,
  caller: Caller,
  listing: Listing,
  where: Record<string, unknown> | undefined,
  read: (ex: Executor, companyId: string, where: Expression<SqlBool>) => Promise<number>,
) {
  const c = callerCompany(caller);
  const w = countWhere(listing, where);
  return withTenant(db, c, (trx) => read(trx, c, w));
}

/** One row of the caller's company as its view; `notFound` when it is not there or belongs to another company. */
export async function getIn<R, V>(
  db: Db,
  caller: Caller,
  id: string,
  find: (ex: Executor, companyId: string, id: string) => Promise<R | undefined>,
  notFound: () => AppError,
  view: (row: R) => V,
) {
  const c = callerCompany(caller);
  const r = await withTenant(db, c, (trx) => find(trx, c, id));
  if (!r) throw notFound();
  return view(r);
}

/**
 * The list, count and get calls of a company list, as its service answers them: `listIn`, `countIn` and `getIn` with
 * the list's listing, its repository reads, its 404 and its view.
 */
export function companyListReads<R, V>(
  listing: Listing,
  r: {
    list: (ex: Executor, companyId: string, q: ListQuery) => Promise<R[]>;
    count: (ex: Executor, companyId: string, where: Expression<SqlBool>) => Promise<number>;
    find: (ex: Executor, companyId: string, id: string) => Promise<R | undefined>;
    notFound: () => AppError;
    view: (row: R) => V;
  },
) {
  return {
    list: (deps: AppDeps, caller: Caller, f: ListFilterArgs) => listIn(deps.db, caller, listing, f, r.list, r.view),
    count: (deps: AppDeps, caller: Caller, where?: Record<string, unknown>) =>
      countIn(deps.db, caller, listing, where, r.count),
    get: (deps: AppDeps, caller: Caller, id: string) => getIn(deps.db, caller, id, r.find, r.notFound, r.view),
  };
}

// ------------------------------------------------------------ routes

/** The app as a module's routes plugin receives it. */
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * GET `path` (a LoopBack filter) and GET `path`/count (a LoopBack where), the standard pair of a company list,
 * under one access rule and tag.
 */
export function listAndCountRoutes<V extends z.ZodType>(
  app: App,
  list: {
    path: string;
    access: PermissionKey | PermissionKey[];
    tags: string[];
    view: V;
    listSummary: string;
    countSummary: string;
    /** The page size when the filter gives none. */
    defaultLimit?: number;
    /** The largest page the filter may ask for (MAX_LIMIT of lib/filter.ts when not given); above it a 400. */
    maxLimit?: number;
    list: (caller: Caller, f: ListFilterArgs) => Promise<z.infer<V>[]>;
    count: (caller: Caller, where: Record<string, unknown> | undefined) => Promise<number>;
  },
) {
  const r = routesOf(app, { tags: list.tags });
  const defaults = { limit: list.defaultLimit, max: list.maxLimit };
  r.get(
    list.path,
    { access: list.access, summary: list.listSummary, querystring: ListFilterQuery, reply: z.array(list.view) },
    (req) => list.list(callerOf(req), parseListFilter(req.query.filter, defaults)),
  );
  r.get(
    `${list.path}/count`,
    { access: list.access, summary: list.countSummary, querystring: CountWhereQuery, reply: CountBody },
    async (req) => ({ count: await list.count(callerOf(req), parseWhere(req.query.where)) }),
  );
}
