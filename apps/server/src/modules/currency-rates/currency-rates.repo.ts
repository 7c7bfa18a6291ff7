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

/**
 * Continues the sample series (migration 0300: CLP, UF and BRL on business days, the same curves) from the day after
 * the last CLP rate stored, whatever its source, up to `until`; never writes a day that has a rate. Answers the days
 * added.
 */
export async function extendSampleRates(db: Executor, until: string): Promise<number> {
  const clp = await sql<{ fecha: string }>`
    insert into currency_rates (divisa, fecha, per_usd, value_clp, source)
    select 'CLP', d::date,
           round((850 + 90 * sin(extract(doy from d) / 58.0) + (extract(year from d) - 2020) * 12)::numeric, 2),
           round((850 + 90 * sin(extract(doy from d) / 58.0) + (extract(year from d) - 2020) * 12)::numeric, 2),
           'sample'
    from generate_series(
      (select coalesce(max(fecha), '2020-01-01'::date) + 1 from currency_rates where divisa = 'CLP'),
      ${until}::date, interval '1 day') d
    where extract(isodow from d) < 6
    on conflict (divisa, fecha) do nothing
    returning fecha::text as fecha`.execute(db);
  const days = clp.rows.map((r) => r.fecha);
  if (days.length === 0) return 0;
  await sql`
    insert into currency_rates (divisa, fecha, per_usd, value_clp, source)
    select 'UF', c.fecha, round(c.per_usd / uf.clp, 8), uf.clp, 'sample'
    from currency_rates c
    cross join lateral (select round((28300 + (c.fecha - '2020-01-01'::date) * 4.6)::numeric, 2) as clp) uf
    where c.divisa = 'CLP' and c.fecha = any(${days}::date[])
    on conflict (divisa, fecha) do nothing`.execute(db);
  await sql`
    insert into currency_rates (divisa, fecha, per_usd, value_clp, source)
    select 'BRL', c.fecha, round((5.1 + 0.35 * cos(extract(doy from c.fecha) / 41.0))::numeric, 4),
           round(c.per_usd / (5.1 + 0.35 * cos(extract(doy from c.fecha) / 41.0))::numeric, 4), 'sample'
    from currency_rates c
    where c.divisa = 'CLP' and c.fecha = any(${days}::date[])
    on conflict (divisa, fecha) do nothing`.execute(db);
  return days.length;
}
