import { formatDate } from '@regcheck/shared/format/index';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { type RoeOperation, roePeriod } from '../operations';
import { periodOf } from './reports.range';
import { pendingError, roeData, roeFile } from './reports.roe';
import { roeDiff } from './reports.roe-diff';
import * as repo from './reports.roe-filings.repo';
import { roeLayoutIn } from './reports.roe-layout';

/**
 * Filing the ROE of a period (decision 127): the UAF file as it is sent, its SHA-256, who filed it and when, the
 * period, the threshold, the operations and the rates they were converted with (as each operation keeps it,
 * migration 0610), stored once and never changed (migration 0580). A period is filed only once it has ended and while no cash waits for a rate; the same file twice in a row
 * is refused. The same period generated again is compared with its last filing.
 */

const FIELDS = { from: 'from', to: 'to' };

const notFound = () => new AppError('ROE_FILING_NOT_FOUND', { messageKey: 'reports:errors.ROE_FILING_NOT_FOUND' });

function filingView(r: repo.FilingRow) {
  return {
    id: r.id,
    from: r.from,
    to: r.to,
    thresholdUsd: Number(r.thresholdUsd),
    negative: r.negative,
    operationCount: r.operationCount,
    fileName: r.fileName,
    sha256: r.sha256,
    size: Number(r.size),
    rates: r.rates,
    filedBy: { id: r.filedBy, name: r.filedByName },
    filedAt: new Date(r.filedAt).toISOString(),
  };
}

/**
 * The rate of each currency and day the operations were converted with, as each operation keeps it (migration
 * 0610): never looked up again when filing. An operation in a foreign currency whose rate was not kept (converted
 * before the rates were kept, with a rate replaced since) refuses the filing, named: a filing never holds a guessed
 * rate.
 */
export function ratesUsed(ops: RoeOperation[]): repo.RoeRateUsed[] {
  const missing = ops.filter((o) => o.divisa !== 'USD' && !o.cashRate);
  if (missing.length) {
    const named = missing
      .slice(0, 10)
      .map((o) => o.codigoFormatted)
      .join(', ');
    throw new AppError('ROE_RATE_NOT_KEPT', {
      params: { count: missing.length, operations: missing.length > 10 ? `${named}…` : named },
      messageKey: 'reports:errors.ROE_RATE_NOT_KEPT',
    });
  }
  const byKey = new Map<string, repo.RoeRateUsed>();
  for (const o of ops)
    if (o.divisa !== 'USD' && o.cashRate) byKey.set(`${o.cashRate.divisa}|${o.cashRate.day}`, o.cashRate);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
}

/**
 * POST /informes/roe-uaf/filings: files the period's ROE as it is now; audited. The period is read under its lock,
 * in the filing's transaction: what is filed is what was read.
 */
export async function fileRoePeriod(deps: AppDeps, caller: TenantCaller, body: { from: string; to: string }) {
  const p = periodOf(body.from, body.to, new Date(), FIELDS);
  const today = new Date().toISOString().slice(0, 10);
  if (p.to >= today)
    throw new AppError('ROE_PERIOD_NOT_ENDED', {
      field: 'to',
      params: { to: formatDate(p.to) },
      messageKey: 'reports:errors.ROE_PERIOD_NOT_ENDED',
    });
  const companyId = caller.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    await repo.lockPeriod(trx, companyId, p.from, p.to);
    const data = await roePeriod(trx, caller, p);
    if (data.pending.length) throw pendingError(data.pending);
    const rates = ratesUsed(data.operations);
    const file = roeFile(caller, p, data, await roeLayoutIn(trx, caller.log));
    const hash = sha256(file.body);
    const latest = await repo.latestFiling(trx, companyId, p.from, p.to);
    if (latest?.sha256 === hash)
      throw new AppError('ROE_FILING_UNCHANGED', {
        params: { date: formatDate(latest.filedAt), name: latest.filedByName },
        messageKey: 'reports:errors.ROE_FILING_UNCHANGED',
      });
    const row = await repo.insertFiling(trx, {
      companyId,
      from: p.from,
      to: p.to,
      thresholdUsd: data.thresholdUsd,
      negative: data.operations.length === 0,
      operations: data.operations,
      rates,
      fileName: file.filename,
      fileBytes: file.body,
      sha256: hash,
      filedBy: caller.auth.userId,
      filedByName: caller.auth.user.name,
    });
    const view = filingView(row);
    await audit(trx, caller, {
      action: 'report.roe.filed',
      entity: 'roeFiling',
      id: row.id,
      before: latest ? { filingId: latest.id, sha256: latest.sha256, filedAt: latest.filedAt } : null,
      after: {
        from: view.from,
        to: view.to,
        thresholdUsd: view.thresholdUsd,
        negative: view.negative,
        operationCount: view.operationCount,
        sha256: view.sha256,
        fileName: view.fileName,
      },
    });
    return view;
  });
}

/** GET /informes/roe-uaf/filings: the company's filings, newest first (of one period when from and to are given). */
export async function listRoeFilings(
  deps: AppDeps,
  caller: TenantCaller,
  q: { from?: string; to?: string; limit: number; skip: number },
) {
  const companyId = caller.companyId;
  const rows = await withTenant(deps.db, companyId, (trx) => repo.listFilings(trx, companyId, q));
  return rows.map(filingView);
}

/**
 * GET /informes/roe-uaf/filings/{id}: a filing with what differs now (the period generated again): operations added,
 * removed and changed, and the cash now pending a rate, which is not in the filing either.
 */
export async function getRoeFiling(deps: AppDeps, caller: TenantCaller, id: string) {
  const companyId = caller.companyId;
  const row = await withTenant(deps.db, companyId, (trx) => repo.findFiling(trx, companyId, id));
  if (!row) throw notFound();
  const data = await roeData(deps, caller, periodOf(row.from, row.to, new Date(), FIELDS));
  const diff = roeDiff(
    { operations: row.operations, thresholdUsd: Number(row.thresholdUsd) },
    { operations: data.operations, thresholdUsd: data.thresholdUsd },
  );
  return { ...filingView(row), operations: row.operations, differences: { ...diff, pending: data.pending } };
}

/** GET /informes/roe-uaf/filings/{id}/file: the file exactly as it was filed; the download is audited. */
export async function roeFilingFile(deps: AppDeps, caller: TenantCaller, id: string) {
  const companyId = caller.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const f = await repo.filingFile(trx, companyId, id);
    if (!f) throw notFound();
    await audit(trx, caller, {
      action: 'report.roe.filing.downloaded',
      entity: 'roeFiling',
      id,
      after: { fileName: f.fileName, sha256: f.sha256 },
    });
    return {
      body: Buffer.from(f.fileBytes),
      type: 'text/plain; charset=utf-8',
      filename: f.fileName,
      sha256: f.sha256,
    };
  });
}
