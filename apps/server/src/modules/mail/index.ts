// The face of the mail module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export type { MailOutcome } from './mail.events';
export { mailRoutes } from './mail.routes';
export { queueMail, registerMailJobs } from './mail.service';
export type { NewMail } from './outbox.repo';
