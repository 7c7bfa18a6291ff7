import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

export interface RateRow {
  fecha: string;
  perUsd: number;
  valueClp: number | null;
  source: string;
}

/** The last rate of `divisa` on or before `fecha` (YYYY-MM-DD): a missing day uses the previous one. */
export async function findRateOnOrBefore(db: Executor, divisa: string, fecha: string): Promise<RateRow | undefined> {
  const row = await db
    .selectFrom('currencyRates')
    .select([sql<string>`fecha::text`.as('fecha'), 'perUsd', 'valueClp', 'source'])
    .where('divisa', '=', divisa)
    .where('fecha', '<=', sql<string>`${fecha}::date`)
    .orderBy('fecha', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? { ...row, perUsd: Number(row.perUsd), valueClp: row.valueClp === null ? null : Number(row.valueClp) }
    : undefined;
}
