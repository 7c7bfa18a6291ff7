import type { Db } from '../../db/database';
import { type Executor, withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/context';
import * as repo from './currency-rates.repo';

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
 * The rate of a currency for a day. A day without a published rate (weekend, holiday) uses the last earlier one;
 * a day before the first stored rate has none (undefined). USD is 1 by definition; its CLP value is the day's
 * CLP rate (the observed dollar).
 */
export async function rateFor(db: Executor, divisa: string, fecha: string): Promise<Rate | undefined> {
  if (divisa === 'USD') {
    const clp = await repo.findRateOnOrBefore(db, 'CLP', fecha);
    return {
      divisa,
      fecha,
      rateDate: clp?.fecha ?? fecha,
      perUsd: 1,
      valueClp: clp?.perUsd ?? null,
      source: clp?.source ?? 'fixed',
    };
  }
  const row = await repo.findRateOnOrBefore(db, divisa, fecha);
  if (!row) return undefined;
  return { divisa, fecha, rateDate: row.fecha, perUsd: row.perUsd, valueClp: row.valueClp, source: row.source };
}

/** GET /divisas/por-fecha: 404 RATE_NOT_FOUND before the first stored rate. */
export async function getRate(db: Executor, divisa: string, fecha: string): Promise<Rate> {
  const rate = await rateFor(db, divisa, fecha);
  // the message is the operations catalog's, where the rates were born
  if (!rate) throw new AppError('RATE_NOT_FOUND', { messageKey: 'operations:errors.RATE_NOT_FOUND' });
  return rate;
}

/** An amount in USD at the day's rate, rounded to cents; null when there is no rate for that day. */
export async function toUsd(db: Executor, amount: number, divisa: string, day: string): Promise<number | null> {
  if (amount === 0) return 0;
  const rate = await rateFor(db, divisa, day);
  if (!rate) return null;
  return Math.round((amount / rate.perUsd) * 100) / 100;
}

/**
 * PUT /divisas (super administrator): loads an official series (e.g. the Central Bank's observed dollar and UF),
 * replacing the sample rates day by day. Audited with the number of days and their range.
 */
export async function loadRates(
  db: Db,
  c: Caller,
  rates: { divisa: 'CLP' | 'UF' | 'BRL'; fecha: string; perUsd: number; valueClp?: number | null; source: string }[],
) {
  return withSystem(db, async (trx) => {
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
        },
      },
    );
    return n;
  });
}
