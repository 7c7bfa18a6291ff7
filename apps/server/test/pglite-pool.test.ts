import { describe, expect, inject, it } from 'vitest';
import { leaseTemplateDatabase, poolStats } from './pglite-pool';

/** The test apps' embedded databases are reused (decision 314): each app must still start on the template as it was. */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the test apps’ reused embedded databases', () => {
  const count = async (db: Awaited<ReturnType<typeof leaseTemplateDatabase>>, table: string) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;
  /** every table's row count, in one line */
  const rows = async (db: Awaited<ReturnType<typeof leaseTemplateDatabase>>) => {
    const tables = (
      await db.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`)
    ).rows;
    const counts: string[] = [];
    for (const { t } of tables) counts.push(`${t}=${await count(db, t)}`);
    return counts.join(',');
  };
  const sequences = async (db: Awaited<ReturnType<typeof leaseTemplateDatabase>>) =>
    (
      await db.query<{ s: string }>(
        `select string_agg(sequencename || '=' || coalesce(last_value::text, '-'), ',') as s from pg_sequences`,
      )
    ).rows[0]?.s;

  it('hands the next app the template’s rows, sequences and session, and refuses a closed app’s late query', async () => {
    const file = inject('pgliteTemplate');
    const first = await leaseTemplateDatabase(file);
    const companies = await count(first, 'companies');
    const rates = await count(first, 'currency_rates');
    const seqs = await sequences(first);
    const all = await rows(first);
    expect(companies).toBeGreaterThan(0);
    expect(rates).toBeGreaterThan(0);
    await first.exec('delete from currency_rates; delete from audit_log');
    await first.exec(`set statement_timeout = '1234s'`);
    const seq = (await first.query<{ n: string }>('select sequencename as n from pg_sequences limit 1')).rows[0]?.n;
    if (seq) await first.query(`select nextval('${seq}') from generate_series(1, 5)`);
    const reusedBefore = poolStats.reused;
    await first.close();
    expect(first.closed).toBe(true);
    await expect(first.query('select 1')).rejects.toThrow(/closed/);

    const second = await leaseTemplateDatabase(file);
    expect(poolStats.reused).toBe(reusedBefore + 1);
    expect(await count(second, 'companies')).toBe(companies);
    expect(await count(second, 'currency_rates')).toBe(rates);
    expect(await sequences(second)).toBe(seqs);
    expect(await rows(second)).toBe(all);
    expect(
      (await second.query<{ statement_timeout: string }>('show statement_timeout')).rows[0]?.statement_timeout,
    ).toBe('0');
    await second.close();
  });

  it('does not hand on a database whose schema a test changed', async () => {
    const file = inject('pgliteTemplate');
    const first = await leaseTemplateDatabase(file);
    await first.exec('create table pool_probe (x int)');
    await first.close();
    const second = await leaseTemplateDatabase(file);
    expect(
      (await second.query<{ t: string | null }>(`select to_regclass('public.pool_probe')::text as t`)).rows[0]?.t,
    ).toBeNull();
    await second.close();
  });
});
