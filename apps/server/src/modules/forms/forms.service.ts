import { localeOf, translate } from '@regcheck/shared';
import {
  FORM_TYPES,
  type FormTypeT,
  type OperationFormReasonsT,
  type ParticipantFormsT,
} from '@regcheck/shared/schemas/forms';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { FormRow } from '../../db/tables/forms.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { countIn, type ListFilterArgs, type Listing, listIn } from '../../lib/crud';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { isoDay, usdAt } from '../currency-rates';
import { refreshFormSnapshot } from '../operations';
import { formError } from './forms.errors';
import * as repo from './forms.repo';
import { currentForm, entryOf, generalStatus, isStale, type Rules, renewalReason, typesOf } from './forms.status';
import { subjectOf } from './forms.subject';
import { rulesOf, templateFor } from './forms.templates.service';
import { formView } from './forms.view';

/**
 * Forms of the participants of an operation (spec 001 §7 Form DOF / PEP / BF): create, send and resend by e-mail
 * through the outbox with a per-link token (stored hashed; a resend revokes the previous links), deactivate, the
 * statuses of the Forms panel and of /consultations/getGeneralFormStatus, bulk sending. Every change audited in its
 * transaction.
 */

type Trx = Transaction<Database>;

/** What other modules sign and verify with (the inspector's file, issue 28): the forms' PAdES signing and check. */
export { signingKeyFor } from './forms.keys.service';
export { signPdf } from './forms.pdf';
export { type DocumentVerifier, registerVerifier } from './forms.verifiers';
export { verifyPdfSignature } from './forms.verify';

/** The Forms panel of an operation: each participant's applicable forms and where each stands. */
export async function participantForms(deps: AppDeps, c: TenantCaller, operationId: string) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    if (!(await repo.operationExists(trx, c.companyId, operationId)))
      throw new AppError('OPERATION_NOT_FOUND', { messageKey: 'operations:errors.OPERATION_NOT_FOUND' });
    return panelOf(trx, c.companyId, operationId);
  });
}

/**
 * POST /forms/operations/reasons {operationIds}: for each of the company's operations, every participant's form with
 * its status and why it is required or not: the operations list and the bulk send word them as the Forms panel does
 * (the same panelOf, so the words cannot disagree). An id that is not one of them, another company's included, is a
 * 404 naming it, as on every route. The company's rules are read once for all of them.
 */
export async function reasonsOfOperations(deps: AppDeps, c: TenantCaller, operationIds: string[]) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const found = await repo.activeOperationIds(trx, c.companyId, operationIds);
    const missing = operationIds.findIndex((id) => !found.has(id));
    if (missing >= 0)
      throw new AppError('OPERATION_NOT_FOUND', {
        field: `operationIds.${missing}`,
        messageKey: 'operations:errors.OPERATION_NOT_FOUND',
      });
    const rules = await rulesOf(trx, c.companyId);
    const out: OperationFormReasonsT[] = [];
    for (const operationId of new Set(operationIds)) {
      const panel = await panelOf(trx, c.companyId, operationId, rules);
      out.push({
        operationId,
        forms: panel.flatMap((p) =>
          p.forms.map((f) => ({
            associateIndex: p.associateIndex,
            name: p.name,
            type: f.type,
            status: f.status,
            required: f.required,
            reasons: f.reasons,
          })),
        ),
      });
    }
    return out;
  });
}

/** Each participant's forms of an operation with their status and reasons (`rules`: the company's, when already read). */
export async function panelOf(
  trx: Executor,
  companyId: string,
  operationId: string,
  known?: Rules,
): Promise<ParticipantFormsT[]> {
  const [participants, forms, rules] = await Promise.all([
    repo.participantsOf(trx, companyId, operationId),
    repo.formsOfOperation(trx, companyId, operationId),
    known ?? rulesOf(trx, companyId),
  ]);
  await inRuleCurrency(trx, participants, rules);
  return participants.map((p) => ({
    associateIndex: p.associateIndex,
    dni: p.dni,
    name: p.name,
    personType: p.personType,
    email: p.fichaEmail ?? p.email,
    fichaId: p.fichaId,
    forms: typesOf(p).map((type) => entryOf(p, type, forms, rules)),
  }));
}

/**
 * Each participant's amount in the DOF threshold's currency, when the rule names one other than the operation's: both
 * converted to USD at the rate of the operation's day; an unknown rate leaves the amount unknown, which asks for the
 * declaration and says which currency had no rate (a declaration asked for too often is better than one missed, and
 * nothing is guessed).
 */
async function inRuleCurrency(trx: Executor, participants: repo.ParticipantRow[], rules: Rules) {
  const to = rules.dofCurrency;
  if (!to) return;
  for (const p of participants) {
    if (p.divisa === to || !(p.monto > 0)) continue;
    const day = isoDay(p.day ?? new Date());
    // a million units of the rule's currency in USD (usdAt rounds to cents: one CLP would be 0.00)
    const [from, million] = await Promise.all([usdAt(trx, p.monto, p.divisa, day), usdAt(trx, 1e6, to, day)]);
    const missing = !from ? p.divisa : !million?.usd ? to : null;
    // the day of the rate that converted: the operation's currency's, or the threshold's when the operation is in USD
    const rate = p.divisa === 'USD' ? million?.rate : from?.rate;
    p.dofConversion = {
      amount: from && million?.usd ? (from.usd * 1e6) / million.usd : null,
      rateDate: missing ? null : (rate?.rateDate ?? null),
      day,
      missing,
    };
  }
}

/** /consultations/getGeneralFormStatus/{id} (through the provider of operations.events). */
export async function operationFormStatuses(trx: Executor, companyId: string, operationId: string) {
  const panel = await panelOf(trx, companyId, operationId);
  return panel.map((p) => {
    const st = (t: FormTypeT[]) => p.forms.find((f) => t.includes(f.type))?.status ?? 'notRequired';
    return {
      associateIndex: p.associateIndex,
      dni: p.dni,
      fichaId: p.fichaId,
      name: p.name,
      forms: { formDOF: st(['formDOF', 'formDOFLegal']), formBF: st(['formBF']), formPep: st(['formPep']) },
      generalStatus: generalStatus(p.forms.map((f) => f.status)),
    };
  });
}

async function participantAt(trx: Trx, companyId: string, operationId: string, index: number, type: FormTypeT) {
  if (!(await repo.operationExists(trx, companyId, operationId))) {
    throw new AppError('OPERATION_NOT_FOUND', { messageKey: 'operations:errors.OPERATION_NOT_FOUND' });
  }
  const p = (await repo.participantsOf(trx, companyId, operationId))[index];
  if (!p) throw formError('FORM_PARTICIPANT_NOT_FOUND', { field: 'associateIndex' });
  if (!typesOf(p).includes(type)) throw formError('FORM_TYPE_NOT_APPLICABLE', { field: 'type' });
  return p;
}

/** The participant's current form of a type, or a new one from the company's template (a signed stale one too). */
export async function ensureForm(
  trx: Trx,
  c: TenantCaller,
  operationId: string,
  index: number,
  type: FormTypeT,
  fresh = false,
) {
  const p = await participantAt(trx, c.companyId, operationId, index, type);
  const [forms, rules, company] = await Promise.all([
    repo.formsOfOperation(trx, c.companyId, operationId),
    rulesOf(trx, c.companyId),
    repo.companyOf(trx, c.companyId),
  ]);
  const current = currentForm(forms, p, type);
  if (current && !isStale(current, rules) && !(fresh && current.status === 'signed'))
    return { form: current, p, company, created: false };
  const language = localeOf(company.language);
  const template = await templateFor(trx, c.companyId, type, company.country, language);
  // what it declares and what RegCheck already knows, pre-filled (issue 25 point 2)
  const { subject, data } = await subjectOf(trx, c.companyId, type, p, template);
  const form = await repo.insertForm(trx, {
    companyId: c.companyId,
    type,
    operationId,
    associateIndex: index,
    fichaId: p.fichaId,
    dni: p.dni,
    name: p.name,
    email: p.fichaEmail ?? p.email,
    language,
    status: 'required',
    template: JSON.stringify(template),
    data: JSON.stringify(data),
    subject: JSON.stringify(subject),
    files: JSON.stringify([]),
    steps: JSON.stringify([]),
    createdBy: c.auth.userId,
  });
  await audit(trx, c, { action: 'form.created', entity: 'form', id: form.id, after: formView(form) });
  return { form, p, company, created: true };
}

/** POST /form-xxx {consultationId, associateIndex}: the participant's form (created when there is none). */
export async function createForm(deps: AppDeps, c: TenantCaller, type: FormTypeT, operationId: string, index: number) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const { form, created } = await ensureForm(trx, c, operationId, index, type);
    if (created) await refreshFormSnapshot(deps, trx, c.companyId, operationId);
    return formView(form);
  });
}

// ------------------------------------------------------------------ the company's calls on one form

const LISTING: Listing = {
  fields: {
    id: { column: 'forms.id', type: 'uuid', sortable: true },
    status: { column: 'forms.status', type: 'string', sortable: true },
    isActive: { column: 'forms.is_active', type: 'boolean' },
    operationId: { column: 'forms.operation_id', type: 'uuid' },
    consultationId: { column: 'forms.operation_id', type: 'uuid' },
    fichaId: { column: 'forms.ficha_id', type: 'uuid' },
    dni: { column: 'forms.dni', type: 'string', sortable: true },
    name: { column: 'forms.name', type: 'string', sortable: true },
    type: { column: 'forms.type', type: 'string' },
    createdAt: { column: 'forms.created_at', type: 'date', sortable: true },
    signedAt: { column: 'forms.signed_at', type: 'date', sortable: true },
  },
  defaultOrder: 'forms.created_at desc, forms.id',
  activeWhen: { field: 'isActive', value: true },
};

export function listForms(deps: AppDeps, c: TenantCaller, types: FormTypeT[], f: ListFilterArgs) {
  return listIn(deps.db, c, LISTING, f, (ex, companyId, q) => repo.listForms(ex, companyId, types, q), formView);
}

export function countForms(
  deps: AppDeps,
  c: TenantCaller,
  types: FormTypeT[],
  where: Record<string, unknown> | undefined,
) {
  return countIn(deps.db, c, LISTING, where, (ex, companyId, w) => repo.countForms(ex, companyId, types, w));
}

async function loadForm(
  trx: Trx,
  companyId: string,
  id: string,
  types: readonly FormTypeT[] = FORM_TYPES,
  forUpdate = false,
) {
  const f = await repo.findForm(trx, companyId, id, { forUpdate });
  if (!f || !types.includes(f.type)) throw formError('FORM_NOT_FOUND');
  return f;
}

export async function getForm(deps: AppDeps, c: TenantCaller, id: string, types?: readonly FormTypeT[]) {
  return withTenant(deps.db, c.companyId, async (trx) => formView(await loadForm(trx, c.companyId, id, types)));
}

/**
 * PATCH /form-xxx/{id}: {isActive:false, reason} deactivates (soft; its live links revoked), {isActive:true}
 * restores. A deactivation says why (decision 198): the reason, at least 3 characters, is kept in its audit row.
 */
export async function patchForm(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  types: readonly FormTypeT[],
  body: { isActive?: boolean; reason?: string },
) {
  const reason = (body.reason ?? '').trim() || null;
  if (body.isActive === false && (reason ?? '').length < 3)
    throw formError('FORM_DEACTIVATION_REASON_REQUIRED', { field: 'reason' });
  return withTenant(deps.db, c.companyId, async (trx) => {
    const before = await loadForm(trx, c.companyId, id, types, true);
    if (body.isActive === undefined || body.isActive === before.isActive) return formView(before);
    const after = await repo.updateForm(trx, c.companyId, id, { isActive: body.isActive });
    if (!body.isActive) await repo.revokeLinks(trx, c.companyId, id);
    if (after.operationId) await refreshFormSnapshot(deps, trx, c.companyId, after.operationId);
    await audit(trx, c, {
      action: body.isActive ? 'form.restored' : 'form.deactivated',
      entity: 'form',
      id,
      before: { isActive: before.isActive },
      after: { isActive: after.isActive, reason },
    });
    return formView(after);
  });
}

/** PATCH /formularios/entity/{id} {status, fields}: the company records a status by hand (never on a signed form). */
export async function setFormStatus(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  body: { status: 'required' | 'sent' | 'opened' | 'filled'; fields?: Record<string, unknown> },
) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const before = await loadForm(trx, c.companyId, id, FORM_TYPES, true);
    if (before.status === 'signed') throw formError('FORM_ALREADY_SIGNED');
    const data = body.fields ? { ...(before.data ?? {}), ...body.fields } : before.data;
    const after = await repo.updateForm(trx, c.companyId, id, { status: body.status, data: JSON.stringify(data) });
    if (after.operationId) await refreshFormSnapshot(deps, trx, c.companyId, after.operationId);
    await audit(trx, c, {
      action: 'form.updated',
      entity: 'form',
      id,
      before: { status: before.status, data: before.data },
      after: { status: after.status, data: after.data },
    });
    return formView(after);
  });
}

/** GET /formularios/entity/ficha/{fichaId} and POST batch-by-ficha-ids: the forms of fichas (ids deduplicated). */
export async function formsOfFichas(deps: AppDeps, c: TenantCaller, fichaIds: string[]) {
  const ids = [...new Set(fichaIds)];
  if (ids.length === 0) return [];
  const rows = await withTenant(deps.db, c.companyId, async (trx) => {
    if ((await repo.countFichas(trx, c.companyId, ids)) !== ids.length) {
      throw new AppError('FICHA_NOT_FOUND', { field: 'fichaIds', messageKey: 'fichas:errors.FICHA_NOT_FOUND' });
    }
    return repo.formsOfFichas(trx, c.companyId, ids);
  });
  return rows.map(formView);
}

/**
 * The ficha's form summary (spec 001 §3 "Form summary per ficha"): per form type its name, the current status (of the
 * newest active form), when it was last sent and last signed, and until when that signature is in effect (signed +
 * the company's declaration update window); a signature past it makes the status 'required' again.
 */
export async function fichaFormSummary(deps: AppDeps, c: TenantCaller, fichaId: string) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    if ((await repo.countFichas(trx, c.companyId, [fichaId])) !== 1) {
      throw new AppError('FICHA_NOT_FOUND', { messageKey: 'fichas:errors.FICHA_NOT_FOUND' });
    }
    const [forms, rules, company] = await Promise.all([
      repo.formsOfFichas(trx, c.companyId, [fichaId]),
      rulesOf(trx, c.companyId),
      repo.companyOf(trx, c.companyId),
    ]);
    const locale = localeOf(c.auth.user.lang ?? company.language);
    const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
    return FORM_TYPES.flatMap((type) => {
      const ofType = forms.filter((f) => f.type === type);
      if (ofType.length === 0) return [];
      const current = ofType.find((f) => f.isActive) ?? ofType[0];
      const lastSent = ofType.find((f) => f.lastSentAt);
      const lastSigned = ofType.find((f) => f.status === 'signed' && f.isActive);
      const effective = lastSigned?.signedAt
        ? new Date(new Date(lastSigned.signedAt).getTime() + rules.updateWindowDays * 86_400_000)
        : null;
      // the one rule that makes a signed declaration due again (past the window, or an officer asked for a new one),
      // with its reason: the Forms panel's too
      const renewal = current ? renewalReason(current, rules) : null;
      const stale = renewal !== null;
      return [
        {
          type,
          formName: translate(locale, `forms:types.${type}`),
          currentStatus: stale ? ('required' as const) : (current?.status ?? 'required'),
          active: current?.isActive ?? false,
          lastTimeSent: iso(lastSent?.lastSentAt),
          lastTimeSignature: iso(lastSigned?.signedAt),
          lastEffectiveDate: iso(effective),
          formId: current?.id ?? null,
          operationId: current?.operationId ?? null,
          reasons: renewal ? [renewal] : [],
        },
      ];
    });
  });
}

export { loadForm };

/**
 * The forms report (informes/Form{type}): the company's active forms of one type created in the period, signed ones
 * only, or filled and signed ones when `allowFilled` (decision in docs/decisions.md), at most `limit`.
 */
export function formsReportRows(
  deps: AppDeps,
  c: TenantCaller,
  q: { type: FormTypeT; range: { from: string; to: string }; allowFilled: boolean; limit: number },
) {
  const statuses: FormRow['status'][] = q.allowFilled ? ['filled', 'signed'] : ['signed'];
  return withTenant(deps.db, c.companyId, (trx) =>
    repo.formsOfPeriod(trx, c.companyId, q.type, q.range, statuses, q.limit),
  );
}
