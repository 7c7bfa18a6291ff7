import { IdParams } from '@regcheck/shared';
import { pageOf } from '@regcheck/shared/schemas/common';
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../db/tables/webhooks.tables';
import { parseListFilter } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { webhooksAccess } from './webhooks.policy';
import * as service from './webhooks.service';

const tags = ['external API'];
const Events = z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length);
const Url = z.string().trim().url().max(2000);
const WebhookView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  createdAt: z.string(),
});
const DeliveryView = z.object({
  id: z.string(),
  webhookId: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});

export const webhooksRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/webhooks',
    { access: webhooksAccess.manage, summary: 'Webhooks of the company', reply: z.array(WebhookView) },
    (req) => service.listWebhooks(deps, tenantCallerOf(req)),
  );

  r.post(
    '/webhooks',
    {
      access: webhooksAccess.manage,
      summary:
        'Register an HTTPS endpoint for events (list.match, form.signed, operation.finished, allegation.received). ' +
        'Each delivery is a JSON POST {id, event, createdAt, data} signed in the X-RegCheck-Signature header ' +
        '(t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">); the secret is shown only in this answer',
      body: z.object({ url: Url, events: Events }),
      reply: z.object({ webhook: WebhookView, secret: z.string() }),
    },
    (req) => service.createWebhook(deps, tenantCallerOf(req), req.body),
  );

  r.patch(
    '/webhooks/:id',
    {
      access: webhooksAccess.manage,
      summary: 'Change the URL or events of a webhook, or switch it on or off',
      params: IdParams,
      body: z.object({ url: Url.optional(), events: Events.optional(), active: z.boolean().optional() }),
      reply: WebhookView,
    },
    (req) => service.updateWebhook(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  r.delete(
    '/webhooks/:id',
    {
      access: webhooksAccess.manage,
      summary: 'Remove a webhook (its delivery log stays)',
      params: IdParams,
      reply: z.object({ id: z.string() }),
    },
    (req) => service.deleteWebhook(deps, tenantCallerOf(req), req.params.id),
  );

  r.get(
    '/webhooks/:id/deliveries',
    {
      access: webhooksAccess.manage,
      summary: 'Delivery log of a webhook, newest first (filter: limit, skip)',
      params: IdParams,
      querystring: z.object({ filter: z.string().optional() }),
      reply: pageOf(DeliveryView),
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return service.listDeliveries(deps, tenantCallerOf(req), req.params.id, { limit: f.limit, skip: f.skip });
    },
  );

  r.post(
    '/webhooks/deliveries/:id/replay',
    {
      access: webhooksAccess.manage,
      summary: 'Send a logged delivery again (a new delivery with the same event and data)',
      params: IdParams,
      reply: DeliveryView,
    },
    (req) => service.replayDelivery(deps, tenantCallerOf(req), req.params.id),
  );
});
