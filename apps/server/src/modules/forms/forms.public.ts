import { localeOf, translate } from '@regcheck/shared';
import { formatDate } from '@regcheck/shared/format/date';
import { FORM_TYPES, type FormTypeT, MAX_IMAGE_BYTES, type PublicFormViewT } from '@regcheck/shared/schemas/forms';
import type { FormRow } from '../../db/tables/forms.tables';
import type { FormStep } from '../../db/tables/forms.types';
import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { localDate, localTime } from '../../lib/business-days';
import { sha256 } from '../../lib/crypto';
import { cleanFileName, fileKey, storedName } from '../../lib/files';
import { checkUpload } from '../../lib/uploads';
import type { AppDeps } from '../../plugins/context';
import { refreshFormSnapshot } from '../operations';
import { deliverWebhookEvent } from '../webhooks';
import { checkAnswers } from './forms.engine';
import { formError } from './forms.errors';
import { imageProblem } from './forms.images';
import { signingKeyFor } from './forms.keys.service';
import { MAX_FORM_FILES } from './forms.limits';
import { renderFormPdf, signPdf } from './forms.pdf';
import * as repo from './forms.repo';
import {
  chooseSigner,
  knownRepresentatives,
  needsSigner,
  type SignerChoice,
  signerDocumentType,
} from './forms.signatory';
import { findingsForForm } from './forms.subject';
import { sameDocument } from './forms.view';

/**
 * The public signing flow of a form's link (spec 001 §2 form-signing flow): open (opened), confirm the document
 * (identification), fill (filled), portrait photo, ID document photo, drawn signature, sign (signed: the PDF generated,
 * signed and stored, the link spent). A bad, expired, revoked or spent link, another form's id or a deactivated form
 * all answer the same 404 'The form you are looking for seems invalid'; a link locked by wrong document numbers
 * answers FORM_LINK_LOCKED. Audited as the link's holder. Over 400 lines: every step shares the link lookup, the
 * form locked in the link's company and the holder's audit, which stay private to this file.
 */

export interface Visitor {
  ip: string | null;
  requestId: string | null;
  userAgent: string | null;
}

const invalid = () => formError('FORM_LINK_INVALID');

/** The verification page's full address, printed on every declaration (the site's address from the configuration). */
export const verifyUrlOf = (deps: AppDeps) => `${deps.config.publicUrl}/public/verify`;

async function findLink(deps: AppDeps, formId: string, token: string) {
  if (!token || token.length > 512 || !/^[0-9a-f-]{36}$/i.test(formId)) throw invalid();
  const l = await withSystem(deps.db, (trx) => repo.findLinkByHash(trx, sha256(token)));
  if (!l || l.formId !== formId || l.revokedAt || l.expiresAt.getTime() <= Date.now() || l.companyStatus !== 'active') {
    throw invalid();
  }
  if (l.lockedAt) throw formError('FORM_LINK_LOCKED');
  return l;
}
type Link = Awaited<ReturnType<typeof findLink>>;

/**
 * When this link is the one that signed the form (its holder opens it or asks to sign again), the clear
 * FORM_SIGNED_ON with the day and time of the signature in the company's time, not the invalid link. Any other dead
 * link stays 'seems invalid' (null here).
 */
async function spentBySignature(deps: AppDeps, formId: string, token: string) {
  if (!token || token.length > 512 || !/^[0-9a-f-]{36}$/i.test(formId)) return null;
  const l = await withSystem(deps.db, (trx) => repo.findLinkByHash(trx, sha256(token)));
  if (!l || l.formId !== formId) return null;
  const f = await withTenant(deps.db, l.companyId, (trx) => repo.findForm(trx, l.companyId, formId));
  if (f?.status !== 'signed' || !f.signedAt) return null;
  if (!(f.steps ?? []).some((s) => s.step === 'signed' && s.linkId === l.id)) return null;
  const country = l.companyCountry === 'BR' ? 'BR' : 'CL';
  const at = new Date(f.signedAt);
  return formError('FORM_SIGNED_ON', {
    params: {
      date: formatDate(localDate(country, at)),
      time: localTime(country, at),
      zone: country === 'BR' ? 'Brasília' : 'Chile',
      signedAt: at.toISOString(),
      language: f.language,
    },
  });
}

const holder = (l: Link, v: Visitor) => ({ companyId: l.companyId, userId: null, ip: v.ip, requestId: v.requestId });
const step = (s: FormStep['step'], l: Link, v: Visitor): FormStep => ({
  step: s,
  at: new Date().toISOString(),
  ip: v.ip,
  userAgent: v.userAgent?.slice(0, 300) ?? null,
  linkId: l.id,
});

type FormWork<T> = (trx: Parameters<Parameters<typeof withTenant>[2]>[0], f: FormRow, l: Link) => Promise<T>;

/** The form of a live link, locked, in the link's company; `types` limits the call's path (/form-dof...). */
async function withForm<T>(deps: AppDeps, formId: string, token: string, types: readonly FormTypeT[], fn: FormWork<T>) {
  return withLinkForm(deps, await findLink(deps, formId, token), formId, types, fn);
}

/** withForm for a link already found. */
function withLinkForm<T>(deps: AppDeps, l: Link, formId: string, types: readonly FormTypeT[], fn: FormWork<T>) {
  return withTenant(deps.db, l.companyId, async (trx) => {
    const f = await repo.findForm(trx, l.companyId, formId, { forUpdate: true });
    if (!f?.isActive || !types.includes(f.type) || f.status === 'signed') throw invalid();
    await repo.touchLink(trx, l.companyId, l.id);
    return fn(trx, f, l);
  });
}

const identified = (f: FormRow, l: Link) => (f.steps ?? []).some((s) => s.step === 'identified' && s.linkId === l.id);

function publicView(f: FormRow, l: Link): PublicFormViewT {
  return {
    id: f.id,
    type: f.type,
    language: f.language,
    status: f.status,
    companyName: l.companyName,
    name: f.name,
    identified: identified(f, l),
    template: f.template,
    data: identified(f, l) ? (f.data ?? {}) : {},
    hasPhoto: !!f.photoKey,
    hasIdPhoto: !!f.idPhotoKey,
    hasSignature: !!f.signatureKey,
    // what it declares is shown to the visitor who confirmed the document, like the answers
    subject: identified(f, l) ? (f.subject ?? null) : null,
    needsSigner: needsSigner(f.type),
    signer: identified(f, l) ? (f.signer ?? null) : null,
  };
}

/** GET /form-xxx/public/{id}/{token}: the form as its visitor sees it; the first opening sets opened. */
export async function getPublic(deps: AppDeps, types: readonly FormTypeT[], formId: string, token: string, v: Visitor) {
  const found = await findLink(deps, formId, token).catch(async (err) => {
    throw (await spentBySignature(deps, formId, token)) ?? err;
  });
  return withLinkForm(deps, found, formId, types, async (trx, f, l) => {
    if (f.status !== 'sent') return publicView(f, l);
    const after = await repo.updateForm(trx, l.companyId, f.id, {
      status: 'opened',
      openedAt: new Date(),
      steps: JSON.stringify([...(f.steps ?? []), step('opened', l, v)]),
    });
    await audit(trx, holder(l, v), {
      action: 'form.opened',
      entity: 'form',
      id: f.id,
      before: { status: f.status },
      after: { status: 'opened', via: { formLinkId: l.id } },
    });
    if (f.operationId) await refreshFormSnapshot(deps, trx, l.companyId, f.operationId);
    return publicView(after, l);
  });
}

/** Wrong document numbers a link takes: the last one locks it (a resend issues a new link, starting at zero). */
export const MAX_IDENTIFY_ATTEMPTS = 5;

/**
 * POST /forms/public/{id}/identify {key, dni}: the visitor confirms the participant's document number (no part of it
 * is shown to them). A wrong one is counted on the link, committed before the refusal; the MAX_IDENTIFY_ATTEMPTS-th
 * locks the link (audited as form.link.locked) and answers FORM_LINK_LOCKED, as does every later call on it.
 */
export async function identify(deps: AppDeps, formId: string, body: { key: string; dni: string }, v: Visitor) {
  const l = await findLink(deps, formId, body.key);
  const out = await withLinkForm(deps, l, formId, FORM_TYPES, async (trx, f) => {
    if (!sameDocument(f.dni, body.dni)) {
      const counted = await repo.recordWrongDocument(trx, l.companyId, l.id, MAX_IDENTIFY_ATTEMPTS);
      // the form row is held for update, so exactly one call counts the locking attempt
      if (counted.failedAttempts === MAX_IDENTIFY_ATTEMPTS) {
        await audit(trx, holder(l, v), {
          action: 'form.link.locked',
          entity: 'form',
          id: f.id,
          after: { failedAttempts: counted.failedAttempts, via: { formLinkId: l.id } },
        });
      }
      return { wrong: counted } as const;
    }
    return { view: await identifyRight(trx, f, l, v) } as const;
  });
  if ('view' in out) return out.view;
  if (out.wrong.lockedAt) throw formError('FORM_LINK_LOCKED', { field: 'dni' });
  throw formError('FORM_DOCUMENT_MISMATCH', {
    field: 'dni',
    params: {
      left: Math.max(0, MAX_IDENTIFY_ATTEMPTS - out.wrong.failedAttempts),
    },
  });
}

/** The right document number: the identified step (once per link). */
async function identifyRight(
  trx: Parameters<FormWork<unknown>>[0],
  f: FormRow,
  l: Link,
  v: Visitor,
): Promise<PublicFormViewT> {
  if (identified(f, l)) return publicView(f, l);
  const after = await repo.updateForm(trx, l.companyId, f.id, {
    steps: JSON.stringify([...(f.steps ?? []), step('identified', l, v)]),
  });
  await audit(trx, holder(l, v), {
    action: 'form.identified',
    entity: 'form',
    id: f.id,
    after: { via: { formLinkId: l.id } },
  });
  return publicView(after, l);
}

/** POST /form-xxx/public-filled {form:{id,data}, key}: the answers, checked against the form's template. */
export async function fill(
  deps: AppDeps,
  types: readonly FormTypeT[],
  body: { form: { id: string; data: Record<string, unknown> }; key: string },
  v: Visitor,
) {
  return withForm(deps, body.form.id, body.key, types, async (trx, f, l) => {
    if (!identified(f, l)) throw formError('FORM_NOT_IDENTIFIED', { field: 'dni' });
    if (f.photoKey || f.idPhotoKey || f.signatureKey) throw formError('FORM_NOT_EDITABLE');
    const data = checkAnswers(f.template, body.form.data);
    const after = await repo.updateForm(trx, l.companyId, f.id, {
      status: 'filled',
      data: JSON.stringify(data),
      filledAt: new Date(),
      steps: JSON.stringify([...(f.steps ?? []), step('filled', l, v)]),
    });
    await audit(trx, holder(l, v), {
      action: 'form.filled',
      entity: 'form',
      id: f.id,
      before: { status: f.status, data: f.data },
      after: { status: 'filled', data, via: { formLinkId: l.id } },
    });
    if (f.operationId) await refreshFormSnapshot(deps, trx, l.companyId, f.operationId);
    return publicView(after, l);
  });
}

/**
 * POST /form-xxx/public/{id}/addfile?key=: the visitor adds a supporting PDF (content-checked, 25 MB, encrypted
 * refused) once identified and before signing; at most MAX_FORM_FILES. The file is removed again when the
 * transaction fails.
 */
export async function addPublicFile(
  deps: AppDeps,
  types: readonly FormTypeT[],
  formId: string,
  key: string,
  up: { bytes: Buffer; filename: string },
  v: Visitor,
) {
  const l = await findLink(deps, formId, key);
  const k = fileKey('forms', l.companyId, formId, storedName('pdf'));
  if (!k) throw invalid();
  let written = false;
  try {
    return await withLinkForm(deps, l, formId, types, async (trx, f) => {
      if (!identified(f, l)) throw formError('FORM_NOT_IDENTIFIED', { field: 'dni' });
      if ((f.files ?? []).length >= MAX_FORM_FILES)
        throw formError('FORM_FILES_LIMIT', { field: 'file', params: { max: MAX_FORM_FILES } });
      await deps.files.put(k, up.bytes);
      written = true;
      const entry = {
        name: cleanFileName(up.filename),
        key: k,
        size: up.bytes.length,
        uploadedAt: new Date().toISOString(),
      };
      await repo.updateForm(trx, l.companyId, f.id, { files: JSON.stringify([...(f.files ?? []), entry]) });
      await audit(trx, holder(l, v), {
        action: 'form.file.uploaded',
        entity: 'form',
        id: f.id,
        after: { name: entry.name, size: entry.size, sha256: sha256(up.bytes), via: { formLinkId: l.id } },
      });
      return { name: entry.name, size: entry.size, uploadedAt: entry.uploadedAt };
    });
  } catch (err) {
    if (written) await deps.files.remove(k);
    throw err;
  }
}

/**
 * GET /forms/public/{id}/signer?key=: for a company's form, the legal representatives the ficha's relations name (to
 * choose one), the document type a person entered is checked as, and the signer chosen so far.
 */
export async function signerOptions(deps: AppDeps, formId: string, key: string) {
  const l = await findLink(deps, formId, key);
  return withLinkForm(deps, l, formId, FORM_TYPES, async (trx, f) => {
    if (!identified(f, l)) throw formError('FORM_NOT_IDENTIFIED', { field: 'dni' });
    if (!needsSigner(f.type)) throw formError('FORM_SIGNER_NOT_APPLICABLE');
    const known = await knownRepresentatives(trx, l.companyId, f.fichaId);
    return {
      representatives: known.map(({ id, name, document }) => ({ id, name, document })),
      documentType: signerDocumentType(l.companyCountry),
      signer: f.signer ?? null,
    };
  });
}

/**
 * POST /forms/public/{id}/signer {key, representativeId | name, document, capacity}: who signs for the company
 * (issue 25 point 4), after the answers and before the photos (which are that person's); may be changed until the
 * first photo is taken. Audited as the link's holder.
 */
export async function setSigner(deps: AppDeps, formId: string, body: SignerChoice & { key: string }, v: Visitor) {
  const l = await findLink(deps, formId, body.key);
  return withLinkForm(deps, l, formId, FORM_TYPES, async (trx, f) => {
    if (!identified(f, l)) throw formError('FORM_NOT_IDENTIFIED', { field: 'dni' });
    if (!needsSigner(f.type)) throw formError('FORM_SIGNER_NOT_APPLICABLE');
    if (f.status !== 'filled') throw formError('FORM_NOT_FILLED');
    if (f.photoKey || f.idPhotoKey || f.signatureKey) throw formError('FORM_NOT_EDITABLE');
    const signer = await chooseSigner(trx, l.companyId, f.fichaId, l.companyCountry, body);
    const after = await repo.updateForm(trx, l.companyId, f.id, {
      signer: JSON.stringify(signer),
      steps: JSON.stringify([...(f.steps ?? []), step('signer', l, v)]),
    });
    await audit(trx, holder(l, v), {
      action: 'form.signer.chosen',
      entity: 'form',
      id: f.id,
      before: { signer: f.signer ?? null },
      after: { signer, via: { formLinkId: l.id } },
    });
    return publicView(after, l);
  });
}

const COLUMN = { photo: 'photoKey', idPhoto: 'idPhotoKey', signature: 'signatureKey' } as const;

/** POST /forms/public/{id}/image/{kind}: the portrait, the ID document photo or the drawn signature. */
export async function uploadImage(
  deps: AppDeps,
  formId: string,
  key: string,
  kind: 'photo' | 'idPhoto' | 'signature',
  bytes: Buffer,
  v: Visitor,
) {
  // the one upload check (0 bytes, size, type by content), then the image decoded whole (forms.images.ts)
  const checked = await checkUpload(bytes, ['png', 'jpg'], MAX_IMAGE_BYTES);
  if (checked.problem === 'FILE_TOO_LARGE') throw formError('FORM_IMAGE_TOO_LARGE', { field: 'file' });
  const problem = checked.problem ? 'FORM_IMAGE_INVALID' : imageProblem(bytes);
  if (problem) throw formError(problem, { field: 'file' });
  const l = await findLink(deps, formId, key);
  const k = fileKey('forms', l.companyId, formId, storedName(checked.kind ?? 'jpg'));
  if (!k) throw invalid();
  await deps.files.put(k, bytes);
  try {
    return await withLinkForm(deps, l, formId, FORM_TYPES, async (trx, f) => {
      if (f.status !== 'filled') throw formError('FORM_NOT_FILLED');
      // the photos and the signature are those of the person who signs for the company: named first
      if (needsSigner(f.type) && !f.signer) throw formError('FORM_SIGNER_REQUIRED', { field: 'signer' });
      const after = await repo.updateForm(trx, l.companyId, f.id, {
        [COLUMN[kind]]: k,
        steps: JSON.stringify([...(f.steps ?? []), step(kind, l, v)]),
      });
      await audit(trx, holder(l, v), {
        action: 'form.image.uploaded',
        entity: 'form',
        id: f.id,
        after: { kind, size: bytes.length, sha256: sha256(bytes), via: { formLinkId: l.id } },
      });
      const old = f[COLUMN[kind]];
      if (old) await deps.files.remove(old);
      return publicView(after, l);
    });
  } catch (err) {
    await deps.files.remove(k);
    throw err;
  }
}

/**
 * GET /forms/public/{id}/preview?key=: the PDF as it will be signed, unsigned and marked as a preview, for the review
 * step (the visitor sees the document before signing it). Needs the answers; the images taken so far are in it.
 */
export async function preview(deps: AppDeps, formId: string, key: string) {
  const l = await findLink(deps, formId, key);
  const [f, findings] = await withTenant(deps.db, l.companyId, async (trx) => {
    const form = await repo.findForm(trx, l.companyId, formId);
    return [form, form ? await findingsForForm(trx, l.companyId, form) : []] as const;
  });
  if (!f?.isActive || f.status === 'signed') throw invalid();
  if (!identified(f, l)) throw formError('FORM_NOT_IDENTIFIED', { field: 'dni' });
  if (f.status !== 'filled') throw formError('FORM_NOT_FILLED');
  const [photo, idPhoto, signature] = await Promise.all(
    [f.photoKey, f.idPhotoKey, f.signatureKey].map((k) => (k ? deps.files.get(k) : Promise.resolve(null))),
  );
  const { pdf } = await renderFormPdf({
    formId: f.id,
    locale: localeOf(f.language),
    country: l.companyCountry === 'BR' ? 'BR' : 'CL',
    verifyUrl: verifyUrlOf(deps),
    companyName: l.companyName,
    name: f.name,
    dni: f.dni,
    template: f.template,
    data: f.data ?? {},
    photo: photo ?? null,
    idPhoto: idPhoto ?? null,
    signature: signature ?? null,
    steps: f.steps ?? [],
    linkId: l.id,
    signedAt: new Date(),
    draft: true,
    subject: f.subject ?? null,
    findings,
    signer: f.signer ?? null,
  });
  return { pdf, fileName: fileNameOf(f, 'preview') };
}

/**
 * POST /form-xxx/public-signed {form:{id}, key} (and PATCH /form-xxx/public/{id} {form:{signed}, key}): the PDF is
 * generated, signed with the platform key and stored with the original; the form becomes signed and its links are
 * spent, all in one transaction (a second signature is refused, the first kept). Answers the signed PDF.
 */
export async function sign(deps: AppDeps, types: readonly FormTypeT[], formId: string, key: string, v: Visitor) {
  const l = await findLink(deps, formId, key).catch(async (err) => {
    // signing again through the link that signed: the clear 'already signed' (the opening says when)
    if (await spentBySignature(deps, formId, key)) throw formError('FORM_ALREADY_SIGNED');
    throw err;
  });
  const written: string[] = [];
  try {
    return await withTenant(deps.db, l.companyId, async (trx) => {
      const f = await repo.findForm(trx, l.companyId, formId, { forUpdate: true });
      if (!f?.isActive || !types.includes(f.type)) throw invalid();
      if (f.status === 'signed') throw formError('FORM_ALREADY_SIGNED');
      if (f.status !== 'filled') throw formError('FORM_NOT_FILLED');
      if (!f.photoKey) throw formError('FORM_PHOTO_REQUIRED', { field: 'photo', params: { what: 'photo' } });
      if (!f.idPhotoKey) throw formError('FORM_PHOTO_REQUIRED', { field: 'idPhoto', params: { what: 'idPhoto' } });
      if (!f.signatureKey) throw formError('FORM_SIGNATURE_REQUIRED', { field: 'signature' });
      if (needsSigner(f.type) && !f.signer) throw formError('FORM_SIGNER_REQUIRED', { field: 'signer' });
      const [photo, idPhoto, signature, company] = await Promise.all([
        deps.files.get(f.photoKey),
        deps.files.get(f.idPhotoKey),
        deps.files.get(f.signatureKey),
        repo.companyOf(trx, l.companyId),
      ]);
      const at = new Date();
      const steps = [...(f.steps ?? []), step('signed', l, v)];
      const locale = localeOf(f.language);
      // the answers checked against the file (issue 25 point 3), kept with the form for the officer's review
      const findings = await findingsForForm(trx, l.companyId, f);
      const { pdf, contentSha256 } = await renderFormPdf({
        formId: f.id,
        locale,
        country: company.country === 'BR' ? 'BR' : 'CL',
        verifyUrl: verifyUrlOf(deps),
        companyName: company.name,
        name: f.name,
        dni: f.dni,
        template: f.template,
        data: f.data ?? {},
        photo,
        idPhoto,
        signature,
        steps,
        linkId: l.id,
        signedAt: at,
        subject: f.subject ?? null,
        findings,
        signer: f.signer ?? null,
      });
      // the company's own key when it has one valid today, else the platform's
      const key = await signingKeyFor(deps, trx, l.companyId);
      // a company's declaration is signed by the named person, for the company
      const signed = await signPdf(pdf, key, {
        name: f.signer?.name ?? f.name,
        reason: f.signer
          ? translate(locale, 'forms:pdf.reasonFor', { company: f.name, name: f.signer.name })
          : translate(locale, 'forms:pdf.reason', { name: f.name }),
        at,
      });
      const originalKey = fileKey('forms', l.companyId, f.id, storedName('pdf'));
      const signedKey = fileKey('forms', l.companyId, f.id, storedName('pdf'));
      if (!originalKey || !signedKey) throw invalid();
      await deps.files.put(originalKey, pdf);
      written.push(originalKey);
      await deps.files.put(signedKey, signed);
      written.push(signedKey);
      const signedSha256 = sha256(signed);
      await repo.updateForm(trx, l.companyId, f.id, {
        status: 'signed',
        signedAt: at,
        originalKey,
        signedKey,
        contentSha256,
        signedSha256,
        signerFingerprint: key.fingerprint,
        steps: JSON.stringify(steps),
        findings: JSON.stringify(findings),
      });
      await repo.revokeLinks(trx, l.companyId, f.id);
      if (f.operationId) await refreshFormSnapshot(deps, trx, l.companyId, f.operationId);
      await audit(trx, holder(l, v), {
        action: 'form.signed',
        entity: 'form',
        id: f.id,
        before: { status: f.status },
        after: {
          status: 'signed',
          contentSha256,
          signedSha256,
          findings,
          signer: f.signer ?? null,
          via: { formLinkId: l.id },
        },
      });
      // a signed PEP form is a source of the customer's one PEP status (decision 170): computed again by a job
      if (f.type === 'formPep')
        await deps.queue.enqueue(
          trx,
          'fichas.pep.refresh',
          { companyId: l.companyId, fichaIds: f.fichaId ? [f.fichaId] : [], dnis: [f.dni], cause: 'formSigned' },
          { companyId: l.companyId },
        );
      // the company's systems learn of the signature with the change (the answers stay in RegCheck)
      await deliverWebhookEvent(deps.queue, trx, l.companyId, 'form.signed', {
        formId: f.id,
        type: f.type,
        operationId: f.operationId,
        fichaId: f.fichaId,
        dni: f.dni,
        signedAt: at.toISOString(),
        sha256: signedSha256,
      });
      return {
        id: f.id,
        status: 'signed' as const,
        signedAt: at.toISOString(),
        sha256: signedSha256,
        // the one SHA-256 the visitor is shown: the declared content's, printed on the PDF's audit page
        contentSha256,
        fileName: fileNameOf(f),
        pdf: signed.toString('base64'),
      };
    });
  } catch (err) {
    for (const k of written) await deps.files.remove(k);
    throw err;
  }
}

export function fileNameOf(f: Pick<FormRow, 'type' | 'dni'>, suffix = 'signed') {
  return `${f.type}-${f.dni.replace(/[^0-9A-Za-z-]/g, '')}-${suffix}.pdf`;
}
