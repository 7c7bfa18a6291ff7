import { highestRisk, normalizeDateInput } from '@regcheck/shared/format/index';
import {
  INSURANCE_KEYS,
  type OperationCreate,
  type OperationUpdate,
  type OperationViewT,
} from '@regcheck/shared/schemas/operations';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { AssociateRow } from '../../db/tables/operations.tables';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { checkOperationTags } from '../../lib/company-rules';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { ddThresholdsOfCaller, dueDiligenceOf } from './operations.due-diligence';
import { opError } from './operations.errors';
import { refreshFormSnapshot } from './operations.events';
import * as fichas from './operations.fichas';
import * as historyRepo from './operations.history.repo';
import { load } from './operations.load';
import * as repo from './operations.repo';
import { roeOf, roeRuleOf } from './operations.roe';
import {
  assertEditable,
  type CheckedAssociate,
  checkAssociates,
  checkRos,
  checkTotals,
  rateDayOf,
  sum,
  viewRules,
} from './operations.rules';
import * as view from './operations.view';

type AssociateValues = repo.AssociateValues;

/** A participant resolved before the operation's transaction: its ficha, or a new one prepared to be stored in it. */
type PlannedParticipant =
  | { a: CheckedAssociate; ficha: fichas.ParticipantFicha }
  | { a: CheckedAssociate; prepared: fichas.PreparedFicha };

/**
 * Links each checked participant to its ficha: the one given by id, else an existing ficha with the document, else a
 * new ficha from `newFicha` (validated and screened here, stored in the operation's transaction by
 * `storeParticipants`), else the data the operation already had for that document. Runs before the operation's
 * transaction and writes nothing: every participant is checked before anything is stored.
 */
async function resolveParticipants(
  deps: AppDeps,
  c: TenantCaller,
  checked: CheckedAssociate[],
  previous: AssociateRow[] = [],
): Promise<PlannedParticipant[]> {
  const byId = await fichas.namedFichas(deps, c, checked);
  const byDni = await fichas.findFichasByDni(
    deps,
    c,
    checked.map((a) => a.dniNormalized),
  );
  const prev = new Map(previous.map((p) => [p.dni, p]));
  const out: PlannedParticipant[] = [];
  for (const [i, a] of checked.entries()) {
    let f = (a.fichaId ? byId.get(a.fichaId) : undefined) ?? byDni.get(a.dniNormalized);
    const old = prev.get(a.dniNormalized);
    if (!f && a.newFicha) {
      const prepared = await fichas.prepareFicha(deps, c, {
        dni: a.dniNormalized,
        personType: a.type,
        dniType: { country: a.dniCountry, document: a.dniDocument },
        ...a.newFicha,
      });
      out.push({ a, prepared });
      continue;
    }
    if (!f && old) {
      f = {
        id: old.fichaId,
        dni: old.dni,
        personType: old.personType,
        name: old.name,
        email: old.email,
        risk: old.risk === '-' ? null : (old.risk as 'low' | 'medium' | 'high'),
        missingFields: old.missingFields as string[],
      };
    }
    if (!f) throw opError('PARTICIPANT_NOT_FOUND', { field: `associates.${i}.dni`, params: { dni: a.dniFormatted } });
    out.push({ a, ficha: f });
  }
  return out;
}

/** Inside the operation's transaction: stores the new participants' fichas, then each participant's values. */
async function storeParticipants(
  deps: AppDeps,
  c: TenantCaller,
  planned: PlannedParticipant[],
  trx: Transaction<Database>,
): Promise<AssociateValues[]> {
  const out: AssociateValues[] = [];
  for (const p of planned) {
    const { a } = p;
    const f = 'ficha' in p ? p.ficha : await fichas.storeFicha(deps, c, p.prepared, trx);
    out.push({
      fichaId: f.id,
      dni: a.dniNormalized,
      dniType: { country: a.dniCountry, document: a.dniDocument },
      personType: a.type,
      currency: a.currency ?? 'USD',
      monto: a.monto,
      efective: a.efective,
      personsRelations: a.personsRelations,
      name: f.name,
      email: f.email,
      risk: f.risk ?? '-',
      missingFields: f.missingFields,
    });
  }
  return out;
}

const insuranceOf = (o: Record<string, unknown>) => Object.fromEntries(INSURANCE_KEYS.map((k) => [k, o[k] ?? null]));

function dateOrNull(v: string | null | undefined) {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  return normalizeDateInput(v);
}

/** POST /consultations: a new open operation with its participants, audited. */
export async function createOperation(
  deps: AppDeps,
  c: TenantCaller,
  body: OperationCreate,
  /** runs in the operation's transaction after it is stored (a bulk load records its rows there) */
  alsoInTransaction?: (trx: Transaction<Database>, operationId: string) => Promise<void>,
): Promise<OperationViewT> {
  const companyId = c.companyId;
  const checked = checkAssociates(body.associates ?? [], body.divisa, c.auth.company?.country ?? 'CL');
  const amount = body.amount ?? sum(checked.map((a) => a.monto));
  const cashAmount = body.cashAmount ?? sum(checked.map((a) => a.efective));
  checkTotals(amount, cashAmount);
  const ros = body.ros ?? false;
  const tags = body.tags ?? [];
  checkOperationTags(c.auth.company?.settings, tags);
  checkRos(ros, body.rosReason);
  const planned = await resolveParticipants(deps, c, checked);
  const transactionDate = dateOrNull(body.transactionDate) ?? null;
  return withTenant(deps.db, companyId, async (trx) => {
    const participants = await storeParticipants(deps, c, planned, trx);
    const codigo = await repo.nextCodigo(trx, companyId);
    const roe = await roeOf(trx, roeRuleOf(c), cashAmount, body.divisa, rateDayOf(transactionDate));
    const dueDiligence = await dueDiligenceOf(trx, ddThresholdsOfCaller(c), {
      amount,
      divisa: body.divisa,
      transactionDate,
      transactionType: body.transactionType,
      policyNumber: body.policyNumber,
    });
    const o = await repo.insertOperation(trx, companyId, {
      codigo,
      transactionType: body.transactionType ?? null,
      transactionDate,
      referenceNumber: body.referenceNumber ?? null,
      transactionComments: body.transactionComments ?? null,
      divisa: body.divisa,
      amount,
      cashAmount,
      includesCash: cashAmount > 0 || (body.includesCash ?? false),
      cashAmountUsd: roe.cashAmountUsd,
      cashRate: roe.cashRate === null ? null : JSON.stringify(roe.cashRate),
      roe: roe.roe,
      dueDiligence: JSON.stringify(dueDiligence),
      risk: highestRisk(participants.map((p) => p.risk)),
      tags: JSON.stringify(tags),
      ros,
      rosReason: ros ? (body.rosReason ?? null) : null,
      transporter: body.transporter ? JSON.stringify(body.transporter) : null,
      documents: JSON.stringify([]),
      policyNumber: body.policyNumber ?? null,
      product: body.product ?? null,
      startDate: body.startDate ?? null,
      endDate: body.endDate ?? null,
      premiumSfp: body.premiumSFP ?? null,
      policyStatus: body.policyStatus ?? null,
      paymentChannel: body.paymentChannel ?? null,
      paymentMethod: body.paymentMethod ?? null,
      policyValueAtClosure: body.policyValueAtClosure ?? null,
      searchText: view.searchTextOf(
        { codigo, referenceNumber: body.referenceNumber, transactionComments: body.transactionComments, tags },
        participants.map((p, i) => ({ dni: p.dni, name: p.name, formatted: checked[i]?.dniFormatted })),
      ),
      createdBy: c.auth.userId,
      createdByName: c.auth.user.name,
      updatedBy: c.auth.userId,
    });
    await repo.replaceAssociates(trx, companyId, o.id, participants);
    // which forms the participants need (the forms module's rules) is part of the new operation's row
    const snap = (await refreshFormSnapshot(deps, trx, companyId, o.id)) ?? o;
    const policy = insuranceOf(body);
    if (Object.values(policy).some((v) => v !== null)) {
      await historyRepo.insertPolicyHistory(trx, companyId, {
        operationId: o.id,
        policy,
        changedBy: c.auth.userId,
        changedByName: c.auth.user.name,
      });
    }
    const result = view.operationView(snap, await repo.listAssociates(trx, companyId, [o.id]), viewRules(c));
    await audit(trx, c, { action: 'operation.created', entity: 'operation', id: o.id, before: null, after: result });
    await alsoInTransaction?.(trx, o.id);
    return result;
  });
}

/**
 * PATCH /consultations/{id}. A finished operation is refused (resume it first). Changing the currency changes every
 * participant's; cash stays within amounts; risk, ROE and the search text are recomputed.
 */
export async function updateOperation(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  body: OperationUpdate,
): Promise<OperationViewT> {
  const companyId = c.companyId;
  const current = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, id));
  assertEditable(current.o);
  const divisa = body.divisa ?? current.o.divisa;
  let planned: PlannedParticipant[] | undefined;
  let formatted: (string | undefined)[] = [];
  if (body.associates) {
    const checked = checkAssociates(body.associates, divisa, c.auth.company?.country ?? 'CL');
    formatted = checked.map((a) => a.dniFormatted);
    planned = await resolveParticipants(deps, c, checked, current.associates);
  }
  return withTenant(deps.db, companyId, async (trx) => {
    const { o: before, associates: oldAssociates } = await load(trx, companyId, id, { forUpdate: true });
    assertEditable(before);
    const participants = planned ? await storeParticipants(deps, c, planned, trx) : undefined;
    const beforeView = view.operationView(before, oldAssociates, viewRules(c));
    // one currency per operation: a new currency applies to every participant
    const next: (AssociateValues | AssociateRow)[] = (participants ?? oldAssociates).map((a) => ({
      ...a,
      currency: divisa,
    }));
    const amount = body.amount ?? (participants ? sum(next.map((a) => Number(a.monto))) : Number(before.amount));
    const cashAmount =
      body.cashAmount ?? (participants ? sum(next.map((a) => Number(a.efective))) : Number(before.cashAmount));
    checkTotals(amount, cashAmount);
    const ros = body.ros ?? before.ros;
    const rosReason = body.rosReason !== undefined ? body.rosReason : before.rosReason;
    checkRos(ros, rosReason);
    const transactionDate =
      body.transactionDate !== undefined ? dateOrNull(body.transactionDate) : before.transactionDate;
    const tags = body.tags ?? (before.tags as { name: string }[]);
    checkOperationTags(c.auth.company?.settings, tags, (before.tags ?? []) as { name: string }[]);
    const referenceNumber = body.referenceNumber !== undefined ? body.referenceNumber : before.referenceNumber;
    const transactionComments =
      body.transactionComments !== undefined ? body.transactionComments : before.transactionComments;
    const roe = await roeOf(trx, roeRuleOf(c), cashAmount, divisa, rateDayOf(transactionDate, before.registrationDate));
    const pick = <K extends keyof OperationUpdate>(k: K, old: unknown) => (body[k] !== undefined ? body[k] : old);
    const transactionType = pick('transactionType', before.transactionType) as string | null;
    const policyNumber = pick('policyNumber', before.policyNumber) as string | null;
    const dueDiligence = await dueDiligenceOf(trx, ddThresholdsOfCaller(c), {
      amount,
      divisa,
      transactionDate: transactionDate ?? null,
      registrationDate: before.registrationDate,
      transactionType,
      policyNumber,
    });
    const o = await repo.updateOperation(trx, companyId, id, {
      transactionType,
      transactionDate: transactionDate ?? null,
      referenceNumber: referenceNumber ?? null,
      transactionComments: transactionComments ?? null,
      divisa,
      amount,
      cashAmount,
      includesCash: cashAmount > 0 || (body.includesCash ?? before.includesCash),
      cashAmountUsd: roe.cashAmountUsd,
      cashRate: roe.cashRate === null ? null : JSON.stringify(roe.cashRate),
      roe: roe.roe,
      dueDiligence: JSON.stringify(dueDiligence),
      risk: highestRisk(next.map((p) => p.risk)),
      tags: JSON.stringify(tags),
      ros,
      rosReason: ros ? (rosReason ?? null) : null,
      transporter:
        body.transporter !== undefined
          ? body.transporter === null
            ? null
            : JSON.stringify(body.transporter)
          : before.transporter === null
            ? null
            : JSON.stringify(before.transporter),
      policyNumber,
      product: pick('product', before.product) as string | null,
      startDate: pick('startDate', before.startDate) as string | null,
      endDate: pick('endDate', before.endDate) as string | null,
      premiumSfp: pick('premiumSFP', before.premiumSfp) as number | null,
      policyStatus: pick('policyStatus', before.policyStatus) as string | null,
      paymentChannel: pick('paymentChannel', before.paymentChannel) as string | null,
      paymentMethod: pick('paymentMethod', before.paymentMethod) as string | null,
      policyValueAtClosure: pick('policyValueAtClosure', before.policyValueAtClosure) as number | null,
      searchText: view.searchTextOf(
        { codigo: before.codigo, referenceNumber, transactionComments, tags },
        next.map((p, i) => ({ dni: p.dni, name: p.name, formatted: formatted[i] })),
      ),
      updatedBy: c.auth.userId,
    });
    if (!o) throw opError('OPERATION_NOT_FOUND');
    await repo.replaceAssociates(trx, companyId, id, next);
    const snap = (await refreshFormSnapshot(deps, trx, companyId, id)) ?? o;
    const result = view.operationView(snap, await repo.listAssociates(trx, companyId, [id]), viewRules(c));
    const oldPolicy = insuranceOf(beforeView);
    const newPolicy = insuranceOf(result);
    if (JSON.stringify(oldPolicy) !== JSON.stringify(newPolicy)) {
      await historyRepo.insertPolicyHistory(trx, companyId, {
        operationId: id,
        policy: newPolicy,
        changedBy: c.auth.userId,
        changedByName: c.auth.user.name,
      });
    }
    await audit(trx, c, { action: 'operation.updated', entity: 'operation', id, before: beforeView, after: result });
    return result;
  });
}

export * from './operations.lifecycle';
export * from './operations.queries';
export * from './operations.roe';
