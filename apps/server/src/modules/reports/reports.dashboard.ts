import { reviewWindow } from '@regcheck/shared';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { reviewCounts } from '../fichas/fichas.service';
import { coafSummary } from './reports.coaf';
import { listNews } from './reports.news.repo';
import { periodOf } from './reports.range';
import * as repo from './reports.repo';

/**
 * GET /home-dashboard: every widget of the home dashboard for a period (last 30 days by default), each from one
 * aggregate query: portfolio risk, activity summary, operations and fichas created per day, forms sent and signed,
 * list matches by list, latest notifications and the news of the company's country; and, as of today whatever the
 * period, the periodic reviews due this month and overdue (by the fichas list's own `reviewState` conditions).
 */
export async function dashboard(deps: AppDeps, caller: TenantCaller, q: { from?: string; to?: string }) {
  const period = periodOf(q.from, q.to);
  const now = new Date();
  const { companyId } = caller;
  const r = period.range;
  const data = await withTenant(deps.db, companyId, async (trx) => ({
    jit: await repo.withoutJit(trx),
    risk: await repo.riskCounts(trx, companyId, r),
    activity: await repo.activity(trx, companyId, r),
    perDay: await repo.createdPerDay(trx, companyId, r),
    forms: await repo.forms(trx, companyId, r),
    matches: await repo.matchesByList(trx, companyId, r),
    notifications: await repo.latestNotifications(trx, companyId, r),
    reviews: await reviewCounts(trx, companyId, now),
    news: await listNews(trx, caller.auth.company?.country ?? null, 5, 0),
  }));
  const risk = { high: 0, medium: 0, low: 0, none: 0 };
  for (const row of data.risk) {
    const key = (row.risk ?? 'none') as keyof typeof risk;
    risk[key in risk ? key : 'none'] += Number(row.n);
  }
  const a = data.activity;
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
    perDay: data.perDay.map((d) => ({ day: d.day, operations: Number(d.operations), fichas: Number(d.fichas) })),
    forms: { sent: Number(data.forms.sent), signed: Number(data.forms.signed) },
    matchesByList: data.matches.map((m) => ({ listId: m.listId, listName: m.listName, count: Number(m.n) })),
    reviews: { asOf: reviewWindow(now).today, ...data.reviews },
    notifications: data.notifications.map((n) => ({
      id: n.id,
      title: n.title,
      description: n.description,
      fichaId: n.fichaId,
      read: n.read,
      createdAt: new Date(n.createdAt).toISOString(),
    })),
    news: data.news,
    coaf: await coafSummary(deps, caller),
  };
}
