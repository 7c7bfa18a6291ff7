import type { Expression, Insertable, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { tenantUpdate } from '../../db/crud';
import type { NotificationsTable } from '../../db/tables/fichas.tables';
import type { Executor } from '../../db/tenant';
import { fieldsOf } from '../../lib/filter';
import { ALLEGATION_NOTIFICATION_KIND } from '../allegations';
import type { NotificationScope } from './monitoring.policy';

export const NOTIFICATION_FIELDS = fieldsOf(null, {
  id: 'uuid',
  read: 'boolean',
  kind: 'string',
  fichaId: 'uuid',
  consultationCode: 'string',
  title: 'string',
  createdAt: 'date',
  created_at: 'date',
});

/** The notifications a scope reads (monitoring.policy `notificationScope`): the channel's, or all the others. */
function inScope(scope: NotificationScope) {
  return scope === 'allegations'
    ? sql<SqlBool>`kind = ${ALLEGATION_NOTIFICATION_KIND}`
    : sql<SqlBool>`kind <> ${ALLEGATION_NOTIFICATION_KIND}`;
}

export function insertNotification(db: Executor, row: Insertable<NotificationsTable>) {
  return db.insertInto('notifications').values(row).returning('id').executeTakeFirstOrThrow();
}

/**
 * Writes a list match's notification unless the company has one with the same match key (the unique index waits
 * for a concurrent transaction writing the same key); answers false when nothing was written.
 */
export async function insertMatchNotification(
  db: Executor,
  row: Insertable<NotificationsTable> & { matchKey: string },
) {
  const r = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['companyId', 'matchKey']).where('matchKey', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Whether the company already has a notification of this kind whose data carries this key (`data.key`). */
export async function hasKeyedNotification(db: Executor, companyId: string, kind: string, key: string) {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from notifications
    where company_id = ${companyId} and kind = ${kind} and data->>'key' = ${key}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

export async function listNotifications(
  db: Executor,
  companyId: string,
  scope: NotificationScope,
  where: Expression<SqlBool>,
  order: ReturnType<typeof sql.join>,
  limit: number,
  skip: number,
) {
  const r = await sql<Record<string, unknown>>`
    select id, title, description, ficha_id as "fichaId", consultation_code as "consultationCode", read, kind, data,
      created_at as "createdAt"
    from notifications where company_id = ${companyId} and ${inScope(scope)} and ${where}
    order by ${order} limit ${limit} offset ${skip}`.execute(db);
  return r.rows;
}

export async function countNotifications(
  db: Executor,
  companyId: string,
  scope: NotificationScope,
  where: Expression<SqlBool>,
) {
  const r = await sql<{ n: number }>`select count(*)::int as n from notifications
    where company_id = ${companyId} and ${inScope(scope)} and ${where}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** How many of the ids are notifications of the company that the scope reads. */
export async function countNotificationsById(db: Executor, companyId: string, scope: NotificationScope, ids: string[]) {
  if (ids.length === 0) return 0;
  const r = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('companyId', '=', companyId)
    .where(inScope(scope))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function markRead(db: Executor, companyId: string, scope: NotificationScope, ids?: string[]) {
  let q = tenantUpdate(db, 'notifications', companyId, { read: true }).where(inScope(scope)).where('read', '=', false);
  if (ids) q = q.where('id', 'in', ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

export async function findNotification(db: Executor, companyId: string, scope: NotificationScope, id: string) {
  const r = await sql<Record<string, unknown>>`
    select id, title, description, ficha_id as "fichaId", consultation_code as "consultationCode", read, kind, data,
      created_at as "createdAt"
    from notifications where company_id = ${companyId} and ${inScope(scope)} and id = ${id}`.execute(db);
  return r.rows[0];
}

/** The notifications of a period (from inclusive, to exclusive), oldest first, for the date-range download. */
export async function notificationsBetween(
  db: Executor,
  companyId: string,
  scope: NotificationScope,
  from: string,
  to: string,
  limit: number,
) {
  const r = await sql<Record<string, unknown>>`
    select id, title, description, ficha_id as "fichaId", consultation_code as "consultationCode", read, kind, data,
      created_at as "createdAt"
    from notifications where company_id = ${companyId} and ${inScope(scope)} and created_at >= ${from}::timestamptz
      and created_at < ${to}::timestamptz
    order by created_at, id limit ${limit}`.execute(db);
  return r.rows;
}
