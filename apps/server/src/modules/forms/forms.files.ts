import { formatDate } from '@regcheck/shared/format/date';
import type { FormTypeT, InspectionVerifyT } from '@regcheck/shared/schemas/forms';
import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { localDate, localTime } from '../../lib/business-days';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { cleanFileName, fileKey, storedName } from '../../lib/files';
import type { FileUpload, SpooledZip } from '../../lib/multipart';
import { pdfProblem, type UploadProblem } from '../../lib/uploads';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { formError } from './forms.errors';
import { platformFingerprint } from './forms.keys.service';
import { MAX_FORM_FILES } from './forms.limits';
import { fileNameOf } from './forms.public';
import * as repo from './forms.repo';
import { loadForm } from './forms.service';
import { documentVerifiers } from './forms.verifiers';
import { verifyPdfSignature } from './forms.verify';
import { dniHint } from './forms.view';

/**
 * Files of forms (spec 001 §7): supporting PDFs (addfile: content-checked, 25 MB, encrypted refused), the original
 * and the signed PDF streamed with their type and name, and /public/verify.
 */

function uploadError(p: UploadProblem) {
  return new AppError(p, { field: 'file', messageKey: `operations:errors.${p}` });
}

/** POST /form-xxx/{id}/addfile: a supporting document of the form. */
export async function addFile(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  types: readonly FormTypeT[],
  up: FileUpload | UploadProblem,
) {
  if (typeof up === 'string') throw uploadError(up);
  const problem = await pdfProblem(up.bytes);
  if (problem) throw uploadError(problem);
  const k = fileKey('forms', c.companyId, id, storedName('pdf'));
  if (!k) throw formError('FORM_NOT_FOUND');
  return withTenant(deps.db, c.companyId, async (trx) => {
    const f = await loadForm(trx, c.companyId, id, types, true);
    if ((f.files ?? []).length >= MAX_FORM_FILES)
      throw formError('FORM_FILES_LIMIT', { field: 'file', params: { max: MAX_FORM_FILES } });
    await deps.files.put(k, up.bytes);
    const entry = {
      name: cleanFileName(up.filename),
      key: k,
      size: up.bytes.length,
      uploadedAt: new Date().toISOString(),
    };
    await repo.updateForm(trx, c.companyId, id, { files: JSON.stringify([...(f.files ?? []), entry]) });
    await audit(trx, c, {
      action: 'form.file.uploaded',
      entity: 'form',
      id,
      after: { name: entry.name, size: entry.size, sha256: sha256(up.bytes) },
    });
    return { name: entry.name, size: entry.size, uploadedAt: entry.uploadedAt };
  }).catch(async (err) => {
    // nothing half-written: a failed transaction leaves no file behind
    await deps.files.remove(k);
    throw err;
  });
}

/** GET /form-xxx/{id}/files/{index}: a supporting document of the form (audited: who read which). */
export async function downloadSupporting(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  types: readonly FormTypeT[],
  index: number,
) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const f = await loadForm(trx, c.companyId, id, types);
    const entry = (f.files ?? [])[index];
    const bytes = entry ? await deps.files.get(entry.key) : null;
    if (!entry || !bytes) throw new AppError('FILE_NOT_FOUND', { messageKey: 'operations:errors.FILE_NOT_FOUND' });
    await audit(trx, c, { action: 'form.file.read', entity: 'form', id, after: { index, name: entry.name } });
    return { bytes, fileName: entry.name };
  });
}

/** GET /form-xxx/{id}/downloadfile (the original, unsigned PDF) and /downloadsigned. */
export async function download(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  types: readonly FormTypeT[],
  which: 'original' | 'signed',
) {
  const f = await withTenant(deps.db, c.companyId, (trx) => loadForm(trx, c.companyId, id, types));
  const k = which === 'signed' ? f.signedKey : f.originalKey;
  const bytes = k ? await deps.files.get(k) : null;
  if (!bytes) throw new AppError('FILE_NOT_FOUND', { messageKey: 'operations:errors.FILE_NOT_FOUND' });
  return { bytes, fileName: fileNameOf(f, which) };
}

/**
 * POST /public/verify: whether a PDF is one RegCheck signed and unchanged: its signature validates over the byte
 * range with the platform certificate, and its SHA-256 is a signed form's. Answers for whom and when. A zip (an
 * inspector's file, issue 28) comes as the temporary file it was written to (decision 256), each part checked against
 * its manifest.
 */
export async function verify(deps: AppDeps, upload: { bytes: Buffer } | { zip: SpooledZip }) {
  if ('zip' in upload) {
    for (const v of documentVerifiers()) {
      const inspection = await v.zip(deps, upload.zip.path);
      if (inspection) return zipAnswer(upload.zip.sha256, inspection);
    }
    return {
      valid: false,
      signedByRegCheck: false,
      integrity: false,
      sha256: upload.zip.sha256,
      form: null,
      inspection: null,
    };
  }
  const { bytes } = upload;
  const sha = sha256(bytes);
  // an inspector's PDF (issue 28) is recognised by its SHA-256 first: byte for byte the file RegCheck produced, whose
  // embedded files (the declarations' signed PDFs) the content check below would refuse as active content
  const sig0 = bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? verifyPdfSignature(bytes) : null;
  for (const v of documentVerifiers()) {
    const inspection = await v.pdf(deps, { bytes, sha256: sha, signerFingerprint: sig0?.fingerprint ?? null });
    if (inspection)
      return {
        valid: inspection.pdfSigned,
        signedByRegCheck: inspection.pdfSigned,
        integrity: !!sig0,
        sha256: sha,
        form: null,
        inspection,
      };
  }
  // the one content check of a PDF: not a PDF, unreadable or encrypted is a translated 400 (RegCheck never signs
  // an encrypted file)
  const problem = await pdfProblem(bytes);
  if (problem) throw uploadError(problem);
  const sig = sig0;
  const found = await withSystem(deps.db, (trx) => repo.findSignedBySha(trx, sha));
  // signed by RegCheck: with the platform key, or with the key the form was signed with (the company's own)
  const signedByRegCheck =
    !!sig && (sig.fingerprint === (await platformFingerprint(deps)) || sig.fingerprint === found?.signerFingerprint);
  // when, as the PDF writes it: the company's day and time, not UTC (decision 222)
  const at = new Date(found?.signedAt ?? 0);
  const country: 'CL' | 'BR' = found?.companyCountry === 'BR' ? 'BR' : 'CL';
  return {
    valid: signedByRegCheck && !!found,
    signedByRegCheck,
    integrity: !!sig,
    sha256: sha,
    form: found
      ? {
          type: found.type,
          name: found.name,
          dniHint: dniHint(found.dni),
          companyName: found.companyName,
          signedAt: at.toISOString(),
          signedAtLocal: {
            date: formatDate(localDate(country, at)),
            time: localTime(country, at, { seconds: true }),
            country,
          },
          contentSha256: found.contentSha256,
        }
      : null,
    inspection: null,
  };
}

/** A zip is valid when its manifest is RegCheck's, its PDF signed and every part unchanged, none missing or extra. */
function zipAnswer(sha256Hex: string, inspection: InspectionVerifyT) {
  const partsOk = inspection.parts.every((p) => p.status === 'unchanged');
  return {
    valid: !!inspection.manifestKnown && inspection.pdfSigned && partsOk,
    signedByRegCheck: inspection.pdfSigned,
    integrity: partsOk,
    sha256: sha256Hex,
    form: null,
    inspection,
  };
}
