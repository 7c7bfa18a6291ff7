import type { Locale } from '@regcheck/shared';
import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps } from '../../plugins/context';
import { notifyOnce, renderDescription, renderText } from '../monitoring';
import * as repo from './bacen.repo';
import { declarationPeriod } from './bacen.service';

export const DECLARATION_REMINDER_JOB = 'bacen.declarationReminder';
/** The reminder starts on this day of the month (the declaration is due by the 15th). */
export const REMINDER_FROM_DAY = 10;

const localeOf = (lang: string | null | undefined): Locale => (lang === 'br' ? 'pt-BR' : lang === 'en' ? 'en' : 'es');
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The daily Bacen declaration reminder: from the 10th of the month, every Brazilian company that has not filed the
 * previous month's conformity declaration gets one notification for its Bacen administrators (once per month; safe
 * to run twice). Answers how many companies were notified.
 */
export async function runDeclarationReminder(deps: AppDeps, now = new Date()) {
  if (now.getUTCDate() < REMINDER_FROM_DAY) return 0;
  const p = declarationPeriod(now);
  const companies = await withSystem(deps.db, (trx) => repo.brazilianCompanies(trx));
  let sent = 0;
  for (const c of companies) {
    const done = await withTenant(deps.db, c.id, async (trx) => {
      if (await repo.findDeclaration(trx, c.id, p.month)) return false;
      const locale = localeOf(c.language);
      const params = {
        month: p.month.split('-').reverse().join('/'),
        due: p.dueDate.split('-').reverse().join('/'),
      };
      // keys and values (decision 190): each reader reads it in their language; the stored text is the company's
      const text = {
        title: 'records:bacen.declaration.reminderTitle',
        // after the 15th the reminder says the declaration is overdue
        description: p.pastDue ? 'records:bacen.declaration.overdue' : 'records:bacen.declaration.reminderBody',
        params,
      };
      const written = await notifyOnce(trx, c.id, {
        kind: 'bacen',
        key: `declaration:${p.month}`,
        title: renderText(locale, text.title, text),
        description: renderDescription(locale, text),
        data: { month: p.month, dueDate: p.dueDate },
        text,
      });
      if (!written) return false;
      await audit(
        trx,
        { companyId: c.id, userId: null },
        {
          action: 'bacen.declaration.reminded',
          entity: 'bacenDeclaration',
          id: p.month,
          after: { dueDate: p.dueDate },
        },
      );
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/** Enqueues today's run once (the hourly timer of a process that schedules periodic work calls this). */
export async function scheduleDeclarationReminder(deps: AppDeps, now = new Date()) {
  const key = `${DECLARATION_REMINDER_JOB}:${utcDay(now)}`;
  if (await deps.queue.hasKey(deps.db, key)) return;
  await deps.queue.enqueue(deps.db, DECLARATION_REMINDER_JOB, { day: utcDay(now) }, { singletonKey: key });
}
