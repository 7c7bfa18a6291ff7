import { coafThresholdOf, localeOf } from '@regcheck/shared';
import { formatAmount, formatDate, padCodigo } from '@regcheck/shared/format/index';
import { isBrazil } from '@regcheck/shared/permissions';
import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { isBusinessDayIn, previousBusinessDay } from '../../lib/business-days';
import { type NotificationText, notificationText, renderDescription, renderText } from '../../lib/notification-text';
import type { AppDeps } from '../../plugins/context';
import { brazilToday } from './reports.coaf';
import * as repo from './reports.coaf.repo';

export const COAF_NOTICES_JOB = 'reports.coafDueToday';

/**
 * The day a COAF communication falls due (issue 23, point 3): for every Brazilian company, each pending operation
 * (at the threshold, not communicated) whose deadline is today gets one in-app notification in the company's
 * language, with its audit row; once per operation (coaf_due_notices, claimed in the same transaction). Safe to run
 * any number of times a day: the schedule runs it every hour, so an operation entered later in its deadline day is
 * notified too.
 */
export async function runCoafDueNotices(deps: AppDeps, today = brazilToday()): Promise<number> {
  // a deadline is always a business day: nothing falls due on a weekend or a holiday
  if (!isBusinessDayIn('BR', today)) return 0;
  const companies = await withSystem(deps.db, (trx) => repo.companiesWithBrlCash(trx));
  const from = previousBusinessDay(today, 'BR');
  let sent = 0;
  for (const company of companies) {
    if (!isBrazil(company.country)) continue;
    const { companyId } = company;
    const locale = localeOf(company.language);
    const threshold = coafThresholdOf(company.settings);
    sent += await withTenant(deps.db, companyId, async (trx) => {
      let n = 0;
      for (const o of await repo.dueTodayNotNotified(trx, companyId, { threshold, from, today })) {
        if (!(await repo.claimDueNotice(trx, companyId, o.id))) continue;
        const params = {
          codigo: padCodigo(o.codigo),
          amount: formatAmount(Number(o.cashAmount), { decimals: 2 }),
          date: formatDate(today),
        };
        // keys and values (decision 190): each reader reads it in their language; the stored text is the company's
        const text: NotificationText = { title: 'coaf:title', description: 'coaf:notification', params };
        await repo.insertDueNotification(trx, companyId, {
          title: renderText(locale, text.title, text),
          description: renderDescription(locale, text),
          codigo: params.codigo,
          data: { operationId: o.id, deadline: today, operationDate: o.operationDay, ...notificationText(text) },
        });
        await audit(
          trx,
          { companyId, userId: null },
          {
            action: 'report.coaf.dueNotified',
            entity: 'operation',
            id: o.id,
            after: { deadline: today, operationDate: o.operationDay },
          },
        );
        n++;
      }
      return n;
    });
  }
  return sent;
}

/** Enqueues the check once per hour (Brasília's day and hour in its key). */
export async function scheduleCoafDueNotices(deps: AppDeps, now = new Date()) {
  const key = `${COAF_NOTICES_JOB}:${brazilToday(now)}:${now.getUTCHours()}`;
  if (await deps.queue.hasKey(deps.db, key)) return;
  await deps.queue.enqueue(deps.db, COAF_NOTICES_JOB, {}, { singletonKey: key });
}
