import { CountBody, NotificationsReadBody, NotificationView } from '@regcheck/shared';
import { z } from 'zod';
import { sendDownload, XLSX } from '../../lib/download';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { monitoringAccess } from './monitoring.policy';
import * as service from './notifications.service';

const tags = ['notifications'];
const access = monitoringAccess.notifications;

/** Notifications of the company (the notifications permission: admin, adminNoUser, userMonitoring, allegation roles). */
export const notificationsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/notifications',
    {
      access,
      summary: 'Notifications, newest first (filter where: read, kind, fichaId, consultationCode, createdAt)',
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(NotificationView),
    },
    (req) => service.list(deps, tenantCallerOf(req), req.query.filter, req.locale),
  );

  r.get(
    '/notifications/count',
    {
      access,
      summary: 'Number of notifications (where as the list)',
      querystring: z.object({ where: z.string().optional() }),
      reply: CountBody,
    },
    async (req) => ({ count: await service.count(deps, tenantCallerOf(req), req.query.where) }),
  );

  r.get(
    '/notifications/report',
    {
      access,
      summary:
        "The notifications of the days from..to as an .xlsx file ('No notifications in the date range' when none)",
      querystring: z.object({ from: z.string().min(1).max(10), to: z.string().min(1).max(10) }),
    },
    async (req, reply) => {
      const file = await service.notificationsReport(deps, tenantCallerOf(req), req.locale, req.query);
      return sendDownload(reply, { type: XLSX, name: file.filename, body: file.body });
    },
  );

  r.get(
    '/notifications/:id',
    { access, summary: 'One notification', params: z.object({ id: z.string().uuid() }), reply: NotificationView },
    (req) => service.get(deps, tenantCallerOf(req), req.params.id, req.locale),
  );

  r.patch(
    '/notifications/read',
    {
      access,
      summary: 'Mark notifications read (ids, or all when omitted)',
      body: NotificationsReadBody,
      reply: z.object({ count: z.number().int() }),
    },
    async (req) => ({ count: await service.markRead(deps, tenantCallerOf(req), req.body.ids) }),
  );
});
