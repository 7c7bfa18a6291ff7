import { CountBody, NotificationsReadBody, NotificationView } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload, XLSX } from '../../lib/download';
import { tenantCallerOf } from '../../plugins/context';
import { monitoringAccess } from './monitoring.policy';
import * as service from './notifications.service';

const tags = ['notifications'];
const access = monitoringAccess.notifications;

/** Notifications of the company (the notifications permission: admin, adminNoUser, userMonitoring, allegation roles). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/notifications',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Notifications, newest first (filter where: read, kind, fichaId, consultationCode, createdAt)',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(NotificationView) },
      },
    },
    async (req) => service.list(deps, tenantCallerOf(req), req.query.filter, req.locale),
  );

  app.get(
    '/notifications/count',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Number of notifications (where as the list)',
        querystring: z.object({ where: z.string().optional() }),
        response: { 200: CountBody },
      },
    },
    async (req) => ({ count: await service.count(deps, tenantCallerOf(req), req.query.where) }),
  );

  app.get(
    '/notifications/report',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "The notifications of the days from..to as an .xlsx file ('No notifications in the date range' when none)",
        querystring: z.object({ from: z.string().min(1).max(10), to: z.string().min(1).max(10) }),
      },
    },
    async (req, reply) => {
      const file = await service.notificationsReport(deps, tenantCallerOf(req), req.locale, req.query);
      return sendDownload(reply, { type: XLSX, name: file.filename, body: file.body });
    },
  );

  app.get(
    '/notifications/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One notification',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: NotificationView },
      },
    },
    async (req) => service.get(deps, tenantCallerOf(req), req.params.id, req.locale),
  );

  app.patch(
    '/notifications/read',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Mark notifications read (ids, or all when omitted)',
        body: NotificationsReadBody,
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (req) => ({ count: await service.markRead(deps, tenantCallerOf(req), req.body.ids) }),
  );
};
