import type { EddPatchBody, EddReason, EddView, RiskConfigurationT } from '@regcheck/shared';
import type { z } from 'zod';
import type { FichaEddRow } from '../../db/tables/fichas.edd.tables';
import type { FichaRow } from '../../db/tables/fichas.tables';
import type { Executor } from '../../db/tenant';
import { type AuditActor, type AuditEvent, audit, auditMany } from '../../lib/audit';
import type { Caller, TenantCaller } from '../../plugins/context';
import { configurationOf } from '../risk';
import * as eddRepo from './fichas.edd.repo';
import { fichaError } from './fichas.errors';
import * as repo from './fichas.repo';
import { fullNameOf } from './fichas.validation';

/*
 * Enhanced due diligence (issue 24, point 5; DOMAIN.md "Due diligence thresholds": "Enhanced due diligence for PEPs
 * and for countries on the FATF lists"; decisions 141 to 143). A ficha requires it when it is a PEP (direct or a
 * PEP's relative), when an active relationship in either direction ties it to an active ficha that is a direct PEP,
 * or when its nationality, residence or document's country is on an FATF list of the company's risk model (the same
 * dated lists the rating reads: risk.model.ts, call for action and increased monitoring). The rating keeps the
 * `ficha_edd` row of every ficha it rates, and of its neighbours, in step (`syncEdd`); a relationship change syncs
 * both ends, and the writes of modules/ficha-edd and the review gate sync the ficha before they decide. A GET only
 * reads (decision 173).
 */

type Reason = z.infer<typeof EddReason>;

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The identity of a reason: a change of name of a related PEP is not a new reason. */
export const reasonKey = (r: Reason) =>
  r.kind === 'pep'
    ? `pep|${r.status}`
    : r.kind === 'relatedPep'
      ? `relatedPep|${r.fichaId}`
      : `fatfCountry|${r.country}|${r.list}|${r.field}`;

type FatfLists = Pick<RiskConfigurationT, 'fatfCallForAction' | 'fatfIncreasedMonitoring'>;

/** Why this ficha requires enhanced due diligence (empty: it does not). No query. */
export function eddReasonsOf(
  ficha: Pick<FichaRow, 'pepStatus' | 'nationality' | 'countryOfResidence' | 'dniType'>,
  neighbours: eddRepo.EddNeighbour[],
  lists: FatfLists,
): Reason[] {
  const reasons: Reason[] = [];
  if (ficha.pepStatus === 'direct' || ficha.pepStatus === 'consanguineous')
    reasons.push({ kind: 'pep', status: ficha.pepStatus });
  const seen = new Set<string>();
  for (const n of neighbours) {
    if (n.pepStatus !== 'direct' || seen.has(n.fichaId)) continue;
    seen.add(n.fichaId);
    reasons.push({ kind: 'relatedPep', fichaId: n.fichaId, name: fullNameOf(n) });
  }
  const dniCountry = json<{ country?: string } | null>(ficha.dniType)?.country ?? null;
  const fields = [
    ['nationality', ficha.nationality],
    ['countryOfResidence', ficha.countryOfResidence],
    ['dniCountry', dniCountry],
  ] as const;
  const callForAction = new Set(lists.fatfCallForAction.map((c) => c.toUpperCase()));
  const monitoring = new Set(lists.fatfIncreasedMonitoring.map((c) => c.toUpperCase()));
  for (const [field, value] of fields) {
    const country = value?.trim().toUpperCase();
    if (!country) continue;
    if (callForAction.has(country)) reasons.push({ kind: 'fatfCountry', country, list: 'callForAction', field });
    else if (monitoring.has(country))
      reasons.push({ kind: 'fatfCountry', country, list: 'increasedMonitoring', field });
  }
  return reasons;
}

/** The reasons stored on a row. */
export function reasonsOfRow(row: Pick<FichaEddRow, 'reasons'>): Reason[] {
  const r = json<Reason[] | null>(row.reasons);
  return Array.isArray(r) ? r : [];
}

export interface SyncOptions {
  /** the company's risk model (its FATF lists); read when not given */
  config?: FatfLists;
  /** also sync the fichas related to these ones (a change of PEP status changes their neighbours' reasons) */
  neighbours?: boolean;
}

/**
 * Brings the EDD rows of these fichas (and, by default, of their related fichas) in step with their data: a ficha
 * that starts requiring it gets an open row (`ficha.edd.required`); one that stops keeps its row, marked not
 * required (`ficha.edd.notRequired`); a new reason on a completed diligence opens it again and withdraws its
 * approval, which covered the earlier reasons only (`ficha.edd.reasonsChanged`). Each change is audited in the
 * caller's transaction, by the user whose change caused it or, for the platform's own work, by no user. Idempotent.
 */
export async function syncEdd(
  db: Executor,
  companyId: string,
  fichaIds: string[],
  who: Caller | AuditActor,
  options: SyncOptions = {},
): Promise<void> {
  if (!fichaIds.length) return;
  let targets = [...new Set(fichaIds)];
  let neighbours = await eddRepo.neighboursMany(db, companyId, targets);
  if (options.neighbours !== false) {
    const more = new Set(targets);
    for (const list of neighbours.values()) for (const n of list) more.add(n.fichaId);
    if (more.size > targets.length) {
      targets = [...more];
      neighbours = await eddRepo.neighboursMany(db, companyId, targets);
    }
  }
  const lists = options.config ?? (await configurationOf(db, companyId));
  const rows = await repo.findFichas(db, companyId, targets);
  const existing = new Map((await eddRepo.findEddMany(db, companyId, targets)).map((r) => [r.fichaId, r]));
  const events: AuditEvent[] = [];
  const now = new Date();
  const userId = 'auth' in who ? who.auth.userId : who.userId;
  for (const ficha of rows) {
    const reasons = eddReasonsOf(ficha, neighbours.get(ficha.id) ?? [], lists);
    const required = reasons.length > 0;
    const row = existing.get(ficha.id);
    if (!row) {
      if (!required) continue;
      await eddRepo.insertEdd(db, {
        companyId,
        fichaId: ficha.id,
        required: true,
        reasons: JSON.stringify(reasons),
        requiredSince: now,
        status: 'open',
        updatedBy: userId,
        updatedAt: now,
      });
      events.push({ action: 'ficha.edd.required', entity: 'ficha', id: ficha.id, after: { reasons, status: 'open' } });
      continue;
    }
    const was = reasonsOfRow(row);
    const wasKeys = new Set(was.map(reasonKey));
    const added = reasons.filter((r) => !wasKeys.has(reasonKey(r)));
    const nowKeys = new Set(reasons.map(reasonKey));
    const removed = was.filter((r) => !nowKeys.has(reasonKey(r)));
    const before = { required: row.required, reasons: was, status: row.status };
    if (required && !row.required) {
      await eddRepo.updateEdd(db, companyId, ficha.id, {
        required: true,
        reasons: JSON.stringify(reasons),
        requiredSince: now,
        status: 'open',
        approvedBy: null,
        approvedAt: null,
        updatedBy: userId,
        updatedAt: now,
      });
      events.push({
        action: 'ficha.edd.required',
        entity: 'ficha',
        id: ficha.id,
        before,
        after: { reasons, status: 'open' },
      });
    } else if (!required && row.required) {
      await eddRepo.updateEdd(db, companyId, ficha.id, {
        required: false,
        reasons: JSON.stringify([]),
        requiredSince: null,
        updatedBy: userId,
        updatedAt: now,
      });
      events.push({
        action: 'ficha.edd.notRequired',
        entity: 'ficha',
        id: ficha.id,
        before,
        after: { required: false },
      });
    } else if (required && (added.length || removed.length)) {
      const reopen = added.length > 0 && row.status === 'completed';
      await eddRepo.updateEdd(db, companyId, ficha.id, {
        reasons: JSON.stringify(reasons),
        ...(reopen ? { status: 'open' as const, approvedBy: null, approvedAt: null } : {}),
        updatedBy: userId,
        updatedAt: now,
      });
      events.push({
        action: 'ficha.edd.reasonsChanged',
        entity: 'ficha',
        id: ficha.id,
        before,
        after: { reasons, added, removed, status: reopen ? 'open' : row.status, reopened: reopen },
      });
    } else if (required && JSON.stringify(reasons) !== JSON.stringify(was)) {
      // the same reasons, a related PEP's name changed: the words follow, nothing to audit
      await eddRepo.updateEdd(db, companyId, ficha.id, { reasons: JSON.stringify(reasons) });
    }
  }
  if (events.length) await auditMany(db, who, events);
}

type EddViewT = z.infer<typeof EddView>;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

function viewOf(fichaId: string, row: Awaited<ReturnType<typeof eddRepo.findEddView>>): EddViewT {
  if (!row)
    return {
      fichaId,
      required: false,
      reasons: [],
      requiredSince: null,
      status: 'open',
      sourceOfFunds: null,
      sourceOfWealth: null,
      approvedAt: null,
      approvedBy: null,
      approvedByName: null,
      updatedAt: null,
      updatedByName: null,
      blocksReview: false,
    };
  return {
    fichaId,
    required: row.required,
    reasons: reasonsOfRow(row),
    requiredSince: iso(row.requiredSince),
    status: row.status,
    sourceOfFunds: row.sourceOfFunds,
    sourceOfWealth: row.sourceOfWealth,
    approvedAt: iso(row.approvedAt),
    approvedBy: row.approvedBy,
    approvedByName: row.approvedByName ?? null,
    updatedAt: iso(row.updatedAt),
    updatedByName: row.updatedByName ?? null,
    blocksReview: row.required && row.status === 'open',
  };
}

/**
 * A ficha's enhanced due diligence as stored (GET writes nothing, decision 173): the rating, the relationship changes
 * of either end, the PEP jobs and the backfill keep the row in step when the data change.
 */
export async function eddOf(db: Executor, caller: TenantCaller, fichaId: string): Promise<EddViewT> {
  return viewOf(fichaId, await eddRepo.findEddView(db, caller.companyId, fichaId));
}

/** The same, synced with the ficha's data first: for a write that decides on it (the texts, the approval, the review gate). */
async function eddSynced(db: Executor, caller: TenantCaller, fichaId: string): Promise<EddViewT> {
  await syncEdd(db, caller.companyId, [fichaId], { companyId: caller.companyId, userId: null }, { neighbours: false });
  return eddOf(db, caller, fichaId);
}

/**
 * Changes a ficha's enhanced due diligence: the texts (empty clears one) and, with `approve`, the approval of a
 * company administrator (`mayApprove`: the policy's answer), which needs the diligence to be required and both
 * texts, and completes it. A text changed on a completed diligence opens it again (the approval covered the old
 * text). Audited `ficha.edd.updated` or `ficha.edd.approved` with before and after, in the caller's transaction.
 */
export async function patchEdd(
  db: Executor,
  caller: TenantCaller,
  fichaId: string,
  body: z.infer<typeof EddPatchBody>,
  mayApprove: boolean,
): Promise<EddViewT> {
  if (body.approve && !mayApprove) throw fichaError('FICHA_EDD_APPROVAL_ADMIN_ONLY', { field: 'approve' });
  const current = await eddSynced(db, caller, fichaId);
  const text = (v: string | undefined, was: string | null) => (v === undefined ? was : v.trim() || null);
  const sourceOfFunds = text(body.sourceOfFunds, current.sourceOfFunds);
  const sourceOfWealth = text(body.sourceOfWealth, current.sourceOfWealth);
  const textsChanged = sourceOfFunds !== current.sourceOfFunds || sourceOfWealth !== current.sourceOfWealth;
  if (body.approve) {
    if (!current.required) throw fichaError('FICHA_EDD_NOT_REQUIRED', { field: 'approve' });
    if (!sourceOfFunds) throw fichaError('FICHA_EDD_FUNDS_REQUIRED', { field: 'sourceOfFunds' });
    if (!sourceOfWealth) throw fichaError('FICHA_EDD_WEALTH_REQUIRED', { field: 'sourceOfWealth' });
  }
  if (!textsChanged && !body.approve) return current;
  const now = new Date();
  const reopen = !body.approve && textsChanged && current.status === 'completed';
  const approval = body.approve
    ? { status: 'completed' as const, approvedBy: caller.auth.userId, approvedAt: now }
    : reopen
      ? { status: 'open' as const, approvedBy: null, approvedAt: null }
      : {};
  const exists = current.updatedAt !== null;
  if (!exists)
    await eddRepo.insertEdd(db, {
      companyId: caller.companyId,
      fichaId,
      required: false,
      reasons: JSON.stringify([]),
      status: 'open',
      sourceOfFunds,
      sourceOfWealth,
      updatedBy: caller.auth.userId,
      updatedAt: now,
    });
  else
    await eddRepo.updateEdd(db, caller.companyId, fichaId, {
      sourceOfFunds,
      sourceOfWealth,
      ...approval,
      updatedBy: caller.auth.userId,
      updatedAt: now,
    });
  const after = viewOf(fichaId, await eddRepo.findEddView(db, caller.companyId, fichaId));
  const pick = (v: EddViewT) => ({
    required: v.required,
    reasons: v.reasons,
    status: v.status,
    sourceOfFunds: v.sourceOfFunds,
    sourceOfWealth: v.sourceOfWealth,
    approvedBy: v.approvedBy,
    approvedAt: v.approvedAt,
  });
  await audit(db, caller, {
    action: body.approve ? 'ficha.edd.approved' : 'ficha.edd.updated',
    entity: 'ficha',
    id: fichaId,
    before: pick(current),
    after: { ...pick(after), ...(reopen ? { reopened: true } : {}) },
  });
  return after;
}

/**
 * The periodic review's gate (decision 142): a ficha whose enhanced due diligence is required and open cannot be
 * reviewed (409 FICHA_EDD_OPEN). Synced first, so the answer follows the ficha's data of this moment.
 */
export async function assertNoOpenEdd(db: Executor, caller: TenantCaller, fichaId: string): Promise<void> {
  const edd = await eddSynced(db, caller, fichaId);
  if (edd.blocksReview) throw fichaError('FICHA_EDD_OPEN');
}
