import type { TestApp } from './harness';

/** Shared pieces of the allegations tests that read the database (kept under test/, outside the module's files). */

/** How many reports the channel holds, of every company (a refused filing leaves it as it was). */
export async function countReports(t: TestApp) {
  const row = await t.deps.db
    .selectFrom('allegations')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
