import type { CompanySignaturePatch } from '@regcheck/shared';
import type { z } from 'zod';
import type { CompanySignatureRow } from '../../db/tables/company-config.tables';
import { withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { fileKey, storedName } from '../../lib/files';
import { checkUpload, imageMime } from '../../lib/uploads';
import type { AppDeps, Caller } from '../../plugins/context';
import { findCompany } from '../companies';
import * as repo from './company-config.repo';

/*
 * A company's signatures (spec 001 §3 Company: "signatures list (with active flag)"): the image of a signature with
 * the signer's name and title, in order. The rule of §4: removing the active first signature leaves the remaining
 * first one inactive (someone must choose again which signature is in force).
 */

/** A signature image is a PNG or JPG (by content), at most 2 MB (the spec's image limit). */
export const MAX_SIGNATURE_BYTES = 2 * 1024 * 1024;

const sigError = (
  code: 'COMPANY_SIGNATURE_NOT_FOUND' | 'SIGNATURE_IMAGE_FORMAT' | 'SIGNATURE_IMAGE_TOO_LARGE',
  field?: string,
) => new AppError(code, { field, messageKey: `companyConfig:errors.${code}` });

export function toSignatureView(s: CompanySignatureRow) {
  return {
    id: s.id,
    signerName: s.signerName,
    signerTitle: s.signerTitle,
    active: s.active,
    position: s.position,
    createdAt: s.createdAt.toISOString(),
  };
}

async function companyOrThrow(deps: AppDeps, companyId: string) {
  if (!(await findCompany(deps.db, companyId))) throw new AppError('COMPANY_NOT_FOUND');
}

/** GET /companies/{id}/signatures: in order, the first one first. */
export async function listSignatures(deps: AppDeps, companyId: string) {
  await companyOrThrow(deps, companyId);
  return (await repo.listSignatures(deps.db, companyId)).map(toSignatureView);
}

/** Refuses an image that is not a PNG or JPG by content (checkUpload), is empty, or is over 2 MB. */
export async function checkSignatureImage(bytes: Buffer | 'FILE_REQUIRED' | 'FILE_TOO_LARGE') {
  const checked =
    typeof bytes === 'string'
      ? { kind: null, problem: bytes }
      : await checkUpload(bytes, ['png', 'jpg'], MAX_SIGNATURE_BYTES);
  if (checked.problem === 'FILE_TOO_LARGE') throw sigError('SIGNATURE_IMAGE_TOO_LARGE', 'file');
  if (!checked.kind) throw sigError('SIGNATURE_IMAGE_FORMAT', 'file');
  return checked.kind;
}

/**
 * POST /companies/{id}/signatures (multipart: file, signerName, signerTitle): a new signature at the end of the list,
 * active. The image is stored before the transaction and removed again when the transaction fails.
 */
export async function addSignature(
  deps: AppDeps,
  caller: Caller,
  companyId: string,
  body: { signerName: string; signerTitle: string },
  bytes: Buffer,
) {
  await companyOrThrow(deps, companyId);
  const key = fileKey('companies', companyId, 'signatures', storedName(await checkSignatureImage(bytes)));
  if (!key) throw new AppError('COMPANY_NOT_FOUND');
  await deps.files.put(key, bytes);
  try {
    return await withSystem(deps.db, async (trx) => {
      const row = await repo.insertSignature(trx, companyId, {
        signerName: body.signerName,
        signerTitle: body.signerTitle,
        imageKey: key,
        active: true,
        position: await repo.nextSignaturePosition(trx, companyId),
        createdBy: caller.auth.userId,
      });
      await audit(
        trx,
        { ...caller, companyId },
        { action: 'company.signature.created', entity: 'companySignature', id: row.id, after: toSignatureView(row) },
      );
      return toSignatureView(row);
    });
  } catch (err) {
    await deps.files.remove(key);
    throw err;
  }
}

/** PATCH /companies/{id}/signatures/{signatureId}: the signer's name, title or the active flag; audited. */
export async function updateSignature(
  deps: AppDeps,
  caller: Caller,
  companyId: string,
  id: string,
  patch: z.infer<typeof CompanySignaturePatch>,
) {
  await companyOrThrow(deps, companyId);
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findSignature(trx, companyId, id);
    if (!before) throw sigError('COMPANY_SIGNATURE_NOT_FOUND');
    const row = await repo.updateSignature(trx, companyId, id, patch);
    if (!row) throw sigError('COMPANY_SIGNATURE_NOT_FOUND');
    await audit(
      trx,
      { ...caller, companyId },
      {
        action: 'company.signature.updated',
        entity: 'companySignature',
        id,
        before: toSignatureView(before),
        after: toSignatureView(row),
      },
    );
    return toSignatureView(row);
  });
}

/**
 * DELETE /companies/{id}/signatures/{signatureId}: removes the signature and its image. When it was the first one
 * and active, the signature that becomes first is left inactive (spec 001 §4), and that change is audited too.
 * Answers the list as it stands.
 */
export async function deleteSignature(deps: AppDeps, caller: Caller, companyId: string, id: string) {
  await companyOrThrow(deps, companyId);
  const removed = await withSystem(deps.db, async (trx) => {
    const all = await repo.listSignatures(trx, companyId);
    const target = all.find((s) => s.id === id);
    if (!target) throw sigError('COMPANY_SIGNATURE_NOT_FOUND');
    await repo.deleteSignature(trx, companyId, id);
    const who = { ...caller, companyId };
    await audit(trx, who, {
      action: 'company.signature.deleted',
      entity: 'companySignature',
      id,
      before: toSignatureView(target),
    });
    const next = all.filter((s) => s.id !== id)[0];
    if (all[0]?.id === id && target.active && next?.active) {
      const after = await repo.updateSignature(trx, companyId, next.id, { active: false });
      await audit(trx, who, {
        action: 'company.signature.updated',
        entity: 'companySignature',
        id: next.id,
        before: toSignatureView(next),
        after: after ? { ...toSignatureView(after), reason: 'activeFirstSignatureDeleted' } : null,
      });
    }
    return target;
  });
  await deps.files.remove(removed.imageKey);
  return listSignatures(deps, companyId);
}

/** GET /companies/{id}/signatures/{signatureId}/image: the image's bytes and type. */
export async function signatureImage(deps: AppDeps, companyId: string, id: string) {
  const row = await repo.findSignature(deps.db, companyId, id);
  const bytes = row ? await deps.files.get(row.imageKey) : null;
  if (!bytes) throw sigError('COMPANY_SIGNATURE_NOT_FOUND');
  return { bytes, mime: imageMime(bytes) };
}
