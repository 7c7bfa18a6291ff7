import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/tenant';
import { useTestApp } from './harness';

const t = useTestApp();

describe('row-level security: a query that forgets the company filter still sees one tenant', () => {
  it('users, companies and the audit log under the application role', async () => {
    const { cl, br } = t.companies;
    const all = await t.deps.db.selectFrom('users').select('companyId').execute();
    expect(new Set(all.map((u) => u.companyId)).size).toBeGreaterThanOrEqual(3); // cl, br and null (staff)
    for (const company of [cl, br]) {
      await withTenant(t.deps.db, company, async (trx) => {
        const role = await sql<{
          r: string;
          su: boolean;
        }>`select current_user as r, (select rolsuper from pg_roles where rolname = current_user) as su`.execute(trx);
        expect(role.rows[0]).toEqual({ r: 'regcheck_app', su: false });
        const users = await sql<{ companyId: string }>`select company_id from users`.execute(trx); // no WHERE on purpose
        expect(users.rows.length).toBe(8);
        expect(new Set(users.rows.map((u) => u.companyId))).toEqual(new Set([company]));
        const companies = await sql<{ id: string }>`select id from companies`.execute(trx);
        expect(companies.rows.map((c) => c.id)).toEqual([company]);
        const audit = await sql<{ companyId: string }>`select distinct company_id from audit_log`.execute(trx);
        expect(audit.rows.every((a) => a.companyId === company)).toBe(true);
      });
    }
  });

  it('cannot write a row for another company', async () => {
    const { cl, br } = t.companies;
    await expect(
      withTenant(t.deps.db, cl, (trx) =>
        sql`insert into users (company_id, name, email, role) values (${br}, 'x', 'intruder@x.test', 'admin')`.execute(
          trx,
        ),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});

describe("another company's records answer 404 through the API", () => {
  it('users and companies', async () => {
    const other = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('companyId', '=', t.companies.br)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    const asCl = await t.get({ as: 'admin', company: 'cl' }, `/api/users/${other.id}`);
    expect(asCl.statusCode).toBe(404);
    expect(asCl.json().code).toBe('USER_NOT_FOUND');
    const patch = await t.patch({ as: 'admin', company: 'cl' }, `/api/users/${other.id}`, { active: false });
    expect(patch.statusCode).toBe(404);
    const comp = await t.get({ as: 'auditor', company: 'cl' }, `/api/companies/${t.companies.br}`);
    expect(comp.statusCode).toBe(404);
    const own = await t.get({ as: 'auditor', company: 'cl' }, `/api/companies/${t.companies.cl}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().country).toBe('CL');
    const list = await t.get({ as: 'admin', company: 'cl' }, '/api/users?filter={"limit":100}');
    expect(list.json().every((u: { companyId: string }) => u.companyId === t.companies.cl)).toBe(true);
  });
});
