import { createHash } from 'node:crypto';
import { LOCALES, type Locale, localeOf, translate } from '@regcheck/shared';
import type { InspectionVerifyT } from '@regcheck/shared/schemas/forms';
import { withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { fileKey } from '../../lib/files';
import { type AppDeps, inCompany, systemCaller, type TenantCaller } from '../../plugins/context';
import { actAs } from '../auth';
import * as fichas from '../fichas';
import { registerVerifier, signingKeyFor, signPdf, verifyPdfSignature } from '../forms';
import { queueMail } from '../mail';
import { notifyOnce } from '../monitoring';
import { logoFor } from '../reports';
import { checkManifestFile, jsonChunks, type Manifest, ZipWriter } from './inspection.bundle';
import { collectCustomer, type Part } from './inspection.customer';
import { type DocSection, type InspectionDoc, renderInspectionPdf } from './inspection.pdf';
import { collectPeriod } from './inspection.period';
import { readsNotifications } from './inspection.policy';
import * as repo from './inspection.repo';
import { type Words, wordsFor } from './inspection.words';

/**
 * The inspector's files (issue 28): the customer's file of a ficha and the period pack, each built by a job into
 * one zip in the file store (the PAdES-signed PDF, the same content as JSON, the files handed over, a manifest with
 * the SHA-256 of every part), with its progress on the row and a notification when ready. Downloads are audited;
 * another company's file is a 404. /public/verify recognises the PDF by its SHA-256 and the zip by its manifest.
 */

export const INSPECTION_JOB = 'inspection.build';

export function fileView(r: repo.InspectionRow) {
  return {
    id: r.id,
    kind: r.kind,
    fichaId: r.fichaId,
    from: r.dateFrom,
    to: r.dateTo,
    status: r.status,
    progress: r.progress,
    size: r.fileSize,
    fileName: r.fileName,
    pdfSha256: r.pdfSha256,
    manifestSha256: r.manifestSha256,
    error: r.error,
    createdBy: r.createdByName ?? '',
    createdAt: new Date(r.createdAt).toISOString(),
    finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
    downloadUrl:
      r.status === 'ready' ? `/api/inspection/${r.kind === 'customer' ? 'files' : 'packs'}/${r.id}/download` : null,
  };
}

const notFound = () =>
  new AppError('INSPECTION_NOT_FOUND', { field: 'id', messageKey: 'reports:inspection.errors.INSPECTION_NOT_FOUND' });

/** Starts the customer's file of a ficha (another company's ficha is 404, as the ficha routes answer). */
export async function startCustomerFile(deps: AppDeps, caller: TenantCaller, fichaId: string) {
  await fichas.get(deps, caller, fichaId);
  return start(deps, caller, { kind: 'customer', fichaId, dateFrom: null, dateTo: null });
}

/** Starts the period pack of a date range (from ≤ to, at most 366 days: a 400 naming the field otherwise). */
export async function startPeriodPack(deps: AppDeps, caller: TenantCaller, from: string, to: string) {
  if (to < from) throw new AppError('VALIDATION_ERROR', { field: 'to', params: { field: 'to', reason: 'beforeFrom' } });
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days > 366)
    throw new AppError('VALIDATION_ERROR', { field: 'to', params: { field: 'to', reason: 'rangeTooLong' } });
  return start(deps, caller, { kind: 'period', fichaId: null, dateFrom: from, dateTo: to });
}

async function start(
  deps: AppDeps,
  caller: TenantCaller,
  f: { kind: 'customer' | 'period'; fichaId: string | null; dateFrom: string | null; dateTo: string | null },
) {
  const company = caller.auth.company;
  const locale = localeOf(company?.language);
  const row = await withTenant(deps.db, caller.companyId, async (trx) => {
    const r = await repo.insertFile(trx, {
      companyId: caller.companyId,
      ...f,
      locale,
      createdBy: caller.auth.userId,
      createdByName: caller.auth.user.name,
      createdByEmail: caller.auth.user.email,
    });
    await deps.queue.enqueue(
      trx,
      INSPECTION_JOB,
      { companyId: caller.companyId, fileId: r.id },
      { companyId: caller.companyId, singletonKey: `inspection:${r.id}` },
    );
    await audit(trx, caller, {
      action: f.kind === 'customer' ? 'inspection.file.requested' : 'inspection.pack.requested',
      entity: f.kind === 'customer' ? 'ficha' : 'inspectionPack',
      id: f.kind === 'customer' ? (f.fichaId ?? r.id) : r.id,
      after: { fileId: r.id, from: f.dateFrom, to: f.dateTo },
    });
    return r;
  });
  return fileView(row);
}

export async function listFiles(
  deps: AppDeps,
  caller: TenantCaller,
  q: { kind: 'customer' | 'period'; fichaId?: string },
) {
  if (q.fichaId) await fichas.get(deps, caller, q.fichaId);
  const rows = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.listFiles(trx, caller.companyId, { ...q, limit: 20 }),
  );
  return rows.map(fileView);
}

/** One file of the company, of the kind the route serves (a pack asked through the files route is 404). */
export async function getFile(deps: AppDeps, caller: TenantCaller, id: string, kind?: 'customer' | 'period') {
  const row = await withTenant(deps.db, caller.companyId, (trx) => repo.findFile(trx, caller.companyId, id));
  if (!row || (kind && row.kind !== kind)) throw notFound();
  return fileView(row);
}

/** The stored zip as a stream (audited: who, when, which); not ready yet is 409. */
export async function downloadFile(deps: AppDeps, caller: TenantCaller, id: string, kind: 'customer' | 'period') {
  const row = await withTenant(deps.db, caller.companyId, (trx) => repo.findFile(trx, caller.companyId, id));
  if (!row || row.kind !== kind) throw notFound();
  if (row.status !== 'ready' || !row.fileKey)
    throw new AppError('INSPECTION_NOT_READY', { messageKey: 'reports:inspection.errors.INSPECTION_NOT_READY' });
  const body = await deps.files.getStream(row.fileKey);
  if (!body) throw notFound();
  await withTenant(deps.db, caller.companyId, (trx) =>
    audit(trx, caller, {
      action: kind === 'customer' ? 'inspection.file.downloaded' : 'inspection.pack.downloaded',
      entity: kind === 'customer' ? 'ficha' : 'inspectionPack',
      id: kind === 'customer' ? (row.fichaId ?? row.id) : row.id,
      after: { fileId: row.id, fileName: row.fileName, sha256: row.manifestSha256 },
    }),
  );
  return { ...body, fileName: row.fileName ?? `${row.id}.zip` };
}

/** The words of a file's language (the company's when it was asked). */
/** the web page of the period packs (the customer's file is downloaded from its ficha) */
const PERIOD_PAGE = '/home/fichas/inspectionPack';

function localeOfRow(row: repo.InspectionRow): Locale {
  return (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'es';
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'file';

interface Built {
  title: string;
  head: string[];
  sections: DocSection[];
  /** the JSON part, a chunk at a time (a period's lists are long) */
  json: AsyncIterable<string>;
  parts: Part[];
  attachments?: InspectionDoc['attachments'];
  baseName: string;
  subject: string;
}

/**
 * The job: builds the file as the user who asked (with the role they have now), renders and signs the PDF, writes
 * the zip to the store a part at a time, records the SHA-256 of the PDF and the manifest, marks it ready and
 * notifies. Any error marks it failed with the error in words. Safe to run twice (a ready or failed file is left).
 */
export async function runBuild(deps: AppDeps, companyId: string, id: string) {
  const set = (p: Parameters<typeof repo.updateFile>[3]) =>
    withTenant(deps.db, companyId, (trx) => repo.updateFile(trx, companyId, id, p));
  const row = await withTenant(deps.db, companyId, (trx) => repo.findFile(trx, companyId, id));
  if (!row || row.status === 'ready' || row.status === 'failed') return;
  const locale = localeOfRow(row);
  let zip: ZipWriter | null = null;
  try {
    await set({ status: 'running', progress: 1, error: null });
    const auth = row.createdByEmail ? await actAs(deps, row.createdByEmail) : undefined;
    if (!auth || auth.companyId !== companyId) throw new Error(translate(locale, 'reports:export.noAuthor'));
    const caller = { ...inCompany(systemCaller(auth, deps.log, companyId)), requestId: `inspection:${id}` };
    const company = await withTenant(deps.db, companyId, (trx) => repo.companyOf(trx, companyId));
    if (!company) throw notFound();
    const w = wordsFor(locale, company.country);
    let last = 1;
    const progress = async (p: number) => {
      if (p > last) {
        last = p;
        await set({ progress: p });
      }
    };
    const at = new Date();
    const built =
      row.kind === 'customer'
        ? await customer(deps, caller, row, w, progress)
        : await period(deps, caller, row, w, progress);
    const issued = w.i('generated', { at: w.stamp(at), who: auth.user.name });
    const doc: InspectionDoc = {
      title: built.title,
      head: [...built.head, w.i('company', { name: company.name }), issued],
      verifyNote: w.i('verifyNote', { url: `${deps.config.publicUrl}/public/verify` }),
      sections: built.sections,
      footer: company.name,
      pageLabel: (n, total) => w.i('page', { n, total }),
      logo: await logoFor(deps, caller, 'pdf'),
      attachments: built.attachments,
      info: { title: built.title, author: company.name, subject: built.subject, created: at },
    };
    const pdf = await renderInspectionPdf(doc);
    await progress(80);
    const key = await withTenant(deps.db, companyId, (trx) => signingKeyFor(deps, trx, companyId));
    const signed = await signPdf(pdf, key, { name: company.name, reason: built.title, at });
    const pdfSha256 = createHash('sha256').update(signed).digest('hex');
    await progress(85);
    const storeKey = fileKey('inspection', companyId, `${id}.zip`);
    if (!storeKey) throw new Error('file key');
    zip = new ZipWriter(deps.files, storeKey);
    const pdfName = `${built.baseName}.pdf`;
    await zip.add(pdfName, signed, w.i('partPdf'), false);
    await zip.addStream(`${built.baseName}.json`, built.json, w.i('partJson'));
    // one part at a time: a document is streamed from the store into the zip, never read whole
    for (const p of built.parts) {
      if ('bytes' in p) {
        await zip.add(p.path, p.bytes, p.description, p.compress);
        continue;
      }
      const file = await deps.files.getStream(p.key);
      if (!file) throw new Error(`${p.path}: ${w.i('fileMissing')}`);
      await zip.addStream(p.path, file.stream, p.description, p.compress);
    }
    await progress(95);
    const { manifestSha256, size } = await zip.finish({
      kind: row.kind,
      id,
      company: company.name,
      generatedAt: at.toISOString(),
      period: row.dateFrom && row.dateTo ? { from: row.dateFrom, to: row.dateTo } : null,
    });
    await withTenant(deps.db, companyId, async (trx) => {
      await repo.updateFile(trx, companyId, id, {
        status: 'ready',
        progress: 100,
        fileKey: storeKey,
        fileSize: size,
        fileName: `${built.baseName}.zip`,
        pdfSha256,
        manifestSha256,
        signerFingerprint: key.fingerprint,
        finished: true,
      });
      const text = {
        title: `reports:inspection.notification.${row.kind}Title`,
        description: `reports:inspection.notification.${row.kind}Body`,
        params: { who: auth.user.name, at: w.stamp(at) },
      };
      await notifyOnce(trx, companyId, {
        kind: 'inspection.ready',
        key: id,
        title: translate(locale, text.title, text.params),
        description: translate(locale, text.description, text.params),
        data: { fileId: id, fichaId: row.fichaId, kind: row.kind },
        text,
      });
      // who asked and has no bell (the auditor) is told by e-mail, in their language, with where to download it
      if (!readsNotifications(auth.role)) {
        const mine = localeOf(auth.user.lang ?? company.language);
        const where = row.kind === 'customer' && row.fichaId ? `/home/fichas/${row.fichaId}` : PERIOD_PAGE;
        await queueMail(trx, deps.queue, deps.config, {
          companyId,
          kind: 'inspection.ready',
          to: auth.user.email,
          subject: translate(mine, text.title, text.params),
          text: `${translate(mine, text.description, text.params)}\n\n${deps.config.publicUrl}${where}`,
        });
      }
    });
  } catch (err) {
    deps.log.warn({ err, fileId: id }, 'inspection file failed');
    zip?.abort(err instanceof Error ? err : new Error(String(err)));
    const detail =
      err instanceof AppError && err.messageKey
        ? translate(locale, err.messageKey, err.params ?? {})
        : translate(locale, 'reports:export.failedDetail', {
            detail: err instanceof Error ? err.message : String(err),
          });
    await set({ status: 'failed', error: detail, finished: true });
  }
}

/** The JSON a piece at a time (a ficha's thousands of operations or history rows never as one string). */
async function* jsonOf(value: unknown) {
  yield* jsonChunks(value);
  yield '\n';
}

async function customer(
  deps: AppDeps,
  caller: TenantCaller,
  row: repo.InspectionRow,
  w: Words,
  progress: (p: number) => Promise<void>,
): Promise<Built> {
  const f = await collectCustomer(deps, caller, row.fichaId ?? '', w, progress);
  const title = w.i('customerTitle', { name: f.subject.name });
  return {
    title,
    head: [w.i('customerHead', { name: f.subject.name, dni: f.subject.dni })],
    sections: f.sections,
    json: jsonOf({ kind: 'customer', generatedFor: f.subject, sections: f.data }),
    parts: f.parts,
    attachments: f.attachments,
    baseName: `${slug(w.i('customerFileName'))}-${slug(f.subject.name)}`,
    subject: f.subject.name,
  };
}

async function period(
  deps: AppDeps,
  caller: TenantCaller,
  row: repo.InspectionRow,
  w: Words,
  progress: (p: number) => Promise<void>,
): Promise<Built> {
  const from = row.dateFrom ?? '';
  const to = row.dateTo ?? '';
  const p = await collectPeriod(deps, caller, from, to, w, progress);
  const title = w.i('periodTitle', { from: w.day(from), to: w.day(to) });
  return {
    title,
    head: [w.i('periodHead', { from: w.day(from), to: w.day(to) })],
    sections: p.sections,
    json: p.json,
    parts: [],
    baseName: `periodo-${from}-${to}`,
    subject: title,
  };
}

/** /public/verify: an inspector's PDF by its SHA-256, or its zip by the manifest inside (decision 211). */
async function verifyPdf(
  deps: AppDeps,
  pdf: { bytes: Buffer; sha256: string; signerFingerprint: string | null },
): Promise<InspectionVerifyT | null> {
  const found = await withSystem(deps.db, (trx) => repo.findBySha(trx, 'pdf', pdf.sha256));
  if (!found) return null;
  return {
    ...answerOf(found),
    manifestKnown: null,
    pdfSigned: !!pdf.signerFingerprint && pdf.signerFingerprint === found.signerFingerprint,
    parts: [],
  };
}

function answerOf(found: NonNullable<Awaited<ReturnType<typeof repo.findBySha>>>) {
  return {
    kind: found.kind,
    companyName: found.companyName,
    generatedAt: found.finishedAt ? new Date(found.finishedAt).toISOString() : null,
    period: found.dateFrom && found.dateTo ? { from: found.dateFrom, to: found.dateTo } : null,
  };
}

const pdfPathOf = (m: Manifest) => m.parts.find((p) => p.path.endsWith('.pdf') && !p.path.includes('/'))?.path;

async function verifyZip(deps: AppDeps, file: string): Promise<InspectionVerifyT | null> {
  const check = await checkManifestFile(file, pdfPathOf, deps.config.verifyZipMaxBytes);
  if (!check.ok) return null;
  const found = await withSystem(deps.db, (trx) => repo.findBySha(trx, 'manifest', check.manifestSha256));
  const sig = check.pdf ? verifyPdfSignature(Buffer.from(check.pdf)) : null;
  // the PDF inside must be the one recorded with the manifest, signed with the key the file was signed with
  const pdfSha = check.pdf ? createHash('sha256').update(check.pdf).digest('hex') : null;
  const pdfSigned = !!found && !!sig && sig.fingerprint === found.signerFingerprint && pdfSha === found.pdfSha256;
  return {
    kind: found?.kind ?? check.manifest.kind,
    companyName: found?.companyName ?? check.manifest.company,
    generatedAt: found?.finishedAt ? new Date(found.finishedAt).toISOString() : check.manifest.generatedAt,
    period: check.manifest.period,
    manifestKnown: !!found,
    pdfSigned,
    parts: check.parts,
  };
}

export function registerInspectionVerifier() {
  registerVerifier('inspection', { pdf: verifyPdf, zip: verifyZip });
}
