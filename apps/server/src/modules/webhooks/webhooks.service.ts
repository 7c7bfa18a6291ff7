import { createHmac } from 'node:crypto';
import type { WebhookDeliveryRow, WebhookEvent, WebhookRow } from '../../db/tables/webhooks.tables';
import type { Executor } from '../../db/tenant';
import { withTenant } from '../../db/tenant';
import type { JobQueue } from '../../jobs/queue';
import { audit } from '../../lib/audit';
import { randomToken } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { outboundRequest, urlProblem } from '../../lib/outbound-http';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { receivesAllegationDetails } from './webhooks.policy';
import * as repo from './webhooks.repo';

export const DELIVER_JOB = 'webhook.deliver';
/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`. */
export const SIGNATURE_HEADER = 'x-regcheck-signature';

export function toWebhookView(w: WebhookRow) {
  return {
    id: w.id,
    url: w.url,
    events: w.events as WebhookEvent[],
    active: w.active,
    createdAt: w.createdAt.toISOString(),
  };
}

export function toDeliveryView(d: WebhookDeliveryRow) {
  return {
    id: d.id,
    webhookId: d.webhookId,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    error: d.error,
    createdAt: d.createdAt.toISOString(),
    lastAttemptAt: d.lastAttemptAt ? d.lastAttemptAt.toISOString() : null,
    deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null,
  };
}

/** The signature a receiver recomputes: HMAC-SHA256 over "<timestamp>.<raw body>" with the webhook's secret. */
export function sign(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A webhook is sent to https and a public host (http and a private one only where the operator allows it). */
const URL_RULES = { schemes: ['https:'], httpWhenAllowed: true } as const;

function checkUrl(deps: AppDeps, url: string) {
  if (urlProblem(deps.config.outbound, url, URL_RULES)) throw new AppError('WEBHOOK_URL_REFUSED', { field: 'url' });
}

/** POST /webhooks: registers an endpoint for events; its signing secret is shown only in this answer. */
export async function createWebhook(
  deps: AppDeps,
  caller: TenantCaller,
  body: { url: string; events: WebhookEvent[] },
) {
  checkUrl(deps, body.url);
  const secret = `whsec_${randomToken(24)}`;
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await repo.insertWebhook(trx, {
      companyId: caller.companyId,
      url: body.url,
      events: body.events,
      secret,
      createdBy: caller.auth.userId,
    });
    await audit(trx, caller, { action: 'webhook.created', entity: 'webhook', id: row.id, after: toWebhookView(row) });
    return { webhook: toWebhookView(row), secret };
  });
}

export async function listWebhooks(deps: AppDeps, caller: TenantCaller) {
  return withTenant(deps.db, caller.companyId, async (trx) =>
    (await repo.listWebhooks(trx, caller.companyId)).map(toWebhookView),
  );
}

/** PATCH /webhooks/{id}: another URL, other events, on or off. */
export async function updateWebhook(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  patch: { url?: string; events?: WebhookEvent[]; active?: boolean },
) {
  if (patch.url !== undefined) checkUrl(deps, patch.url);
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await repo.findWebhook(trx, caller.companyId, id);
    if (!before) throw new AppError('WEBHOOK_NOT_FOUND');
    const after = await repo.updateWebhook(trx, caller.companyId, id, patch);
    if (!after) throw new AppError('WEBHOOK_NOT_FOUND');
    await audit(trx, caller, {
      action: 'webhook.updated',
      entity: 'webhook',
      id,
      before: toWebhookView(before),
      after: toWebhookView(after),
    });
    return toWebhookView(after);
  });
}

/** DELETE /webhooks/{id}: no more deliveries; the delivery log stays. */
export async function deleteWebhook(deps: AppDeps, caller: TenantCaller, id: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await repo.updateWebhook(trx, caller.companyId, id, { deletedAt: new Date(), active: false });
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    await audit(trx, caller, { action: 'webhook.deleted', entity: 'webhook', id, before: toWebhookView(row) });
    return { id };
  });
}

/** GET /webhooks/{id}/deliveries: the delivery log of one webhook, newest first. */
export async function listDeliveries(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  opts: { limit: number; skip: number },
) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    if (!(await repo.findWebhook(trx, caller.companyId, id))) throw new AppError('WEBHOOK_NOT_FOUND');
    return {
      data: (await repo.listDeliveries(trx, caller.companyId, id, opts)).map(toDeliveryView),
      count: await repo.countDeliveries(trx, caller.companyId, id),
    };
  });
}

/** A delivery is a job of the application's queue, enqueued in the change's transaction (it exists if it commits). */
async function enqueueDelivery(queue: Pick<JobQueue, 'enqueue'>, trx: Executor, companyId: string, deliveryId: string) {
  await queue.enqueue(trx, DELIVER_JOB, { companyId, deliveryId }, { companyId });
}

/** POST /webhooks/deliveries/{id}/replay: sends a logged delivery's event again, as a new delivery. */
export async function replayDelivery(deps: AppDeps, caller: TenantCaller, deliveryId: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const d = await repo.findDelivery(trx, caller.companyId, deliveryId);
    if (!d || !(await repo.findWebhook(trx, caller.companyId, d.webhookId)))
      throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
    const copy = await repo.insertDelivery(trx, {
      companyId: caller.companyId,
      webhookId: d.webhookId,
      event: d.event,
      payload: d.payload as Record<string, unknown>,
    });
    await enqueueDelivery(deps.queue, trx, caller.companyId, copy.id);
    await audit(trx, caller, {
      action: 'webhook.replayed',
      entity: 'webhook',
      id: d.webhookId,
      after: { delivery: deliveryId, replay: copy.id },
    });
    return toDeliveryView(copy);
  });
}

/** What an allegation event says only to who may read allegations: what it is about (decision 114). */
const ALLEGATION_DETAILS = ['category', 'leyKarin'] as const;

function payloadFor(event: WebhookEvent, creatorRole: string | null, payload: Record<string, unknown>) {
  if (!event.startsWith('allegation.') || receivesAllegationDetails(creatorRole)) return payload;
  const out = { ...payload };
  for (const k of ALLEGATION_DETAILS) delete out[k];
  return out;
}

/**
 * Tells the company's webhooks subscribed to `event`: one logged delivery each, sent by a job of the application's
 * queue (`deps.queue`) once `trx` commits (retried with exponential backoff). Call it inside the transaction of the change that raised the event.
 * An allegation event reaches a webhook whose creator lacks the allegations permission without its category and
 * flags (decision 114); the logged payload is the one sent, so a replay sends no more.
 */
export async function deliverWebhookEvent(
  queue: Pick<JobQueue, 'enqueue'>,
  trx: Executor,
  companyId: string,
  event: WebhookEvent,
  payload: Record<string, unknown>,
) {
  const hooks = await repo.subscribers(trx, companyId, event);
  for (const h of hooks) {
    const d = await repo.insertDelivery(trx, {
      companyId,
      webhookId: h.id,
      event,
      payload: payloadFor(event, h.creatorRole, payload),
    });
    await enqueueDelivery(queue, trx, companyId, d.id);
  }
  return hooks.length;
}

/**
 * The delivery job: POSTs the event as JSON with its signature. A 2xx answer delivers it; anything else (or a
 * network error, or a host that now resolves to a refused address) records the attempt and throws, so the queue
 * retries later. A deleted or switched-off webhook ends the delivery as failed.
 */
export async function runDelivery(deps: AppDeps, companyId: string, deliveryId: string) {
  const found = await withTenant(deps.db, companyId, async (trx) => {
    const d = await repo.findDelivery(trx, companyId, deliveryId);
    const w = d ? await repo.findWebhook(trx, companyId, d.webhookId) : undefined;
    return { d, w };
  });
  const { d, w } = found;
  if (!d || d.status === 'delivered') return;
  const record = (r: Parameters<typeof repo.recordAttempt>[3]) =>
    withTenant(deps.db, companyId, (trx) => repo.recordAttempt(trx, companyId, deliveryId, r));
  if (!w?.active) {
    await record({ status: 'failed', responseStatus: null, error: 'webhook removed or switched off' });
    return;
  }
  const body = JSON.stringify({ id: d.id, event: d.event, createdAt: d.createdAt.toISOString(), data: d.payload });
  const timestamp = Math.floor(Date.now() / 1000);
  let status: number | null = null;
  let error: string | null = null;
  try {
    // checked again here: the address is resolved now and connected to as checked (a name pointed inside since the
    // registration, or between the check and the connection, reaches nothing); a redirect is not followed
    const res = await outboundRequest(deps.config.outbound, w.url, {
      ...URL_RULES,
      method: 'POST',
      timeoutMs: deps.config.webhooks.timeoutMs,
      maxBytes: 64 * 1024,
      maxRedirects: 0,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'RegCheck-Webhooks/1',
        'x-regcheck-event': d.event,
        'x-regcheck-delivery': d.id,
        [SIGNATURE_HEADER]: sign(w.secret, timestamp, body),
      },
      body,
    });
    status = res.status;
    if (status < 200 || status >= 300) error = `the receiver answered ${status}`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  if (!error) {
    await record({ status: 'delivered', responseStatus: status, error: null });
    return;
  }
  await record({ status: 'pending', responseStatus: status, error });
  throw new Error(`webhook delivery ${deliveryId}: ${error}`);
}

/** The queue gave up: the delivery is failed (it can still be replayed). */
export async function giveUpDelivery(deps: AppDeps, companyId: string, deliveryId: string) {
  await withTenant(deps.db, companyId, (trx) => repo.markFailed(trx, companyId, deliveryId));
}
