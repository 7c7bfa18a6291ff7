import type { Db } from '../../db/database';

/**
 * What became of an e-mail of the outbox, for the module that queued it (a form's send is rolled back when its e-mail
 * is refused). Listeners are registered once per process and receive the database of the delivery that happened, so
 * several applications in one process (the tests) each act on their own.
 */
export interface MailOutcome {
  db: Db;
  outboxId: string;
  companyId: string | null;
  kind: string;
  /** why delivery failed for good (the SMTP server's answer); absent when delivered */
  error?: string;
}
export type MailListener = (o: MailOutcome) => Promise<void>;

const listeners = { delivered: new Set<MailListener>(), failed: new Set<MailListener>() };

/** Told each e-mail the SMTP server accepted. The same function registered twice is called once. */
export const onMailDelivered = (l: MailListener) => listeners.delivered.add(l);
/** Told each e-mail that failed for good (refused, or out of attempts). */
export const onMailFailed = (l: MailListener) => listeners.failed.add(l);

export async function mailOutcome(kind: 'delivered' | 'failed', o: MailOutcome) {
  for (const l of listeners[kind]) await l(o);
}
