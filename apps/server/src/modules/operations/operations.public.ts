import { type Locale, localeOf, translate } from '@regcheck/shared';
import { cleanEmail, isValidEmail } from '@regcheck/shared/format/index';
import {
  PUBLIC_CONTACT_FIELDS,
  PUBLIC_LINK_DAYS,
  type PublicConsultationViewT,
  type SendConsultationEmailResultT,
} from '@regcheck/shared/schemas/operations';
import type { AssociateRow, OperationRow, PublicLinkRow } from '../../db/tables/operations.tables';
import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { fichaError } from '../fichas';
import { queueMail } from '../mail';
import { opError } from './operations.errors';
import * as fichas from './operations.fichas';
import * as linksRepo from './operations.links.repo';
import { load } from './operations.load';
import * as repo from './operations.repo';

/**
 * Public links of an operation (spec 001 §7 /consultations/public..., /consultations/send-email). docs/decisions.md
 * (10): each link has its own unguessable token (randomToken), stored only as its SHA-256 hash, expiring after
 * PUBLIC_LINK_DAYS, bound to one operation and one participant's document. The public calls find the link as the
 * system by hash, then work inside that company's tenant transaction. Any failure to match (unknown, expired, another
 * operation, another document, operation in the trash, company closed) is the same 404.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const notFound = () => opError('PUBLIC_LINK_NOT_FOUND');

export type Visitor = fichas.Visitor;

/** The public address a participant opens (the web's public consultation route), with the token as `key`. */
export function publicLinkUrl(deps: AppDeps, operationId: string, dni: string, token: string) {
  return `${deps.config.publicUrl}/public/consultation/${operationId}/${encodeURIComponent(dni)}/data?key=${token}`;
}

/** The live link of a token for this operation (and document), with its company's name; 404 otherwise. */
async function findLink(deps: AppDeps, operationId: string, token: string, dni?: string) {
  if (!token || token.length > 512) throw notFound();
  const found = await withSystem(deps.db, (trx) => linksRepo.findLinkByTokenHash(trx, sha256(token)));
  if (
    !found ||
    found.operationId !== operationId ||
    found.expiresAt.getTime() <= Date.now() ||
    found.companyStatus !== 'active' ||
    !found.dni ||
    (dni !== undefined && !sameDni(found.dni, dni))
  ) {
    throw notFound();
  }
  return found;
}

function sameDni(stored: string, given: string) {
  return fichas.documentForms(given).includes(stored) || given === stored;
}

/** The operation and the link's participant, in the link's company. */
async function loadForLink(deps: AppDeps, link: PublicLinkRow) {
  return withTenant(deps.db, link.companyId, async (trx) => {
    // the link's operation gone (or unreadable) is the same 404 as any other failure to match: no hint to the
    // visitor; a fault other than "not found" is logged
    const { o, associates } = await load(trx, link.companyId, link.operationId).catch((err: unknown) => {
      if (!(err instanceof AppError)) deps.log.error({ err, linkId: link.id }, 'public link: its operation unreadable');
      throw notFound();
    });
    if (o.recordStatus !== 'active') throw notFound();
    const participant = associates.find((a) => a.dni === link.dni) ?? null;
    if (!participant) throw notFound();
    await linksRepo.touchLink(trx, link.companyId, link.id);
    return { o, participant };
  });
}

async function publicView(
  deps: AppDeps,
  link: PublicLinkRow & { companyName: string },
  o: OperationRow,
  a: AssociateRow,
): Promise<PublicConsultationViewT> {
  const contact = a.fichaId
    ? await fichas.contactOfFicha(deps, link.companyId, a.fichaId, PUBLIC_CONTACT_FIELDS)
    : Object.fromEntries(PUBLIC_CONTACT_FIELDS.map((k) => [k, k === 'email' ? a.email : null]));
  return {
    id: o.id,
    companyName: link.companyName,
    codigo: String(o.codigo).padStart(6, '0'),
    date: new Date(o.transactionDate ?? o.registrationDate).toISOString(),
    currency: o.divisa as PublicConsultationViewT['currency'],
    status: o.state,
    participant: {
      dni: a.dni,
      personType: a.personType,
      name: a.name,
      currency: a.currency,
      monto: Number(a.monto),
      efective: Number(a.efective),
      email: contact.email ?? null,
      phone: contact.phone ?? null,
      address: contact.address ?? null,
      city: contact.city ?? null,
      commune: contact.commune ?? null,
      region: contact.region ?? null,
      zipCode: contact.zipCode ?? null,
    },
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** GET /consultations/public/{id}/{token}: the operation as the link's participant sees it. */
export async function getPublic(deps: AppDeps, id: string, token: string) {
  const link = await findLink(deps, id, token);
  const { o, participant } = await loadForLink(deps, link);
  return publicView(deps, link, o, participant);
}

/** GET /consultations/public-simple/{id}/{dni}/{token}: the same, only when the document is the link's own. */
export async function getPublicSimple(deps: AppDeps, id: string, dni: string, token: string) {
  const link = await findLink(deps, id, token, dni);
  const { o, participant } = await loadForLink(deps, link);
  return publicView(deps, link, o, participant);
}

/**
 * PATCH /consultations/public/{id} {consulta, key}: the link's participant corrects their own contact fields on
 * their ficha (fichas service; audited as the link's holder: no user, the link id, address and request id, the
 * values before and after; action consultation.public.update). Refused on a finished operation. Only the fields
 * present in `consulta` change (the schema refuses any other field). A new e-mail replacing an existing one is not
 * applied: it waits for the old address to confirm it (requestEmailChange); a first e-mail applies at once.
 */
export async function patchPublic(
  deps: AppDeps,
  id: string,
  body: { consulta: Record<string, string | null | undefined>; key: string },
  visitor: Visitor,
) {
  const link = await findLink(deps, id, body.key);
  const { o, participant } = await loadForLink(deps, link);
  if (o.state === 'closed') throw opError('OPERATION_FINISHED');
  const fichaId = participant.fichaId;
  if (!fichaId) throw notFound();
  const values: Partial<fichas.ParticipantContact> = {};
  for (const k of PUBLIC_CONTACT_FIELDS) {
    const v = body.consulta[k];
    if (v !== undefined) values[k] = v === null || v.trim() === '' ? null : v.trim();
  }
  let emailChange: { from: string; to: string | null } | null = null;
  if (values.email !== undefined) {
    const to = values.email === null ? null : resolveNewEmail(values.email);
    const from = ((await fichas.contactOfFicha(deps, link.companyId, fichaId, ['email'])).email ?? '').trim();
    if ((to ?? '').toLowerCase() === from.toLowerCase()) delete values.email;
    else if (from) {
      emailChange = { from, to };
      delete values.email;
    } else values.email = to;
  }
  const via = { publicLinkId: link.id };
  if (Object.keys(values).length > 0) {
    await fichas.updateContactOfFicha(deps, link.companyId, fichaId, values, {
      ...visitor,
      action: 'consultation.public.update',
      via,
    });
    // keep the operation's copy of the participant's e-mail in step with the ficha
    if (values.email !== undefined) {
      await withTenant(deps.db, link.companyId, (trx) =>
        repo.updateAssociateEmail(trx, link.companyId, participant.id, values.email ?? null),
      );
    }
  }
  if (emailChange) await requestEmailChange(deps, link, participant, emailChange, visitor);
  const fresh = await loadForLink(deps, link);
  return publicView(deps, link, fresh.o, fresh.participant);
}

/** A new e-mail typed by the link's holder, checked now (the change may wait): 400 EMAIL_INVALID otherwise. */
function resolveNewEmail(value: string): string {
  if (!isValidEmail(value)) throw fichaError('EMAIL_INVALID', { field: 'email', params: { value } });
  return cleanEmail(value);
}

const EMAIL_CHANGE_HOURS = 48;

/** The address the old e-mail's owner opens to confirm a change (a page that asks before it applies). */
export function emailChangeUrl(deps: AppDeps, token: string) {
  return `${deps.config.publicUrl}/api/consultations/email-change/${token}`;
}

/**
 * The holder of a link asks to replace the ficha's e-mail: the change is stored, a single-use link valid for
 * EMAIL_CHANGE_HOURS goes to the OLD address through the outbox, and the request is audited as the link's holder,
 * all in one transaction. Nothing changes on the ficha until that link is opened and confirmed.
 */
async function requestEmailChange(
  deps: AppDeps,
  link: PublicLinkRow & { companyName: string; companyLanguage: string },
  participant: AssociateRow,
  change: { from: string; to: string | null },
  visitor: Visitor,
) {
  const token = randomToken();
  const locale = localeOf(link.companyLanguage);
  const params = {
    name: participant.name,
    company: link.companyName,
    email: change.to ?? '—',
    link: emailChangeUrl(deps, token),
    hours: EMAIL_CHANGE_HOURS,
  };
  const fichaId = participant.fichaId as string;
  await withTenant(deps.db, link.companyId, async (trx) => {
    const changeId = await linksRepo.insertEmailChange(trx, link.companyId, {
      linkId: link.id,
      fichaId,
      associateId: participant.id,
      oldEmail: change.from,
      newEmail: change.to ?? '',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000),
      ip: visitor.ip ?? null,
      requestId: visitor.requestId ?? null,
    });
    await queueMail(trx, deps.queue, deps.config, {
      companyId: link.companyId,
      kind: 'consultation.emailChange',
      to: change.from,
      subject: translate(locale, 'operations:publicLink.emailChange.mailSubject', params),
      text: translate(locale, 'operations:publicLink.emailChange.mailBody', params),
    });
    await audit(trx, holderOf(link, visitor), {
      action: 'consultation.public.emailChangeRequested',
      entity: 'ficha',
      id: fichaId,
      before: { email: change.from },
      after: { email: change.to, via: { publicLinkId: link.id, emailChangeId: changeId } },
    });
  });
}

/** The audit actor of a public link's holder: no user, the link's company, where the call came from. */
function holderOf(link: { companyId: string }, visitor: Visitor) {
  return { companyId: link.companyId, userId: null, ip: visitor.ip ?? null, requestId: visitor.requestId ?? null };
}

/** The pending change of a confirmation token, live and of an active company; null otherwise (one answer). */
async function findEmailChange(deps: AppDeps, token: string) {
  if (!token || token.length > 512) return null;
  const found = await withSystem(deps.db, (trx) => linksRepo.findEmailChangeByTokenHash(trx, sha256(token)));
  if (!found || found.usedAt || found.expiresAt.getTime() <= Date.now() || found.companyStatus !== 'active') {
    return null;
  }
  return found;
}

/** GET /consultations/email-change/{token}: what the link would change (nothing changes yet). */
export async function describeEmailChange(deps: AppDeps, token: string) {
  const found = await findEmailChange(deps, token);
  if (!found) return null;
  return {
    locale: localeOf(found.companyLanguage),
    company: found.companyName,
    from: found.oldEmail,
    to: found.newEmail || null,
  };
}

/**
 * POST /consultations/email-change/{token}: the old address confirms; the change applies once, audited as
 * the link's holder (fichas service, in the change's transaction). A change whose ficha no longer has the old
 * e-mail (someone else changed it meanwhile) is not applied. Null for an unknown, used or expired link.
 */
export async function confirmEmailChange(deps: AppDeps, token: string, visitor: Visitor) {
  const found = await findEmailChange(deps, token);
  if (!found) return null;
  const current = ((await fichas.contactOfFicha(deps, found.companyId, found.fichaId, ['email'])).email ?? '').trim();
  const marked = await withTenant(deps.db, found.companyId, (trx) =>
    linksRepo.markEmailChangeUsed(trx, found.companyId, found.id),
  );
  if (!marked || current.toLowerCase() !== found.oldEmail.toLowerCase()) return null;
  const email = found.newEmail || null;
  await fichas.updateContactOfFicha(
    deps,
    found.companyId,
    found.fichaId,
    { email },
    {
      ...visitor,
      action: 'consultation.public.update',
      via: { publicLinkId: found.linkId, emailChangeId: found.id, confirmedBy: 'previous e-mail' },
    },
  );
  await withTenant(deps.db, found.companyId, (trx) =>
    repo.updateAssociateEmail(trx, found.companyId, found.associateId, email),
  );
  return { locale: localeOf(found.companyLanguage), company: found.companyName, from: found.oldEmail, to: email };
}

/**
 * POST /consultations/send-email: a link per chosen participant (default: all) whose ficha has an e-mail, and an
 * e-mail with it in the company's language; participants without e-mail are reported, not sent.
 */
export async function sendEmail(
  deps: AppDeps,
  c: TenantCaller,
  body: { consultationId: string; dnis?: string[]; message?: string },
  callerLocale: Locale,
): Promise<SendConsultationEmailResultT> {
  const companyId = c.companyId;
  const { o, associates } = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, body.consultationId));
  if (o.recordStatus !== 'active') throw opError('OPERATION_INACTIVE');
  let chosen = associates;
  if (body.dnis) {
    chosen = [];
    for (const [i, d] of body.dnis.entries()) {
      const a = associates.find((x) => sameDni(x.dni, d));
      if (!a) throw opError('PARTICIPANT_NOT_FOUND', { field: `dnis.${i}`, params: { dni: d } });
      if (!chosen.includes(a)) chosen.push(a);
    }
  }
  // the ficha's current e-mail (it may have been completed after the operation was created)
  const current = await fichas.findFichasById(
    deps,
    c,
    chosen.flatMap((a) => (a.fichaId ? [a.fichaId] : [])),
  );
  const emailOf = (a: AssociateRow) => ((a.fichaId ? current.get(a.fichaId)?.email : a.email) ?? '').trim();
  const locale = localeOf(c.auth.company?.language ?? 'es');
  const companyName = c.auth.company?.name ?? '';
  const codigo = String(o.codigo).padStart(6, '0');
  const expiresAt = new Date(Date.now() + PUBLIC_LINK_DAYS * DAY_MS);
  const skipped = chosen
    .filter((a) => !emailOf(a))
    .map((a) => ({
      dni: a.dni,
      name: a.name,
      reason: 'NO_EMAIL' as const,
      message: translate(callerLocale, 'operations:publicLink.noEmail'),
    }));
  const toSend = chosen.filter((a) => emailOf(a));
  await withTenant(deps.db, companyId, async (trx) => {
    for (const a of toSend) {
      const token = randomToken();
      await linksRepo.insertLink(trx, companyId, {
        operationId: o.id,
        dni: a.dni,
        tokenHash: sha256(token),
        expiresAt,
        createdBy: c.auth.userId,
      });
      const params = {
        name: a.name,
        company: companyName,
        codigo,
        link: publicLinkUrl(deps, o.id, a.dni, token),
        days: PUBLIC_LINK_DAYS,
        message: body.message ? `\n\n${body.message}\n` : '',
      };
      await queueMail(trx, deps.queue, deps.config, {
        companyId,
        kind: 'consultation.link',
        to: emailOf(a),
        subject: translate(locale, 'operations:publicLink.mailSubject', params),
        text: translate(locale, 'operations:publicLink.mailBody', params),
      });
    }
    await audit(trx, c, {
      action: 'consultation.links.sent',
      entity: 'operation',
      id: o.id,
      before: null,
      after: { sent: toSend.map((a) => a.dni), skipped: skipped.map((s) => s.dni) },
    });
  });
  return { sent: toSend.length, skipped };
}
