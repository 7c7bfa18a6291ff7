import { type Kysely, sql } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 23, point 1 (decision 140): an operation keeps the dollar rate its cash was converted with (`cash_rate`:
 * divisa, the day converted on, the rate's own day, units per USD, source), written whenever `cash_amount_usd` is.
 * A ROE filing copies these rates; it no longer looks them up again when filing.
 *
 * Existing operations with an amount in USD get the rate of the day it was made with, by the same rule as the
 * application (the transaction date, else the registration date, in UTC; the last rate on or before that day, at
 * most 10 days back; USD is 1), and only when that rate still gives the stored amount in USD to the cent: a rate
 * replaced since (the Central Bank's series over the sample ones) is not the one used, so the operation keeps no
 * rate and a filing of its period names it instead of guessing.
 */
/**
 * Fills the rate of the operations converted before rates were kept (those with an amount in USD and no rate),
 * when the rate of their day still gives their amount in USD; exported for the test that proves it.
 */
export const FILL_CASH_RATE = `
    update operations o set cash_rate = jsonb_build_object(
        'divisa', o.divisa,
        'day', x.day,
        'rateDate', case when o.divisa = 'USD' then coalesce(to_char(x.fecha, 'YYYY-MM-DD'), x.day)
                         else to_char(x.fecha, 'YYYY-MM-DD') end,
        'perUsd', case when o.divisa = 'USD' then 1 else x.per_usd::float8 end,
        'source', case when o.divisa = 'USD' then coalesce(x.source, 'fixed') else x.source end)
      from (
        select o2.id, d.day, r.fecha, r.per_usd, r.source
        from operations o2
        cross join lateral (
          select to_char(coalesce(o2.transaction_date, o2.registration_date) at time zone 'UTC', 'YYYY-MM-DD') as day
        ) d
        left join lateral (
          select c.fecha, c.per_usd, c.source from currency_rates c
          where c.divisa = case when o2.divisa = 'USD' then 'CLP' else o2.divisa end
            and c.fecha <= d.day::date and c.fecha >= d.day::date - 10
          order by c.fecha desc limit 1
        ) r on true
        where o2.cash_amount > 0 and o2.cash_amount_usd is not null
      ) x
      where o.id = x.id and o.cash_rate is null
        and (o.divisa = 'USD' or (x.per_usd is not null and round(o.cash_amount / x.per_usd, 2) = o.cash_amount_usd))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table operations add column cash_rate jsonb;

    ${FILL_CASH_RATE};
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operations drop column if exists cash_rate`.execute(db);
}
