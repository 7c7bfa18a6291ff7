import { type BacenReportBody, bacenMissingDestination } from '@regcheck/shared/schemas/bacen';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { get as getFicha } from '../fichas';
import { recordsError } from '../providers';
import * as repo from './bacen.repo';

/** A record must be registered within 24 hours of the identification of the indications. */
export const REGISTRATION_WINDOW_MS = 24 * 60 * 60 * 1000;

type ReportRow = Awaited<ReturnType<typeof repo.insertReport>>;
const iso = (d: Date | string) => new Date(d).toISOString();

/** More than 24 hours between the identification and the registration. */
const overWindow = (identifiedAt: Date | string, registeredAt: Date | string) =>
  new Date(registeredAt).getTime() - new Date(identifiedAt).getTime() > REGISTRATION_WINDOW_MS;

/**
 * The view reads the lateness stored at registration (decision 116); the deadline counts from the earliest of the
 * identification the record was registered with and the current one.
 */
export function toView(r: ReportRow) {
  const identified = Math.min(new Date(r.identifiedAt).getTime(), new Date(r.firstIdentifiedAt).getTime());
  return {
    id: r.id,
    companyId: r.companyId,
    fichaId: r.fichaId,
    suspectName: r.suspectName,
    suspectDocument: r.suspectDocument,
    description: r.description,
    registeringInstitution: r.registeringInstitution,
    operationType: r.operationType,
    destination: r.destination,
    consent: r.consent,
    consentAt: iso(r.consentAt),
    identifiedAt: iso(r.identifiedAt),
    firstIdentifiedAt: iso(r.firstIdentifiedAt),
    registeredAt: iso(r.registeredAt),
    deadlineAt: new Date(identified + REGISTRATION_WINDOW_MS).toISOString(),
    late: r.late,
    version: r.version,
    updatedAt: iso(r.updatedAt),
    deletedAt: r.deletedAt ? iso(r.deletedAt) : null,
    deletedReason: r.deletedReason,
  };
}

async function values(
  deps: AppDeps,
  caller: TenantCaller,
  b: BacenReportBody,
  now: Date,
): Promise<repo.BacenReportValues> {
  if (!b.consent) throw recordsError('BACEN_CONSENT_REQUIRED', { field: 'consent' });
  const identifiedAt = new Date(b.identifiedAt);
  if (identifiedAt.getTime() > now.getTime() + 60_000)
    throw new AppError('VALIDATION_ERROR', {
      field: 'identifiedAt',
      params: { field: 'identifiedAt', reason: 'in the future' },
    });
  if (b.fichaId) await getFicha(deps, caller, b.fichaId);
  const d = b.destination;
  const destination = d && Object.values(d).some((v) => v) ? d : null;
  const missing = bacenMissingDestination(b.operationType, destination);
  if (missing)
    throw recordsError('BACEN_DESTINATION_REQUIRED', { field: `destination.${missing}`, params: { field: missing } });
  return {
    fichaId: b.fichaId ?? null,
    suspectName: b.suspectName ?? null,
    suspectDocument: b.suspectDocument ?? null,
    description: b.description,
    registeringInstitution: b.registeringInstitution,
    operationType: b.operationType,
    destination,
    identifiedAt,
  };
}

/** GET /bacen-reports/{companyId}: the records (deleted ones apart); the access is traced. */
export function list(
  deps: AppDeps,
  caller: TenantCaller,
  f: { limit: number; skip: number; deleted: boolean; fichaId?: string },
) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const rows = await repo.listReports(trx, caller.companyId, f);
    const count = await repo.countReports(trx, caller.companyId, f);
    await audit(trx, caller, { action: 'bacen.reports.listed', entity: 'bacenReport', after: { ...f, total: count } });
    return { data: rows.map(toView), count };
  });
}

/** GET /bacen-reports/{companyId}/{id}: the record with its previous versions; the access is traced. */
export function get(deps: AppDeps, caller: TenantCaller, id: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await repo.findReport(trx, caller.companyId, id);
    if (!row) throw recordsError('BACEN_REPORT_NOT_FOUND');
    await audit(trx, caller, { action: 'bacen.report.viewed', entity: 'bacenReport', id });
    const versions = await repo.listVersions(trx, caller.companyId, id);
    return {
      ...toView(row),
      versions: versions.map((v) => ({
        version: v.version,
        data: v.data,
        reason: v.reason,
        changedBy: v.changedBy,
        changedByName: v.changedByName ?? null,
        changedAt: iso(v.changedAt),
      })),
    };
  });
}

/**
 * POST /bacen-reports: registers a record (consent required); late when over 24 h after identification, decided
 * here once and stored.
 */
export async function create(deps: AppDeps, caller: TenantCaller, b: BacenReportBody, now = new Date()) {
  const v = await values(deps, caller, b, now);
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await repo.insertReport(trx, caller.companyId, {
      ...v,
      createdBy: caller.auth.userId,
      consentAt: now,
      registeredAt: now,
      late: overWindow(v.identifiedAt, now),
    });
    await audit(trx, caller, { action: 'bacen.report.created', entity: 'bacenReport', id: row.id, after: toView(row) });
    return toView(row);
  });
}

/** The live record before a change or a deletion, its current version kept with the reason. */
async function keepVersion(
  trx: Parameters<typeof repo.findReport>[0],
  caller: TenantCaller,
  id: string,
  reason: string,
) {
  const row = await repo.findReport(trx, caller.companyId, id);
  if (!row) throw recordsError('BACEN_REPORT_NOT_FOUND');
  if (row.deletedAt) throw recordsError('BACEN_REPORT_DELETED');
  await repo.insertVersion(trx, caller.companyId, {
    reportId: id,
    version: row.version,
    data: toView(row),
    reason,
    changedBy: caller.auth.userId,
  });
  return row;
}

/**
 * PUT /bacen-reports/{id}: changes a record, keeping the previous version with the reason. A new identification time
 * is audited on its own (`bacen.report.identification.changed`, before and after) and never clears the lateness of
 * the registration; one that puts the registration over 24 hours makes the record late (decision 116).
 */
export async function update(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  b: BacenReportBody & { reason: string },
  now = new Date(),
) {
  if (!b.reason) throw recordsError('BACEN_REASON_REQUIRED', { field: 'reason' });
  const v = await values(deps, caller, b, now);
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await keepVersion(trx, caller, id, b.reason);
    const late = before.late || overWindow(v.identifiedAt, before.registeredAt);
    const row = await repo.updateReport(trx, caller.companyId, id, { ...v, late }, before.version + 1);
    if (new Date(before.identifiedAt).getTime() !== v.identifiedAt.getTime())
      await audit(trx, caller, {
        action: 'bacen.report.identification.changed',
        entity: 'bacenReport',
        id,
        before: { identifiedAt: iso(before.identifiedAt), late: before.late },
        after: {
          identifiedAt: iso(row.identifiedAt),
          firstIdentifiedAt: iso(row.firstIdentifiedAt),
          late: row.late,
          reason: b.reason,
        },
      });
    await audit(trx, caller, {
      action: 'bacen.report.updated',
      entity: 'bacenReport',
      id,
      before: toView(before),
      after: { ...toView(row), reason: b.reason },
    });
    return toView(row);
  });
}

/** PATCH /bacen-reports/{id} {deletedReason}: deletes a record with its reason; the record and versions stay. */
export async function remove(deps: AppDeps, caller: TenantCaller, id: string, reason: string) {
  if (!reason) throw recordsError('BACEN_REASON_REQUIRED', { field: 'deletedReason' });
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await keepVersion(trx, caller, id, reason);
    const row = await repo.markDeleted(trx, caller.companyId, id, {
      by: caller.auth.userId,
      reason,
      version: before.version + 1,
    });
    await audit(trx, caller, {
      action: 'bacen.report.deleted',
      entity: 'bacenReport',
      id,
      before: toView(before),
      after: { deletedReason: reason },
    });
    return toView(row);
  });
}

/** The monthly conformity declaration: the previous month's, due by the 15th of this month (UTC). */
export function declarationPeriod(now: Date) {
  const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${prev.getUTCFullYear()}-${String(prev.getUTCMonth() + 1).padStart(2, '0')}`;
  const due = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-15`;
  return { month, dueDate: due, pastDue: now.getUTCDate() > 15 };
}

export function declaration(deps: AppDeps, caller: TenantCaller, now = new Date()) {
  const p = declarationPeriod(now);
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const d = await repo.findDeclaration(trx, caller.companyId, p.month);
    return {
      month: p.month,
      dueDate: p.dueDate,
      declaredAt: d ? iso(d.declaredAt) : null,
      overdue: !d && p.pastDue,
    };
  });
}

/** POST /bacen-declarations: files the conformity declaration of the previous month (once). */
export function declare(deps: AppDeps, caller: TenantCaller, now = new Date()) {
  const p = declarationPeriod(now);
  return withTenant(deps.db, caller.companyId, async (trx) => {
    await repo.insertDeclaration(trx, caller.companyId, p.month, caller.auth.userId);
    await audit(trx, caller, { action: 'bacen.declaration.filed', entity: 'bacenDeclaration', id: p.month });
    const d = await repo.findDeclaration(trx, caller.companyId, p.month);
    return { month: p.month, dueDate: p.dueDate, declaredAt: d ? iso(d.declaredAt) : null, overdue: false };
  });
}
