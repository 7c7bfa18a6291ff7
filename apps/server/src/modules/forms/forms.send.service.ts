import { localeOf, translate } from '@regcheck/shared';
import { padCodigo } from '@regcheck/shared/format/index';
import type { FormTypeT } from '@regcheck/shared/schemas/forms';
import type { FormStatus } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import type { FormRow } from '../../db/tables/forms.tables';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import type { MailOutcome } from '../mail';
import { queueMail } from '../mail';
import { withProfile } from '../mail-profiles';
import { refreshFormSnapshot } from '../operations';
import { formError } from './forms.errors';
import * as repo from './forms.repo';
import { ensureForm, panelOf } from './forms.service';

/**
 * Sending forms by e-mail (spec 001 §7 resendDOF / resendDOFLegal / resendPEP / resendBF, send-email-bf,
 * bulk-send-forms; §8 'Something happened when sending the e-mail'): a new link per send (its token stored hashed,
 * the older links revoked), the e-mail queued in the outbox in the same transaction as the status change and the audit
 * row; when the SMTP server later refuses the e-mail for good, the send is rolled back (status as before, the link
 * revoked) and the form says the e-mail failed.
 */

export const LINK_DAYS = 7;
type Status = z.infer<typeof FormStatus>;

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
    if (!to) throw formError('FORM_EMAIL_REQUIRED', { field: 'email' });
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
    let outboxId: string;
    try {
      // dressed with the company's active e-mail profile (sender name, Reply-To, colour, logo, signature)
      const mail = await withProfile(trx, c.companyId, {
        companyId: c.companyId,
        kind: `form.${type}`,
        to,
        subject: translate(locale, 'forms:mail.subject', params),
        text: translate(locale, 'forms:mail.body', params),
      });
      outboxId = await queueMail(trx, deps.queue, deps.config, mail);
    } catch (err) {
      c.log.error({ err, formId: form.id }, 'form e-mail could not be queued');
      throw formError('FORM_SEND_FAILED');
    }
    const now = new Date();
    const status = form.status === 'required' ? 'sent' : form.status;
    const after = await repo.updateForm(trx, c.companyId, form.id, {
      status,
      email: to,
      lastSentAt: now,
      lastOutboxId: outboxId,
      // without SMTP the outbox keeps the e-mail (read by the super administrator): nothing will refuse it
      sendState: deps.config.smtpUrl ? 'queued' : null,
      sendError: null,
      statusBeforeSend: form.status,
      steps: JSON.stringify([
        ...(form.steps ?? []),
        { step: 'sent', at: now.toISOString(), ip: c.ip, userAgent: null, linkId: link.id },
      ]),
    });
    await audit(trx, c, {
      action: 'form.sent',
      entity: 'form',
      id: form.id,
      before: { status: form.status, lastSentAt: form.lastSentAt },
      after: { status, lastSentAt: now.toISOString(), to, linkId: link.id, outboxId },
    });
    await refreshFormSnapshot(deps, trx, c.companyId, operationId);
    return { sent: true, formId: after.id, to };
  });
}

type BulkError = {
  consultationId: string;
  associateIndex: number | null;
  message: string;
  codigo: string | null;
  name: string | null;
  type: FormTypeT | null;
};

/**
 * POST /consultations/bulk-send-forms: for each operation (or one participant, or one form type), the forms whose
 * status is one of `statuses` (required ones by default) are sent, each in its own transaction; the answer counts
 * the sent forms and names each failed one (operation code, participant, form, the reason in the caller's language).
 */
export async function bulkSend(
  deps: AppDeps,
  c: TenantCaller,
  rows: { consultationId: string; associateIndex?: number; type?: FormTypeT }[],
  statuses: Status[] = ['required'],
) {
  const ids = [...new Set(rows.map((r) => r.consultationId))];
  // another company's (or an unknown) operation makes the whole call a 404, as for every id in a body
  const codes = ids.length
    ? await withTenant(deps.db, c.companyId, (trx) => repo.operationCodes(trx, c.companyId, ids))
    : new Map<string, number>();
  if (codes.size !== ids.length) {
    throw new AppError('OPERATION_NOT_FOUND', {
      field: 'consultations',
      messageKey: 'operations:errors.OPERATION_NOT_FOUND',
    });
  }
  let processed = 0;
  const errors: BulkError[] = [];
  const locale = localeOf(c.auth.user.lang ?? c.auth.company?.language);
  const wanted = new Set<Status>(statuses);
  for (const r of rows) {
    const codigo = padCodigo(codes.get(r.consultationId) ?? 0);
    const panel = await withTenant(deps.db, c.companyId, (trx) => panelOf(trx, c.companyId, r.consultationId));
    const targets = panel
      .filter((p) => r.associateIndex === undefined || p.associateIndex === r.associateIndex)
      .flatMap((p) =>
        p.forms
          .filter((f) => (r.type ? f.type === r.type : wanted.has(f.status)))
          .map((f) => ({ index: p.associateIndex, type: f.type, name: p.name })),
      );
    for (const t of targets) {
      try {
        await sendForm(deps, c, r.consultationId, t.index, t.type);
        processed++;
      } catch (err) {
        errors.push({
          consultationId: r.consultationId,
          associateIndex: t.index,
          message: messageOf(err, locale),
          codigo,
          name: t.name,
          type: t.type,
        });
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

/** The mail job's news of a form's e-mail: delivered, or refused for good (then the send is rolled back). */
export async function onFormMail(deps: AppDeps, outcome: 'delivered' | 'failed', o: MailOutcome) {
  if (!o.kind.startsWith('form.') || !o.companyId) return;
  const companyId = o.companyId;
  await withTenant(o.db, companyId, async (trx) => {
    const f = await repo.findFormByOutbox(trx, companyId, o.outboxId);
    // a later send replaced this e-mail: its news no longer concerns the form
    if (!f) return;
    if (outcome === 'delivered') {
      await repo.updateForm(trx, companyId, f.id, { sendState: 'delivered', sendError: null });
      return;
    }
    // the visitor cannot have opened a link that never arrived: a form still 'sent' goes back to where it was
    const rollback = f.status === 'sent' ? ((f.statusBeforeSend as FormRow['status'] | null) ?? 'required') : f.status;
    await repo.revokeLinks(trx, companyId, f.id);
    await repo.updateForm(trx, companyId, f.id, {
      status: rollback,
      sendState: 'failed',
      sendError: (o.error ?? '').slice(0, 500),
    });
    await audit(
      trx,
      { companyId, userId: null },
      {
        action: 'form.send.failed',
        entity: 'form',
        id: f.id,
        before: { status: f.status, sendState: f.sendState },
        after: { status: rollback, sendState: 'failed', outboxId: o.outboxId, error: (o.error ?? '').slice(0, 500) },
      },
    );
    if (f.operationId) await refreshFormSnapshot(deps, trx, companyId, f.operationId);
  });
}
