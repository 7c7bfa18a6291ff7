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

/** Inserts or replaces the rates of the given days (an official series replaces the sample one day by day). */
export async function upsertRates(
  db: Executor,
  rows: { divisa: string; fecha: string; perUsd: number; valueClp: number | null; source: string }[],
) {
  if (rows.length === 0) return 0;
  await db
    .insertInto('currencyRates')
    .values(
      rows.map((r) => ({ divisa: r.divisa, fecha: r.fecha, perUsd: r.perUsd, valueClp: r.valueClp, source: r.source })),
    )
    .onConflict((oc) =>
      oc.columns(['divisa', 'fecha']).doUpdateSet((eb) => ({
        perUsd: eb.ref('excluded.perUsd'),
        valueClp: eb.ref('excluded.valueClp'),
        source: eb.ref('excluded.source'),
      })),
    )
    .execute();
  return rows.length;
}
