import { isoWeek, localeOf, utcDay } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps } from '../../plugins/context';
import * as fichas from '../fichas';
import { notifyOnce, renderDescription, renderText } from '../monitoring';

/*
 * The weekly notification of overdue reviews (issue 24, point 4; decision 121): once per company and ISO week, a
 * company with active fichas whose review day has passed gets one notification (kind `reviews.overdue`, read by
 * the customer roles, never by the allegation roles: monitoring.policy `notificationScope`) naming them, the
 * longest overdue first, and an audit row. Safe to run twice: the notification is keyed by the week.
 */

export const OVERDUE_REVIEWS_JOB = 'fichaReviews.overdueWeekly';
export const OVERDUE_NOTIFICATION_KIND = 'reviews.overdue';
/** How many customers the notification names (the rest are counted). */
export const NAMED_IN_NOTIFICATION = 10;

/** Runs this week's notification for every company with overdue reviews; answers how many companies were told. */
export async function runOverdueReviews(deps: AppDeps, now = new Date()) {
  const week = isoWeek(now);
  const companies = await withSystem(deps.db, (trx) => fichas.companiesWithOverdueReviews(trx, now));
  let sent = 0;
  for (const c of companies) {
    const done = await withTenant(deps.db, c.companyId, async (trx) => {
      const { rows, total } = await fichas.overdueReviewFichas(trx, c.companyId, NAMED_IN_NOTIFICATION, now);
      if (total === 0) return false;
      const locale = localeOf(c.language);
      const more = total - rows.length;
      // keys and values (decision 190): each reader reads it in their language; the stored text is the company's
      const text = {
        title: 'fichas:reviews.notification.title',
        description: 'fichas:reviews.notification.body',
        params: { count: total },
        paramLists: {
          list: {
            key: 'fichas:reviews.notification.item',
            items: rows.map((r) => ({ name: fichas.fullNameOf(r), date: formatDate(utcDay(r.nextReviewAt)) })),
          },
        },
        more: more > 0 ? [{ key: 'fichas:reviews.notification.more', params: { count: more } }] : [],
      };
      const written = await notifyOnce(trx, c.companyId, {
        kind: OVERDUE_NOTIFICATION_KIND,
        key: `reviews-overdue:${week}`,
        title: renderText(locale, text.title, text),
        description: renderDescription(locale, text),
        data: { week, total, fichaIds: rows.map((r) => r.id) },
        text,
      });
      if (!written) return false;
      await audit(
        trx,
        { companyId: c.companyId, userId: null },
        {
          action: 'ficha.reviews.overdueNotified',
          entity: 'company',
          id: c.companyId,
          after: { week, total, named: rows.map((r) => r.id) },
        },
      );
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/** Enqueues this week's run once (the hourly timer of a process that runs the schedules calls this). */
export async function scheduleOverdueReviews(deps: AppDeps, now = new Date()) {
  const key = `${OVERDUE_REVIEWS_JOB}:${isoWeek(now)}`;
  if (await deps.queue.hasKey(deps.db, key)) return false;
  await deps.queue.enqueue(deps.db, OVERDUE_REVIEWS_JOB, { week: isoWeek(now) }, { singletonKey: key });
  return true;
}
