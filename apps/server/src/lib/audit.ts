import type { Executor } from '../db/tenant';
import { insertAudits } from '../modules/audit/audit.repo';
import type { Caller } from '../plugins/context';

/**
 * Every action the audit log records. A regulator reads these rows: an action is named once here, in
 * `<entity>.<what happened>` form, and a service cannot write one that is not listed.
 */
export const AUDIT_ACTIONS = [
  'allegation.assigned',
  'allegation.deadline.notified',
  'allegation.exported',
  'allegation.file.downloaded',
  'allegation.filed',
  'allegation.listed',
  'allegation.message.sent',
  'allegation.note.added',
  'allegation.pin.failed',
  'allegation.pin.locked',
  'allegation.public.chat.viewed',
  'allegation.public.file.downloaded',
  'allegation.public.replied',
  'allegation.public.viewed',
  'allegation.report.read',
  'allegation.settings.updated',
  'allegation.status.changed',
  'allegation.updated',
  'allegation.viewed',
  'apiClient.created',
  'apiClient.disabled',
  'apiClient.enabled',
  'apiClient.revoked',
  'apiClient.rotated',
  'apiClient.token.failure',
  'auth.account.locked',
  'auth.login.blocked',
  'auth.login.challenged',
  'auth.login.failure',
  'auth.login.success',
  'auth.logout',
  'auth.password.changed',
  'auth.password.reset',
  'auth.recovery.requested',
  'auth.recovery.throttled',
  'auth.session.replayed',
  'auth.sso.refused',
  'bacen.declaration.filed',
  'bacen.declaration.reminded',
  'bacen.report.created',
  'bacen.report.deleted',
  'bacen.report.identification.changed',
  'bacen.report.updated',
  'bacen.report.viewed',
  'bacen.reports.listed',
  'blacklist.created',
  'blacklist.deleted',
  'blacklist.updated',
  'blacklist_reason.created',
  'blacklist_reason.deleted',
  'blacklist_reason.updated',
  'bootstrap.demo',
  'bootstrap.superadmin',
  'commercialReport.requested',
  'commercialReport.thresholds.updated',
  'company.businessRules.changed',
  'company.created',
  'company.deleted',
  'company.fileConfig.changed',
  'company.listControl.changed',
  'company.logo.changed',
  'company.reportFlows.changed',
  'company.signature.created',
  'company.signature.deleted',
  'company.signature.updated',
  'company.sso.changed',
  'company.sso.removed',
  'company.tagsConfig.changed',
  'company.updated',
  'consultation.links.sent',
  'course.created',
  'course.deleted',
  'course.updated',
  'consultation.public.emailChangeRequested',
  'consultation.public.update',
  'currencyRates.loaded',
  'featureFlag.updated',
  'bulkLoad.created',
  'bulkLoad.similarDecided',
  'ficha.created',
  'ficha.updated',
  'ficha.replaced',
  'ficha.softDeleted',
  'ficha.restored',
  'ficha.hardDeleted',
  'ficha.file.uploaded',
  'ficha.file.deleted',
  'ficha.match.dismissed',
  'ficha.match.dismissal.proposed',
  'ficha.match.dismissal.approved',
  'ficha.match.dismissal.rejected',
  'ficha.monitoring.match',
  'ficha.relationship.created',
  'ficha.relationship.updated',
  'ficha.relationship.deleted',
  'ficha.risk.overwritten',
  'ficha.risk.changed',
  'ficha.reviewed',
  'ficha.reviews.overdueNotified',
  'ficha.screened',
  'screening.settings.updated',
  'list.entry.created',
  'list.entry.updated',
  'list.entry.deleted',
  'list.import.started',
  'list.import.activated',
  'list.source.updated',
  'list_intern.created',
  'list_intern.updated',
  'list_intern.deleted',
  'provider.account.configured',
  'provider.account.tokenRenewed',
  'provider.configured',
  'operation.created',
  'operation.updated',
  'operation.deleted',
  'operation.restored',
  'operation.finished',
  'operation.resumed',
  'operation.statusSnapshot',
  'operation.file.uploaded',
  'operation.file.requested',
  'operation.file.deactivated',
  'operation.file.deleted',
  'operation.roe.recomputed',
  'position.created',
  'risk.configuration.updated',
  'search_log.updated',
  'search_log.deleted',
  'support.requested',
  'tag.created',
  'tag.updated',
  'tag.deleted',
  'tags.cleaned',
  'transaction.created',
  'transaction.updated',
  'transaction.deactivated',
  'transaction.file.uploaded',
  'user.created',
  'manual.updated',
  'manual.uploaded',
  'news.created',
  'news.deactivated',
  'news.updated',
  'report.document.read',
  'report.document.uploaded',
  'report.export.downloaded',
  'report.export.started',
  'report.roe.filed',
  'report.roe.filing.downloaded',
  'report.coaf.communicated',
  'report.coaf.exported',
  'report.coaf.dueNotified',
  'user.deactivated',
  'user.password.set',
  'user.photo.changed',
  'user.updated',
  'webhook.created',
  'webhook.deleted',
  'webhook.replayed',
  'webhook.updated',
  'form.created',
  'form.sent',
  'form.opened',
  'form.identified',
  'form.link.locked',
  'form.filled',
  'form.image.uploaded',
  'form.signed',
  'form.deactivated',
  'form.restored',
  'form.updated',
  'form.file.uploaded',
  'form.template.created',
  'form.template.updated',
  'form.rules.updated',
  'form.send.failed',
  'form.file.read',
  'form.signingKey.uploaded',
  'form.signingKey.removed',
  'form.glosa.created',
  'form.glosa.updated',
  'mailProfile.created',
  'mailProfile.updated',
  'mailProfile.testSent',
  'person.checked',
  'person.created',
  'person.deactivated',
  'person.updated',
  'person.expired',
  'person.file.uploaded',
  'person.import.started',
  'person.import.finished',
  'monitoring.run.requested',
  'monitoring.settings.updated',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did it when there is no signed-in caller (sign-in attempts, the bootstrap, a public link's holder). */
export interface AuditActor {
  companyId: string | null;
  userId: string | null;
  ip?: string | null;
  requestId?: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  /** the kind of record changed (`ficha`, `operation`...) */
  entity?: string | null;
  /** the id of the record changed */
  id?: string | null;
  before?: unknown;
  after?: unknown;
}

function actorOf(who: Caller | AuditActor): AuditActor {
  if ('auth' in who) return { companyId: who.companyId, userId: who.auth.userId, ip: who.ip, requestId: who.requestId };
  return who;
}

/**
 * Writes the audit row of a change with the change's own transaction, so that both commit or neither does:
 * who (user, company, address, request id), what (action, entity, id) and the values before and after.
 */
export async function audit(trx: Executor, who: Caller | AuditActor, e: AuditEvent): Promise<void> {
  await auditMany(trx, who, [e]);
}

/** The audit rows of several changes by one caller in one statement (a bulk load's batch), in the same transaction. */
export async function auditMany(trx: Executor, who: Caller | AuditActor, events: AuditEvent[]): Promise<void> {
  const a = actorOf(who);
  await insertAudits(
    trx,
    events.map((e) => ({
      companyId: a.companyId,
      userId: a.userId,
      action: e.action,
      entity: e.entity ?? null,
      entityId: e.id ?? null,
      before: e.before,
      after: e.after,
      ip: a.ip ?? null,
      requestId: a.requestId ?? null,
    })),
  );
}
