import { localeOf, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/index';
import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { type NotificationText, notificationText, renderDescription, renderText } from '../../lib/notification-text';
import type { AppDeps } from '../../plugins/context';
import { findCompany } from '../companies';
import { queueMail } from '../mail';
import { addDays, chileDate, nextDeadline } from './allegations.deadlines';
import { DEADLINE_RECIPIENT_ROLE } from './allegations.policy';
import { settingsOf } from './allegations.public';
import * as repo from './allegations.repo';

export const DEADLINES_JOB = 'allegations.deadlines';

/**
 * The daily deadline check (issue 10, point 4): for every open report whose deadline comes within the company's
 * reminder days, or has passed, e-mails the assignee and the allegations administrator (through the outbox) and
 * writes a notification, once per report, deadline and stage. The e-mail names the report id, the deadline and the
 * date, never the report's content. Safe to run twice (each notice is claimed once).
 */
export async function runDeadlines(deps: AppDeps, today = chileDate(new Date())) {
  const companies = await withSystem(deps.db, (trx) => repo.companiesWithOpenReports(trx));
  let sent = 0;
  for (const { companyId } of companies) {
    const company = await findCompany(deps.db, companyId);
    if (!company) continue;
    const settings = await settingsOf(deps, companyId, company);
    sent += await withTenant(deps.db, companyId, async (trx) => {
      let n = 0;
      const open = await repo.openAllegations(trx, companyId);
      const admins = await repo.listUsersWithRoles(trx, companyId, [DEADLINE_RECIPIENT_ROLE]);
      const companyLocale = localeOf(company.language);
      // an assignee is looked up once per run, however many of their reports are due
      const assignees = new Map<string, Awaited<ReturnType<typeof repo.findUserEmail>>>();
      for (const a of open) {
        const next = nextDeadline(a);
        if (!next) continue;
        const stage =
          next.due < today ? 'passed' : next.due <= addDays(today, settings.remindDaysBefore) ? 'soon' : null;
        if (!stage) continue;
        if (!(await repo.claimNotice(trx, companyId, a.id, next.deadline, stage))) continue;
        const recipients = new Map<string, { email: string; lang: string | null }>();
        for (const u of admins) recipients.set(u.id, { email: u.email, lang: null });
        if (a.assignedTo) {
          if (!assignees.has(a.assignedTo))
            assignees.set(a.assignedTo, await repo.findUserEmail(trx, companyId, a.assignedTo));
          const u = assignees.get(a.assignedTo);
          if (u) recipients.set(u.id, { email: u.email, lang: u.lang });
        }
        const params = {
          code: a.code,
          deadline: translate(companyLocale, `allegations:deadline.${next.deadline}`),
          due: formatDate(next.due),
        };
        for (const r of recipients.values()) {
          const locale = r.lang ? localeOf(r.lang) : companyLocale;
          const p = { ...params, deadline: translate(locale, `allegations:deadline.${next.deadline}`) };
          await queueMail(trx, deps.queue, deps.config, {
            companyId,
            kind: 'allegation.deadline',
            to: r.email,
            subject: translate(locale, `allegations:mail.${stage}Subject`, p),
            text: `${translate(locale, `allegations:mail.${stage}Body`, p)}\n\n${deps.config.publicUrl}/home/denounces/${a.id}`,
          });
        }
        // keys and values (decision 190): each reader reads it in their language; the stored text is the company's
        const text: NotificationText = {
          title: `allegations:mail.${stage}Subject`,
          description: `allegations:mail.${stage}Body`,
          params,
          paramKeys: { deadline: `allegations:deadline.${next.deadline}` },
        };
        await repo.insertDeadlineNotification(trx, companyId, {
          title: renderText(companyLocale, text.title, text),
          description: renderDescription(companyLocale, text),
          data: { allegationId: a.id, deadline: next.deadline, due: next.due, stage, ...notificationText(text) },
        });
        await audit(
          trx,
          { companyId, userId: null },
          {
            action: 'allegation.deadline.notified',
            entity: 'allegation',
            id: a.id,
            after: { deadline: next.deadline, due: next.due, stage, recipients: recipients.size },
          },
        );
        n++;
      }
      return n;
    });
  }
  return sent;
}

/** Enqueues today's run once (the hourly timer of a process that schedules periodic work calls this). */
export async function scheduleDaily(deps: AppDeps, now = new Date()) {
  const key = `${DEADLINES_JOB}:${chileDate(now)}`;
  if (await deps.queue.hasKey(deps.db, key)) return;
  await deps.queue.enqueue(deps.db, DEADLINES_JOB, { day: chileDate(now) }, { singletonKey: key });
}
