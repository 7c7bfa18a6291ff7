import { padCodigo } from '@regcheck/shared/format/index';
import type { OperationViewT } from '@regcheck/shared/schemas/operations';
import { type Executor, withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as repo from './operations.repo';
import * as roeRepo from './operations.roe.repo';
import { roeThreshold } from './operations.rules';

/**
 * The ROE (cash operations above the company's threshold in USD at the day's rate) of a period, as the UAF report,
 * its summary and the filings read it (issue 23): an operation once reportable stays in its period's ROE when it is
 * deleted later, with the mark of who deleted it and when (decision 125); cash without a rate for its day is
 * pending, never "not reportable", and a period with pending cash is never negative (decision 128).
 */

type Currency = OperationViewT['divisa'];

export interface RoeOperation {
  id: string;
  codigo: number;
  codigoFormatted: string;
  transactionDate: string | null;
  divisa: Currency;
  cashAmount: number;
  cashAmountUsd: number | null;
  participants: { dni: string; name: string; efective: number }[];
  /** deleted after it was reportable: still reported, with this mark */
  deletedAt: string | null;
  deletedByName: string | null;
}

export interface RoePending {
  id: string;
  codigo: number;
  codigoFormatted: string;
  transactionDate: string | null;
  /** the day without a dollar rate, YYYY-MM-DD */
  rateDate: string;
  divisa: Currency;
  cashAmount: number;
  deletedAt: string | null;
}

export interface RoePeriod {
  from?: string;
  to?: string;
  thresholdUsd: number;
  operations: RoeOperation[];
  pending: RoePending[];
  /** more reportable operations than `limit` */
  truncated: boolean;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function currentQuarter(now = new Date()) {
  const y = now.getUTCFullYear();
  const q = Math.floor(now.getUTCMonth() / 3);
  const from = new Date(Date.UTC(y, q * 3, 1));
  const to = new Date(Date.UTC(y, q * 3 + 3, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** The reportable operations of a period with their participants, in the caller's transaction. */
async function reportableWithParticipants(
  trx: Executor,
  companyId: string,
  p: { from?: string; to?: string; limit: number; skip: number },
): Promise<RoeOperation[]> {
  const rows = await roeRepo.reportable(trx, companyId, p);
  const associates = await repo.listAssociates(
    trx,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((o) => ({
    id: o.id,
    codigo: o.codigo,
    codigoFormatted: padCodigo(o.codigo),
    transactionDate: iso(o.transactionDate),
    divisa: o.divisa as Currency,
    cashAmount: Number(o.cashAmount),
    cashAmountUsd: numOrNull(o.cashAmountUsd),
    participants: associates
      .filter((a) => a.operationId === o.id)
      .map((a) => ({ dni: a.dni, name: a.name, efective: Number(a.efective) })),
    deletedAt: iso(o.deletedAt),
    deletedByName: o.deletedByName,
  }));
}

async function pendingOf(trx: Executor, companyId: string, p: { from?: string; to?: string; limit: number }) {
  const rows = await roeRepo.pending(trx, companyId, p);
  return rows.map(
    (o): RoePending => ({
      id: o.id,
      codigo: o.codigo,
      codigoFormatted: padCodigo(o.codigo),
      transactionDate: iso(o.transactionDate),
      rateDate: o.rateDate,
      divisa: o.divisa as Currency,
      cashAmount: Number(o.cashAmount),
      deletedAt: iso(o.deletedAt),
    }),
  );
}

/**
 * Everything a ROE of a period holds, read in one transaction: the reportable operations (at most `limit`, deleted
 * ones included with their mark) and the cash pending a rate.
 */
export async function roePeriod(
  deps: AppDeps,
  c: TenantCaller,
  p: { from?: string; to?: string; limit: number },
): Promise<RoePeriod> {
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const operations = await reportableWithParticipants(trx, companyId, { ...p, limit: p.limit + 1, skip: 0 });
    const pending = await pendingOf(trx, companyId, p);
    return {
      from: p.from,
      to: p.to,
      thresholdUsd: roeThreshold(c),
      operations: operations.slice(0, p.limit),
      pending,
      truncated: operations.length > p.limit,
    };
  });
}

/**
 * GET /consultations/roe: the ROE of a period (quarter by default). Negative only when no operation is reportable
 * and no cash is pending a rate; the pending cash is named.
 */
export async function roeSummary(deps: AppDeps, c: TenantCaller, period: { from?: string; to?: string }) {
  const companyId = c.companyId;
  const q = currentQuarter();
  const from = period.from ?? q.from;
  const to = period.to ?? q.to;
  const { counts, pending } = await withTenant(deps.db, companyId, async (trx) => ({
    counts: await roeRepo.countReportable(trx, companyId, { from, to }),
    pending: await pendingOf(trx, companyId, { from, to, limit: 1000 }),
  }));
  return {
    thresholdUsd: roeThreshold(c),
    from,
    to,
    count: counts.count,
    deleted: counts.deleted,
    pending,
    negative: counts.count === 0 && pending.length === 0,
  };
}

/** GET /uaf-operations: the reportable cash operations by transaction date, deleted ones with their mark. */
export async function uafOperations(
  deps: AppDeps,
  c: TenantCaller,
  f: { from?: string; to?: string; limit: number; skip: number },
) {
  const companyId = c.companyId;
  const threshold = roeThreshold(c);
  const rows = await withTenant(deps.db, companyId, (trx) => reportableWithParticipants(trx, companyId, f));
  return rows.map((o) => ({ ...o, thresholdUsd: threshold }));
}

export async function countUafOperations(deps: AppDeps, c: TenantCaller, f: { from?: string; to?: string }) {
  const companyId = c.companyId;
  const counts = await withTenant(deps.db, companyId, (trx) => roeRepo.countReportable(trx, companyId, f));
  return counts.count;
}
