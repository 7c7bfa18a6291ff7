import type { Executor } from '../../db/tenant';

export interface NewMail {
  companyId: string | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** From the company's e-mail profile: the Reply-To address and the sender's display name. */
  replyTo?: string | null;
  fromName?: string | null;
}

export async function insertMail(executor: Executor, m: NewMail) {
  const row = await executor
    .insertInto('outbox')
    .values({
      companyId: m.companyId,
      kind: m.kind,
      toAddress: m.to,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html ?? null,
      replyTo: m.replyTo ?? null,
      fromName: m.fromName ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findMail(executor: Executor, id: string) {
  return executor.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markSent(executor: Executor, id: string) {
  await executor
    .updateTable('outbox')
    .set((eb) => ({ status: 'sent', sentAt: new Date(), lastError: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markAttemptFailed(executor: Executor, id: string, error: string, final: boolean) {
  await executor
    .updateTable('outbox')
    .set((eb) => ({ status: final ? 'failed' : 'pending', lastError: error, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export function listMails(executor: Executor, opts: { status?: string; to?: string; limit: number; skip: number }) {
  let q = executor.selectFrom('outbox').selectAll().orderBy('createdAt', 'desc').limit(opts.limit).offset(opts.skip);
  if (opts.status) q = q.where('status', '=', opts.status as 'pending');
  if (opts.to) q = q.where('toAddress', '=', opts.to);
  return q.execute();
}

export function pendingMailIds(executor: Executor) {
  return executor.selectFrom('outbox').select('id').where('status', '=', 'pending').execute();
}
