import { tenantRows, tenantUpdate } from '../../db/crud';
import type { WebhookEvent } from '../../db/tables/webhooks.tables';
import type { Executor } from '../../db/tenant';

export function insertWebhook(
  db: Executor,
  w: { companyId: string; url: string; events: WebhookEvent[]; secret: string; createdBy: string },
) {
  return db
    .insertInto('webhooks')
    .values({ ...w, events: JSON.stringify(w.events) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listWebhooks(db: Executor, companyId: string) {
  return tenantRows(db, 'webhooks', companyId).where('deletedAt', 'is', null).orderBy('createdAt', 'desc').execute();
}

export function findWebhook(db: Executor, companyId: string, id: string) {
  return tenantRows(db, 'webhooks', companyId).where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
}

export function updateWebhook(
  db: Executor,
  companyId: string,
  id: string,
  patch: { url?: string; events?: WebhookEvent[]; active?: boolean; deletedAt?: Date },
) {
  return tenantUpdate(db, 'webhooks', companyId, {
    url: patch.url,
    events: patch.events ? JSON.stringify(patch.events) : undefined,
    active: patch.active,
    deletedAt: patch.deletedAt,
    updatedAt: new Date(),
  })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The company's active webhooks subscribed to an event, with the role of who registered each (null: unknown). */
export function subscribers(db: Executor, companyId: string, event: WebhookEvent) {
  return db
    .selectFrom('webhooks')
    .leftJoin('users', 'users.id', 'webhooks.createdBy')
    .select(['webhooks.id', 'users.role as creatorRole'])
    .where('webhooks.companyId', '=', companyId)
    .where('webhooks.active', '=', true)
    .where('webhooks.deletedAt', 'is', null)
    .where((eb) => eb('webhooks.events', '@>', JSON.stringify([event]) as never))
    .execute();
}

export function insertDelivery(
  db: Executor,
  d: { companyId: string; webhookId: string; event: string; payload: Record<string, unknown> },
) {
  return db
    .insertInto('webhookDeliveries')
    .values({ ...d, payload: JSON.stringify(d.payload) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findDelivery(db: Executor, companyId: string, id: string) {
  return tenantRows(db, 'webhookDeliveries', companyId).where('id', '=', id).executeTakeFirst();
}

export function listDeliveries(
  db: Executor,
  companyId: string,
  webhookId: string,
  opts: { limit: number; skip: number },
) {
  return tenantRows(db, 'webhookDeliveries', companyId)
    .where('webhookId', '=', webhookId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .offset(opts.skip)
    .execute();
}

export async function countDeliveries(db: Executor, companyId: string, webhookId: string) {
  const r = await db
    .selectFrom('webhookDeliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyId', '=', companyId)
    .where('webhookId', '=', webhookId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Records one attempt: its outcome, the receiver's status code or the error. */
export async function recordAttempt(
  db: Executor,
  companyId: string,
  id: string,
  r: { status: 'pending' | 'delivered' | 'failed'; responseStatus: number | null; error: string | null },
) {
  await db
    .updateTable('webhookDeliveries')
    .set((eb) => ({
      status: r.status,
      responseStatus: r.responseStatus,
      error: r.error,
      attempts: eb('attempts', '+', 1),
      lastAttemptAt: new Date(),
      deliveredAt: r.status === 'delivered' ? new Date() : null,
    }))
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Marks a delivery failed for good (the queue gave up on it). */
export async function markFailed(db: Executor, companyId: string, id: string) {
  await tenantUpdate(db, 'webhookDeliveries', companyId, { status: 'failed' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
