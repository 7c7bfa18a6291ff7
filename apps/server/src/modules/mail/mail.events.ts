import type { Db } from '../../db/database';

/**
 * What became of an e-mail of the outbox, for the module that queued it (a form's send is rolled back when its e-mail
 * is refused). Told on the application's bus (decision 281) by the delivery job, with the database of the delivery,
 * so the listener acts in the application that delivered it.
 */
export interface MailOutcome {
  db: Db;
  outboxId: string;
  companyId: string | null;
  kind: string;
  /** why delivery failed for good (the SMTP server's answer); absent when delivered */
  error?: string;
}

declare module '../../jobs/events' {
  interface TransactionEvents {
    /** the SMTP server accepted an e-mail of the outbox */
    'mail.delivered': MailOutcome;
    /** an e-mail of the outbox failed for good (refused, or out of attempts) */
    'mail.failed': MailOutcome;
  }
}
