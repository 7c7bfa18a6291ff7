import { IdParams } from '@regcheck/shared';
import { pageOf } from '@regcheck/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../db/tables/webhooks.tables';
import { parseListFilter } from '../../lib/filter';
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

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/webhooks',
    {
      config: { access: webhooksAccess.manage },
      schema: { tags, summary: 'Webhooks of the company', response: { 200: z.array(WebhookView) } },
    },
    async (req) => service.listWebhooks(deps, tenantCallerOf(req)),
  );

  app.post(
    '/webhooks',
    {
      config: { access: webhooksAccess.manage },
      schema: {
        tags,
        summary:
          'Register an HTTPS endpoint for events (list.match, form.signed, operation.finished, allegation.received). ' +
          'Each delivery is a JSON POST {id, event, createdAt, data} signed in the X-RegCheck-Signature header ' +
          '(t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">); the secret is shown only in this answer',
        body: z.object({ url: Url, events: Events }),
        response: { 200: z.object({ webhook: WebhookView, secret: z.string() }) },
      },
    },
    async (req) => service.createWebhook(deps, tenantCallerOf(req), req.body),
  );

  app.patch(
    '/webhooks/:id',
    {
      config: { access: webhooksAccess.manage },
      schema: {
        tags,
        summary: 'Change the URL or events of a webhook, or switch it on or off',
        params: IdParams,
        body: z.object({ url: Url.optional(), events: Events.optional(), active: z.boolean().optional() }),
        response: { 200: WebhookView },
      },
    },
    async (req) => service.updateWebhook(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: { access: webhooksAccess.manage },
      schema: {
        tags,
        summary: 'Remove a webhook (its delivery log stays)',
        params: IdParams,
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (req) => service.deleteWebhook(deps, tenantCallerOf(req), req.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: { access: webhooksAccess.manage },
      schema: {
        tags,
        summary: 'Delivery log of a webhook, newest first (filter: limit, skip)',
        params: IdParams,
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: pageOf(DeliveryView) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return service.listDeliveries(deps, tenantCallerOf(req), req.params.id, { limit: f.limit, skip: f.skip });
    },
  );

  app.post(
    '/webhooks/deliveries/:id/replay',
    {
      config: { access: webhooksAccess.manage },
      schema: {
        tags,
        summary: 'Send a logged delivery again (a new delivery with the same event and data)',
        params: IdParams,
        response: { 200: DeliveryView },
      },
    },
    async (req) => service.replayDelivery(deps, tenantCallerOf(req), req.params.id),
  );
};
