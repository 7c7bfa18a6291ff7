import type { RateUsed } from '../../db/tables/currency-rates.tables';
import { type Executor, withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { FileUpload } from '../../lib/multipart';
import type { AppDeps, Caller } from '../../plugins/context';
import { parseBcchFile } from './currency-rates.bcch';
import * as repo from './currency-rates.repo';

export type { RateUsed };

export interface Rate {
  divisa: string;
  fecha: string;
  rateDate: string;
  /** units of divisa per 1 USD */
  perUsd: number;
  /** CLP value of one unit of divisa (null when unknown) */
  valueClp: number | null;
  source: string;
}

/** Plain date of an instant in UTC (operation dates are stored at noon UTC, so the day is stable). */
export function isoDay(d: Date | string): string {
  return (typeof d === 'string' ? new Date(d) : d).toISOString().slice(0, 10);
}

/**
 * How far back a day's rate may come from: a day without a published rate (weekend, holiday) takes the last earlier
 * one, at most this many days before it (the longest run of Chilean non-banking days is under a week). A day whose
 * last rate is older has no rate: its cash waits for one (decision 128) instead of being converted at a rate of
 * another month or year.
 */
export const RATE_MAX_AGE_DAYS = 10;

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The last rate on or before the day, if it is at most RATE_MAX_AGE_DAYS old. */
async function recentRate(db: Executor, divisa: string, fecha: string) {
  const row = await repo.findRateOnOrBefore(db, divisa, fecha);
  return row && daysBetween(row.fecha, fecha) <= RATE_MAX_AGE_DAYS ? row : undefined;
}

/**
 * The rate of a currency for a day. A day without a published rate (weekend, holiday) uses the last earlier one,
 * up to RATE_MAX_AGE_DAYS back; otherwise the day has none (undefined). USD is 1 by definition; its CLP value is
 * the day's CLP rate (the observed dollar).
 */
export async function rateFor(db: Executor, divisa: string, fecha: string): Promise<Rate | undefined> {
  if (divisa === 'USD') {
    const clp = await recentRate(db, 'CLP', fecha);
    return {
      divisa,
      fecha,
      rateDate: clp?.fecha ?? fecha,
      perUsd: 1,
      valueClp: clp?.perUsd ?? null,
      source: clp?.source ?? 'fixed',
    };
  }
  const row = await recentRate(db, divisa, fecha);
  if (!row) return undefined;
  return { divisa, fecha, rateDate: row.fecha, perUsd: row.perUsd, valueClp: row.valueClp, source: row.source };
}

/** GET /divisas/por-fecha: 404 RATE_NOT_FOUND when the day has no rate (none stored up to 10 days before it). */
export async function getRate(db: Executor, divisa: string, fecha: string): Promise<Rate> {
  const rate = await rateFor(db, divisa, fecha);
  // the message is the operations catalog's, where the rates were born
  if (!rate) throw new AppError('RATE_NOT_FOUND', { messageKey: 'operations:errors.RATE_NOT_FOUND' });
  return rate;
}

/** An amount in USD at the day's rate, rounded to cents; null when there is no rate for that day. */
export async function toUsd(db: Executor, amount: number, divisa: string, day: string): Promise<number | null> {
  if (amount === 0) return 0;
  return (await usdAt(db, amount, divisa, day))?.usd ?? null;
}

/** `toUsd` with the rate it used (for the audit row of a recomputed amount); undefined without a rate. */
export async function usdAt(
  db: Executor,
  amount: number,
  divisa: string,
  day: string,
): Promise<{ usd: number; rate: Rate } | undefined> {
  const rate = await rateFor(db, divisa, day);
  if (!rate) return undefined;
  return { usd: usdWith(amount, rate), rate };
}

/** An amount in USD at a rate already found, rounded to cents (a job converting many amounts of one day). */
export const usdWith = (amount: number, rate: Pick<Rate, 'perUsd'>) => Math.round((amount / rate.perUsd) * 100) / 100;

/**
 * The job the currency-rates module enqueues when rates are loaded (in the load's transaction): whoever keeps
 * amounts waiting for a rate registers its handler (the operations module recomputes the cash without a rate).
 */
export const RATES_LOADED_JOB = 'currency-rates.loaded';

/**
 * PUT /divisas (super administrator): loads an official series (e.g. the Central Bank's observed dollar and UF),
 * replacing the sample rates day by day. Audited with the number of days and their range; the amounts that waited
 * for a rate are recomputed by a job enqueued in the same transaction (RATES_LOADED_JOB).
 */
export async function loadRates(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  c: Caller,
  rates: { divisa: 'CLP' | 'UF' | 'BRL'; fecha: string; perUsd: number; valueClp?: number | null; source: string }[],
  /** the file the rates came from, for the audit row (an upload of the Central Bank's series) */
  file?: { name: string; sha256: string },
) {
  return withSystem(deps.db, async (trx) => {
    const n = await repo.upsertRates(
      trx,
      rates.map((r) => ({ ...r, valueClp: r.valueClp ?? (r.divisa === 'CLP' ? r.perUsd : null) })),
    );
    const days = rates.map((r) => r.fecha).sort();
    // platform-wide data: the row belongs to no company
    await audit(
      trx,
      { ...c, companyId: null },
      {
        action: 'currencyRates.loaded',
        entity: 'currencyRates',
        after: {
          count: n,
          from: days[0],
          to: days[days.length - 1],
          sources: [...new Set(rates.map((r) => r.source))],
          ...(file ? { file } : {}),
        },
      },
    );
    await deps.queue.enqueue(trx, RATES_LOADED_JOB, { loadedBy: c.auth.userId, requestId: c.requestId });
    return n;
  });
}

/** The source every rate of an uploaded Central Bank file is stored with. */
export const BCCH_SOURCE = 'BCCh dólar observado';

/**
 * POST /divisas/bcch (super administrator): the observed dollar of the Banco Central de Chile's published series
 * file, loaded as PUT /divisas loads rates (audited with the file's name and SHA-256; the cash that waited for a
 * rate is recomputed). A file that cannot be read is refused naming the problem, and nothing is loaded.
 */
export async function loadBcchFile(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  c: Caller,
  file: FileUpload | 'FILE_REQUIRED' | 'FILE_TOO_LARGE',
) {
  if (typeof file === 'string') throw new AppError(file, { field: 'file', messageKey: `operations:errors.${file}` });
  const rates = await parseBcchFile(file.bytes);
  const loaded = await loadRates(
    deps,
    c,
    rates.map((r) => ({ divisa: 'CLP' as const, fecha: r.fecha, perUsd: r.perUsd, source: BCCH_SOURCE })),
    { name: file.filename, sha256: sha256(file.bytes) },
  );
  return { loaded, from: rates[0]?.fecha ?? '', to: rates[rates.length - 1]?.fecha ?? '' };
}
