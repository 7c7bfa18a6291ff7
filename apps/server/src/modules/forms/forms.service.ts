import { localeOf, translate } from '@regcheck/shared';
import { FORM_TYPES, type FormTypeT, type ParticipantFormsT } from '@regcheck/shared/schemas/forms';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { type Executor, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { countIn, type ListFilterArgs, type Listing, listIn } from '../../lib/crud';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { queueMail } from '../mail/mail.service';
import { withProfile } from '../mail-profiles/mail-profiles.service';
import { formError } from './forms.errors';
import * as repo from './forms.repo';
import { currentForm, entryOf, generalStatus, isStale, typesOf } from './forms.status';
import type { FormRow } from './forms.tables';
import { rulesOf, templateFor } from './forms.templates.service';
import { formView } from './forms.view';

/**
 * Forms of the participants of an operation (spec 001 §7 Form DOF / PEP / BF): create, send and resend by e-mail
 * through the outbox with a per-link token (stored hashed; a resend revokes the previous links), deactivate, the
 * statuses of the Forms panel and of /consultations/getGeneralFormStatus, bulk sending. Every change audited in its
 * transaction.
 */

const LINK_DAYS = 7;
type Trx = Transaction<Database>;

/** The Forms panel of an operation: each participant's applicable forms and where each stands. */
export async function participantForms(deps: AppDeps, c: TenantCaller, operationId: string) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    if (!(await repo.operationExists(trx, c.companyId, operationId)))
      throw new AppError('OPERATION_NOT_FOUND', { messageKey: 'operations:errors.OPERATION_NOT_FOUND' });
    return panelOf(trx, c.companyId, operationId);
  });
}

async function panelOf(trx: Executor, companyId: string, operationId: string): Promise<ParticipantFormsT[]> {
  const [participants, forms, rules] = await Promise.all([
    repo.participantsOf(trx, companyId, operationId),
    repo.formsOfOperation(trx, companyId, operationId),
    rulesOf(trx, companyId),
  ]);
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
  if (!p) throw formError('FORM_PARTICIPANT_NOT_FOUND', 'associateIndex');
  if (!typesOf(p).includes(type)) throw formError('FORM_TYPE_NOT_APPLICABLE', 'type');
  return p;
}

/** The participant's current form of a type, or a new one from the company's template (a signed stale one too). */
async function ensureForm(
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
    data: JSON.stringify({}),
    files: JSON.stringify([]),
    steps: JSON.stringify([]),
    createdBy: c.auth.userId,
  });
  await audit(trx, c, { action: 'form.created', entity: 'form', id: form.id, after: formView(form) });
  return { form, p, company, created: true };
}

/** POST /form-xxx {consultationId, associateIndex}: the participant's form (created when there is none). */
export async function createForm(deps: AppDeps, c: TenantCaller, type: FormTypeT, operationId: string, index: number) {
  return withTenant(deps.db, c.companyId, async (trx) =>
    formView((await ensureForm(trx, c, operationId, index, type)).form),
  );
}

/** The public address of a form's link (the web's participant route), with the token as `key`. */
function formLinkUrl(deps: AppDeps, f: Pick<FormRow, 'id' | 'operationId' | 'dni' | 'type'>, token: string) {
  return `${deps.config.publicUrl}/public/consultation/${f.operationId}/${encodeURIComponent(f.dni)}/${f.type}?form=${f.id}&key=${token}`;
}

/**
 * Sends (or resends) a participant's form by e-mail: needs an e-mail on the ficha; a new link token (hashed, expiring
 * after LINK_DAYS) revokes the previous ones; the message goes through the outbox in the same transaction as the
 * status change and the audit row, so a failure leaves the status as it was.
 */
export async function sendForm(deps: AppDeps, c: TenantCaller, operationId: string, index: number, type: FormTypeT) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const { form, p, company } = await ensureForm(trx, c, operationId, index, type, true);
    const to = (p.fichaEmail ?? p.email ?? '').trim();
    if (!to) throw formError('FORM_EMAIL_REQUIRED', 'email');
    if (!form.isActive) throw formError('FORM_INACTIVE');
    await repo.revokeLinks(trx, c.companyId, form.id);
    const token = randomToken();
    const link = await repo.insertLink(trx, c.companyId, {
      formId: form.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + LINK_DAYS * 86_400_000),
      createdBy: c.auth.userId,
    });
    const locale = localeOf(form.language);
    const params = {
      name: p.name,
      company: company.name,
      form: translate(locale, `forms:types.${type}`),
      link: formLinkUrl(deps, form, token),
      days: LINK_DAYS,
    };
    const now = new Date();
    const status = form.status === 'required' ? 'sent' : form.status;
    const after = await repo.updateForm(trx, c.companyId, form.id, {
      status,
      email: to,
      lastSentAt: now,
      steps: JSON.stringify([
        ...(form.steps ?? []),
        { step: 'sent', at: now.toISOString(), ip: c.ip, userAgent: null, linkId: link.id },
      ]),
    });
    try {
      // dressed with the company's active e-mail profile (sender name, Reply-To, colour, logo, signature)
      const mail = await withProfile(trx, c.companyId, {
        companyId: c.companyId,
        kind: `form.${type}`,
        to,
        subject: translate(locale, 'forms:mail.subject', params),
        text: translate(locale, 'forms:mail.body', params),
      });
      await queueMail(trx, deps.queue, deps.config, mail);
    } catch (err) {
      c.log.error({ err, formId: form.id }, 'form e-mail could not be queued');
      throw formError('FORM_SEND_FAILED');
    }
    await audit(trx, c, {
      action: 'form.sent',
      entity: 'form',
      id: form.id,
      before: { status: form.status, lastSentAt: form.lastSentAt },
      after: { status, lastSentAt: now.toISOString(), to, linkId: link.id },
    });
    return { sent: true, formId: after.id, to };
  });
}

/** POST /consultations/bulk-send-forms: each operation's required forms (or the given participant/type) sent. */
export async function bulkSend(
  deps: AppDeps,
  c: TenantCaller,
  rows: { consultationId: string; associateIndex?: number; type?: FormTypeT }[],
) {
  const ids = [...new Set(rows.map((r) => r.consultationId))];
  // another company's (or an unknown) operation makes the whole call a 404, as for every id in a body
  const known = ids.length
    ? await withTenant(deps.db, c.companyId, (trx) => repo.countOperations(trx, c.companyId, ids))
    : 0;
  if (known !== ids.length) {
    throw new AppError('OPERATION_NOT_FOUND', {
      field: 'consultations',
      messageKey: 'operations:errors.OPERATION_NOT_FOUND',
    });
  }
  let processed = 0;
  const errors: { consultationId: string; associateIndex: number | null; message: string }[] = [];
  const locale = localeOf(c.auth.user.lang ?? c.auth.company?.language);
  for (const r of rows) {
    let targets: { index: number; type: FormTypeT }[] = [];
    try {
      const panel = await withTenant(deps.db, c.companyId, async (trx) => {
        if (!(await repo.operationExists(trx, c.companyId, r.consultationId))) {
          throw new AppError('OPERATION_NOT_FOUND', { messageKey: 'operations:errors.OPERATION_NOT_FOUND' });
        }
        return panelOf(trx, c.companyId, r.consultationId);
      });
      targets = panel
        .filter((p) => r.associateIndex === undefined || p.associateIndex === r.associateIndex)
        .flatMap((p) =>
          p.forms
            .filter((f) => (r.type ? f.type === r.type : f.status === 'required'))
            .map((f) => ({ index: p.associateIndex, type: f.type })),
        );
    } catch (err) {
      errors.push({
        consultationId: r.consultationId,
        associateIndex: r.associateIndex ?? null,
        message: messageOf(err, locale),
      });
      continue;
    }
    for (const t of targets) {
      try {
        await sendForm(deps, c, r.consultationId, t.index, t.type);
        processed++;
      } catch (err) {
        errors.push({ consultationId: r.consultationId, associateIndex: t.index, message: messageOf(err, locale) });
      }
    }
  }
  return {
    success: errors.length === 0,
    message: translate(locale, errors.length === 0 ? 'forms:bulk.done' : 'forms:bulk.partial', {
      processed,
      failed: errors.length,
    }),
    processed,
    errors,
  };
}

function messageOf(err: unknown, locale: ReturnType<typeof localeOf>) {
  if (err instanceof AppError) return translate(locale, err.messageKey ?? err.code, err.params);
  return translate(locale, 'forms:bulk.error');
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

/** PATCH /form-xxx/{id}: {isActive:false} deactivates (soft; its live links revoked), {isActive:true} restores. */
export async function patchForm(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  types: readonly FormTypeT[],
  body: { isActive?: boolean },
) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const before = await loadForm(trx, c.companyId, id, types, true);
    if (body.isActive === undefined || body.isActive === before.isActive) return formView(before);
    const after = await repo.updateForm(trx, c.companyId, id, { isActive: body.isActive });
    if (!body.isActive) await repo.revokeLinks(trx, c.companyId, id);
    await audit(trx, c, {
      action: body.isActive ? 'form.restored' : 'form.deactivated',
      entity: 'form',
      id,
      before: { isActive: before.isActive },
      after: { isActive: after.isActive },
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
