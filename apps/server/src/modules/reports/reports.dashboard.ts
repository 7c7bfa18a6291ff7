import { reviewWindow } from '@regcheck/shared';
import { type Executor, withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { reviewCountsOf } from '../fichas';
import { coafSummary } from './reports.coaf';
import { listNews } from './reports.news.repo';
import { periodOf } from './reports.range';
import * as repo from './reports.repo';
import { PORTFOLIO_RISKS } from './reports.repo';

type Work<T> = (trx: Executor) => Promise<T>;

/**
 * Runs the dashboard's pieces of work. On PostgreSQL each piece has a transaction and a connection of its own and all
 * run at once (decision 200): the request waits for the slowest piece, not for the sum, and the server spreads them
 * over its cores. Each transaction is a tenant one (`withTenant`: the company's role and row-level security) with JIT
 * off. The figures are no less consistent than before: at READ COMMITTED every statement of the one transaction
 * already had a snapshot of its own. On the embedded database (one connection, one thread) they run one after
 * another in one transaction, as before.
 */
async function runAll<W extends Record<string, Work<unknown>>>(
  deps: AppDeps,
  companyId: string,
  work: W,
): Promise<{ [K in keyof W]: Awaited<ReturnType<W[K]>> }> {
  const keys = Object.keys(work) as (keyof W)[];
  const out = {} as { [K in keyof W]: Awaited<ReturnType<W[K]>> };
  if (deps.database.kind === 'postgres') {
    const results = await Promise.all(
      keys.map((k) =>
        withTenant(deps.db, companyId, async (trx) => {
          await repo.withoutJit(trx);
          return (work[k] as Work<unknown>)(trx);
        }),
      ),
    );
    keys.forEach((k, i) => {
      out[k] = results[i] as Awaited<ReturnType<W[typeof k]>>;
    });
    return out;
  }
  return withTenant(deps.db, companyId, async (trx) => {
    await repo.withoutJit(trx);
    for (const k of keys) out[k] = (await (work[k] as Work<unknown>)(trx)) as Awaited<ReturnType<W[typeof k]>>;
    return out;
  });
}

/**
 * GET /home-dashboard: every widget of the home dashboard for a period (last 30 days by default), each from one
 * aggregate query: portfolio risk, activity summary, operations and fichas created per day, forms sent and signed,
 * list matches by list, latest notifications and the news of the company's country; and, as of today whatever the
 * period, the periodic reviews due this month and overdue (by the fichas list's own `reviewState` conditions). The
 * pieces run at once on PostgreSQL (`runAll`, decision 200): the portfolio as four range scans (one per risk level),
 * the forms, the activity with the days, and the short lists together.
 */
export async function dashboard(deps: AppDeps, caller: TenantCaller, q: { from?: string; to?: string }) {
  const period = periodOf(q.from, q.to);
  const now = new Date();
  const { companyId } = caller;
  const r = period.range;
  const [high, medium, low, none] = PORTFOLIO_RISKS;
  const [data, coaf] = await Promise.all([
    runAll(deps, companyId, {
      high: (trx) => repo.riskCount(trx, companyId, r, high),
      medium: (trx) => repo.riskCount(trx, companyId, r, medium),
      low: (trx) => repo.riskCount(trx, companyId, r, low),
      none: (trx) => repo.riskCount(trx, companyId, r, none),
      forms: (trx) => repo.forms(trx, companyId, r),
      activity: async (trx) => ({
        activity: await repo.activity(trx, companyId, r),
        perDay: await repo.createdPerDay(trx, companyId, r),
      }),
      lists: async (trx) => ({
        matches: await repo.matchesByList(trx, companyId, r),
        notifications: await repo.latestNotifications(trx, companyId, r),
        reviews: await reviewCountsOf(trx, companyId, now),
        news: await listNews(trx, caller.auth.company?.country ?? null, 5, 0),
      }),
    }),
    coafSummary(deps, caller),
  ]);
  const risk = { high: data.high, medium: data.medium, low: data.low, none: data.none };
  const { activity: a, perDay } = data.activity;
  const { matches, notifications, reviews, news } = data.lists;
  return {
    from: period.from,
    to: period.to,
    risk,
    activity: {
      operations: Number(a?.operations ?? 0),
      roe: Number(a?.roe ?? 0),
      ros: Number(a?.ros ?? 0),
      closed: Number(a?.closed ?? 0),
      fichas: Number(a?.fichas ?? 0),
      matches: Number(a?.matches ?? 0),
      notifications: Number(a?.notifications ?? 0),
    },
    perDay: perDay.map((d) => ({ day: d.day, operations: Number(d.operations), fichas: Number(d.fichas) })),
    forms: { sent: Number(data.forms.sent), signed: Number(data.forms.signed) },
    matchesByList: matches.map((m) => ({ listId: m.listId, listName: m.listName, count: Number(m.n) })),
    reviews: { asOf: reviewWindow(now).today, ...reviews },
    notifications: notifications.map((n) => ({
      id: n.id,
      title: n.title,
      description: n.description,
      fichaId: n.fichaId,
      read: n.read,
      createdAt: new Date(n.createdAt).toISOString(),
    })),
    news,
    coaf,
  };
}
