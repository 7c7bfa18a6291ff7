import { defaultDocumentType } from '@regcheck/shared/documents/country-documents';
import { padCodigo } from '@regcheck/shared/format/index';
import type { OperationViewT, UafOperation } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';
import { type Executor, withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { type Rate, type RateUsed, rateFor, usdWith } from '../currency-rates';
import * as roeRepo from './operations.roe.repo';
import { roeApplies, roeThreshold } from './operations.rules';

/**
 * The ROE (cash operations above the company's threshold in USD at the day's rate) of a period, as the UAF report,
 * its summary and the filings read it (issue 23): an operation once reportable stays in its period's ROE when it is
 * deleted later, with the mark of who deleted it and when (decision 125); cash without a rate for its day is
 * pending, never "not reportable", and a period with pending cash is never negative (decision 128).
 */

type Currency = OperationViewT['divisa'];

/**
 * A reportable operation of the ROE: the UAF list's operation (the shared UafOperation, without the threshold) and
 * the rate its cash was converted with (null when it was not kept: converted before migration 0610). Deleted after
 * it was reportable: still reported, with its mark (deletedAt null: the date was not recorded).
 */
export type RoeOperation = Omit<z.infer<typeof UafOperation>, 'thresholdUsd'> & { cashRate: RateUsed | null };

export interface RoePending {
  id: string;
  codigo: number;
  codigoFormatted: string;
  transactionDate: string | null;
  /** the day without a dollar rate, YYYY-MM-DD */
  rateDate: string;
  divisa: Currency;
  cashAmount: number;
  deleted: boolean;
  deletedAt: string | null;
}

export interface RoePeriod {
  thresholdUsd: number;
  operations: RoeOperation[];
  pending: RoePending[];
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

/**
 * Cash in USD at the rate of its day, the rate used, and whether it is ROE: above the company's threshold, for a
 * company the ROE applies to (not Brazil's). Without a rate for the day the amount in USD is null (pending, decision
 * 128). The one rule of the operation's create and update and of the job that recomputes pending cash.
 */
export async function roeOf(
  trx: Executor,
  rule: { thresholdUsd: number; applies: boolean },
  cash: number,
  divisa: string,
  day: string,
): Promise<CashInUsd> {
  return cashInUsd(rule, cash, divisa, day, cash === 0 ? undefined : await rateFor(trx, divisa, day));
}

export interface CashInUsd {
  cashAmountUsd: number | null;
  cashRate: RateUsed | null;
  roe: boolean;
}

/** roeOf with the day's rate already found (undefined: the day has none). */
export function cashInUsd(
  rule: { thresholdUsd: number; applies: boolean },
  cash: number,
  divisa: string,
  day: string,
  rate: Rate | undefined,
): CashInUsd {
  if (cash === 0) return { cashAmountUsd: 0, cashRate: null, roe: false };
  const converted = amountInUsd(cash, divisa, day, rate);
  if (!converted) return { cashAmountUsd: null, cashRate: null, roe: false };
  return {
    cashAmountUsd: converted.usd,
    cashRate: converted.rate,
    roe: rule.applies && converted.usd > rule.thresholdUsd,
  };
}

/**
 * The one conversion of an operation's amounts to USD at the rate of its day (rounded to cents) with the rate used:
 * the ROE's cash (cashInUsd) and the due diligence's whole amount (operations.due-diligence.ts). undefined: the day
 * has no rate (pending, decision 128).
 */
export function amountInUsd(
  amount: number,
  divisa: string,
  day: string,
  rate: Rate | undefined,
): { usd: number; rate: RateUsed } | undefined {
  if (!rate) return undefined;
  return {
    usd: usdWith(amount, rate),
    rate: { divisa, day, rateDate: rate.rateDate, perUsd: rate.perUsd, source: rate.source },
  };
}

/** The ROE rule of a signed-in caller's company: its threshold, and whether the ROE applies to its country. */
export const roeRuleOf = (c: TenantCaller) => ({
  thresholdUsd: roeThreshold(c),
  applies: roeApplies(c.auth.company?.country),
});

/**
 * A participant's identity as the UAF file may code it (decision 204): its person type, and its document's type and
 * country as recorded, else the defaults the participant was validated with (the company's country, its default
 * document type: checkAssociates in operations.rules.ts).
 */
function identityOf(a: roeRepo.RoeParticipantRow, c: TenantCaller) {
  const documentCountry = (a.dniType?.country || c.auth.company?.country || '').toUpperCase();
  const documentType = (a.dniType?.document || defaultDocumentType(documentCountry, a.personType)).toUpperCase();
  return { personType: a.personType, documentType, documentCountry };
}

/** The reportable operations of a period with their participants, in the caller's transaction. */
async function reportableWithParticipants(
  trx: Executor,
  c: TenantCaller,
  p: { from?: string; to?: string; limit?: number; skip?: number },
): Promise<RoeOperation[]> {
  const companyId = c.companyId;
  const rows = await roeRepo.reportable(trx, companyId, p);
  const byOperation = new Map<string, RoeOperation['participants']>();
  for (const a of await roeRepo.participantsOf(
    trx,
    companyId,
    rows.map((r) => r.id),
  )) {
    const list = byOperation.get(a.operationId) ?? [];
    list.push({ dni: a.dni, name: a.name, efective: Number(a.efective), ...identityOf(a, c) });
    byOperation.set(a.operationId, list);
  }
  return rows.map((o) => ({
    id: o.id,
    codigo: o.codigo,
    codigoFormatted: padCodigo(o.codigo),
    transactionDate: iso(o.transactionDate),
    divisa: o.divisa as Currency,
    cashAmount: Number(o.cashAmount),
    cashAmountUsd: numOrNull(o.cashAmountUsd),
    cashRate: o.cashRate,
    transactionType: o.transactionType,
    participants: byOperation.get(o.id) ?? [],
    deleted: o.deleted,
    deletedAt: iso(o.deletedAt),
    deletedByName: o.deletedByName,
  }));
}

async function pendingOf(trx: Executor, companyId: string, p: { from?: string; to?: string; limit?: number }) {
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
      deleted: o.deleted,
      deletedAt: iso(o.deletedAt),
    }),
  );
}

/** How many pending operations the summary names at most. */
const PENDING_NAMED = 1000;

/**
 * Everything a ROE of a period holds, read in the caller's transaction (a filing reads it under the period's lock):
 * every reportable operation (deleted ones included with their mark) and the cash pending a rate.
 */
export async function roePeriod(trx: Executor, c: TenantCaller, p: { from: string; to: string }): Promise<RoePeriod> {
  const companyId = c.companyId;
  return {
    thresholdUsd: roeThreshold(c),
    operations: await reportableWithParticipants(trx, c, p),
    pending: await pendingOf(trx, companyId, p),
  };
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
    pending: await pendingOf(trx, companyId, { from, to, limit: PENDING_NAMED }),
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
  const rows = await withTenant(deps.db, companyId, (trx) => reportableWithParticipants(trx, c, f));
  return rows.map((o) => ({ ...o, thresholdUsd: threshold }));
}

export async function countUafOperations(deps: AppDeps, c: TenantCaller, f: { from?: string; to?: string }) {
  const companyId = c.companyId;
  const counts = await withTenant(deps.db, companyId, (trx) => roeRepo.countReportable(trx, companyId, f));
  return counts.count;
}
