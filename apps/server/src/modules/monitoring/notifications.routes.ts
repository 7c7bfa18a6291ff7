import { CountBody, NotificationsReadBody, NotificationView } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import { withTenant } from '../../db/tenant';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { caller } from '../../plugins/context';
import { ctxOf } from '../fichas/fichas.service';
import * as repo from './notifications.repo';

const tags = ['notifications'];

const view = (r: Record<string, unknown>) => ({
  id: String(r.id),
  title: String(r.title),
  description: String(r.description ?? ''),
  fichaId: (r.fichaId as string | null) ?? null,
  consultationCode: (r.consultationCode as string | null) ?? null,
  read: Boolean(r.read),
  kind: String(r.kind),
  data: typeof r.data === 'string' ? JSON.parse(r.data) : (r.data ?? undefined),
  createdAt: new Date(r.createdAt as string).toISOString(),
});

/** Notifications of the company (the notifications permission: admin, adminNoUser, userMonitoring, allegation roles). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/notifications',
    {
      config: { access: 'notifications' },
      schema: {
        tags,
        summary: 'Notifications, newest first (filter where: read, kind, fichaId, consultationCode, createdAt)',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(NotificationView) },
      },
    },
    async (req) => {
      const ctx = ctxOf(caller(req), req);
      const f = parseListFilter(req.query.filter);
      const where = whereToSql(f.where as Record<string, unknown> | undefined, repo.NOTIFICATION_FIELDS);
      const order = orderToSql(f.order, repo.NOTIFICATION_FIELDS, 'created_at desc, id desc');
      const rows = await withTenant(deps.db, ctx.companyId, (trx) =>
        repo.listNotifications(trx, ctx.companyId, where, order, f.limit, f.skip),
      );
      return rows.map(view);
    },
  );

  app.get(
    '/notifications/count',
    {
      config: { access: 'notifications' },
      schema: {
        tags,
        summary: 'Number of notifications (where as the list)',
        querystring: z.object({ where: z.string().optional() }),
        response: { 200: CountBody },
      },
    },
    async (req) => {
      const ctx = ctxOf(caller(req), req);
      const where = whereToSql(parseWhere(req.query.where), repo.NOTIFICATION_FIELDS);
      return {
        count: await withTenant(deps.db, ctx.companyId, (trx) => repo.countNotifications(trx, ctx.companyId, where)),
      };
    },
  );

  app.patch(
    '/notifications/read',
    {
      config: { access: 'notifications' },
      schema: {
        tags,
        summary: 'Mark notifications read (ids, or all when omitted)',
        body: NotificationsReadBody,
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(caller(req), req);
      return {
        count: await withTenant(deps.db, ctx.companyId, (trx) => repo.markRead(trx, ctx.companyId, req.body.ids)),
      };
    },
  );
};
