import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/tenant';
import type { EventBus } from '../../jobs/events';
import type { JobQueue } from '../../jobs/queue';
import type { MailOutcome } from './mail.events';
import { maskSecrets } from './mail.mask';
import {
  findMail,
  insertMail,
  listMails,
  markAttemptFailed,
  markSent,
  type NewMail,
  pendingMailIds,
} from './outbox.repo';

export const MAIL_JOB = 'mail.deliver';

/** The bare address of MAIL_FROM ('RegCheck <no-reply@x>' or 'no-reply@x'), to put a profile's name before it. */
function addressOf(from: string): string {
  const m = /<([^>]+)>/.exec(from);
  return m?.[1] ?? from.trim();
}

/**
 * Builds the SMTP transport from SMTP_URL (smtp://user:pass@host:port or smtps://...). Query parameters
 * `ignoreTLS=true` and `requireTLS=true` are honoured (an in-process test server offers no STARTTLS).
 */
export function createTransport(smtpUrl: string | undefined): Transporter | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    requireTLS: url.searchParams.get('requireTLS') === 'true',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
}

/**
 * Puts an e-mail in the outbox within the caller's transaction and, when SMTP is configured, enqueues its
 * delivery. Without SMTP the outbox keeps it and the super administrator reads it (GET /api/outbox).
 */
export async function queueMail(executor: Executor, queue: JobQueue, config: Config, mail: NewMail) {
  const id = await insertMail(executor, mail);
  if (config.smtpUrl) await queue.enqueue(executor, MAIL_JOB, { outboxId: id }, { singletonKey: `mail:${id}` });
  return id;
}

/**
 * Registers the delivery job and re-queues what was left pending (e.g. SMTP configured after a while). The outcome of
 * each e-mail is told on the bus ('mail.delivered', 'mail.failed'; the forms module listens).
 */
export async function registerMailJobs(db: Db, queue: JobQueue, config: Config, bus: Pick<EventBus, 'emit'>) {
  const transport = createTransport(config.smtpUrl);
  const mailOutcome = (kind: 'delivered' | 'failed', o: MailOutcome) =>
    bus.emit(kind === 'delivered' ? 'mail.delivered' : 'mail.failed', o);
  queue.register(
    MAIL_JOB,
    async (payload, ctx) => {
      const id = String(payload.outboxId);
      const mail = await findMail(db, id);
      if (!mail || !transport) return;
      if (mail.status === 'sent') {
        // a retry after a listener failed: tell the listeners again, never send again
        await mailOutcome('delivered', { db, outboxId: id, companyId: mail.companyId, kind: mail.kind });
        return;
      }
      if (mail.status === 'failed') return;
      try {
        // delivery is at least once (a process killed between the SMTP answer and markSent sends again when the
        // job resumes): the Message-ID is the outbox id, so a second copy is recognisable as the same message
        await transport.sendMail({
          messageId: `<${id}@outbox.regcheck>`,
          from: mail.fromName ? { name: mail.fromName, address: addressOf(config.mailFrom) } : config.mailFrom,
          replyTo: mail.replyTo ?? undefined,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody ?? undefined,
        });
        await markSent(db, id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        // a 5xx answer (mailbox unknown, message refused) is permanent: trying again changes nothing
        const refused = Number((err as { responseCode?: number }).responseCode) >= 500;
        const final = refused || ctx.job.attempts >= ctx.job.maxAttempts;
        await markAttemptFailed(db, id, message, final);
        if (final)
          await mailOutcome('failed', { db, outboxId: id, companyId: mail.companyId, kind: mail.kind, error: message });
        if (refused) return;
        throw err;
      }
      // outside the try: a listener's failure must not mark a delivered e-mail failed (the job retries the listener
      // only; the e-mail is not sent twice, its status is 'sent')
      await mailOutcome('delivered', { db, outboxId: id, companyId: mail.companyId, kind: mail.kind });
    },
    {
      maxAttempts: 6,
      backoffSeconds: 15,
      // the last attempt's process died: the outbox shows the mail failed rather than pending for ever
      onFailed: async (payload, error) => {
        const mail = await findMail(db, String(payload.outboxId));
        // a last attempt that threw has marked the mail already
        if (mail?.status === 'pending') {
          await markAttemptFailed(db, mail.id, error, true);
          await mailOutcome('failed', { db, outboxId: mail.id, companyId: mail.companyId, kind: mail.kind, error });
        }
      },
    },
  );
  if (transport) {
    for (const { id } of await pendingMailIds(db)) {
      await queue.enqueue(db, MAIL_JOB, { outboxId: id }, { singletonKey: `mail:${id}` });
    }
  }
}

/**
 * GET /api/outbox: the e-mails as the super administrator reads them, links and tokens masked (mail.mask.ts); the
 * stored e-mails keep them, and delivery reads those.
 */
export async function readOutbox(db: Db, opts: { status?: string; to?: string; limit: number; skip: number }) {
  return (await listMails(db, opts)).map((m) => ({
    ...m,
    subject: maskSecrets(m.subject),
    textBody: maskSecrets(m.textBody),
    htmlBody: m.htmlBody === null ? null : maskSecrets(m.htmlBody),
    lastError: m.lastError === null ? null : maskSecrets(m.lastError),
  }));
}
