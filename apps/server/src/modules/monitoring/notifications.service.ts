import type { Locale } from '@regcheck/shared';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import { type Executor, withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import { parseListFilter, parseWhere } from '../../lib/filter';
import {
  type NotificationText,
  notificationText,
  renderDescription,
  renderStored,
  renderText,
} from '../../lib/notification-text';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { notificationScope } from './monitoring.policy';
import * as repo from './notifications.repo';

/** The notifications the caller's role reads (monitoring.policy: the channel's only to the allegation roles). */
const scopeOf = (caller: TenantCaller) => notificationScope(caller.auth.role);

function view(r: Record<string, unknown>, locale?: Locale) {
  const data = typeof r.data === 'string' ? JSON.parse(r.data) : (r.data ?? undefined);
  return {
    id: String(r.id),
    ...renderStored(locale, { title: r.title, description: r.description, data }),
    fichaId: (r.fichaId as string | null) ?? null,
    consultationCode: (r.consultationCode as string | null) ?? null,
    read: Boolean(r.read),
    kind: String(r.kind),
    data,
    createdAt: new Date(r.createdAt as string).toISOString(),
  };
}

/** GET /notifications: the company's notifications the caller's role reads, newest first, through the LoopBack filter. */
export async function list(deps: AppDeps, caller: TenantCaller, rawFilter: string | undefined, locale?: Locale) {
  const f = parseListFilter(rawFilter);
  const where = whereToSql(f.where as Record<string, unknown> | undefined, repo.NOTIFICATION_FIELDS);
  const order = orderToSql(f.order, repo.NOTIFICATION_FIELDS, 'created_at desc, id desc');
  const rows = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.listNotifications(trx, caller.companyId, scopeOf(caller), where, order, f.limit, f.skip),
  );
  return rows.map((r) => view(r, locale));
}

/** GET /notifications/count: how many match the where. */
export async function count(deps: AppDeps, caller: TenantCaller, rawWhere: string | undefined) {
  const where = whereToSql(parseWhere(rawWhere), repo.NOTIFICATION_FIELDS);
  return withTenant(deps.db, caller.companyId, (trx) =>
    repo.countNotifications(trx, caller.companyId, scopeOf(caller), where),
  );
}

/**
 * PATCH /notifications/read: marks the given notifications read (every unread one when `ids` is omitted); every id
 * must be the caller's company's (one unknown id is a 404 and nothing changes).
 */
export async function markRead(deps: AppDeps, caller: TenantCaller, ids: string[] | undefined) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const unique = ids ? [...new Set(ids)] : undefined;
    if (unique && (await repo.countNotificationsById(trx, caller.companyId, scopeOf(caller), unique)) !== unique.length)
      throw new AppError('NOTIFICATION_NOT_FOUND', { field: 'ids' });
    return repo.markRead(trx, caller.companyId, scopeOf(caller), unique);
  });
}

/** GET /notifications/{id}: one notification of the company (another company's id is a 404). */
export async function get(deps: AppDeps, caller: TenantCaller, id: string, locale?: Locale) {
  const row = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.findNotification(trx, caller.companyId, scopeOf(caller), id),
  );
  if (!row) throw new AppError('NOTIFICATION_NOT_FOUND', { field: 'id' });
  return view(row, locale);
}

/**
 * Writes a notification for the company once per `key` (kind + key): the caller's transaction, already in the
 * company's tenant. Answers false when one with the same kind and key exists (nothing written). For the other
 * modules' reminders (the notifications table belongs to this module).
 */
export async function notifyOnce(
  trx: Executor,
  companyId: string,
  n: {
    kind: string;
    key: string;
    title: string;
    description: string;
    data?: Record<string, unknown>;
    /** the catalogue keys and values the reader's language is written from */
    text?: NotificationText;
  },
) {
  if (await repo.hasKeyedNotification(trx, companyId, n.kind, n.key)) return false;
  await repo.insertNotification(trx, {
    companyId,
    kind: n.kind,
    title: n.title,
    description: n.description,
    data: JSON.stringify({ ...n.data, ...(n.text ? notificationText(n.text) : {}), key: n.key }),
  });
  return true;
}

export { notificationsReport } from './notifications.report';
export { type NotificationText, notificationText, renderDescription, renderText };
