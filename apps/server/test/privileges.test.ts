import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { describe, expect, it } from 'vitest';
import { demoEmail } from '../src/bootstrap';
import { DEMO_PASSWORD, useTestApp } from './harness';

/**
 * Issue 17, "Privileges and writes": who may change which user (the assignable-role rules of docs/decisions.md 6
 * for the target's current and new role), the fichas reports for their mainPanel roles, and the participants of an
 * operation written in the operation's one transaction.
 */

const t = useTestApp();

async function userOf(email: string) {
  return t.deps.db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'active', 'updatedAt'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

const idOf = async (role: Parameters<typeof demoEmail>[0]) => (await userOf(demoEmail(role, 'cl'))).id;

async function auditCount(entityId: string) {
  return (await t.deps.db.selectFrom('auditLog').select('id').where('entityId', '=', entityId).execute()).length;
}

/** A user of the Chilean demo company created by the super administrator. */
async function newUser(role: string, email: string) {
  const res = await t.post('superAdmin', '/api/users', {
    name: `New ${role}`,
    email,
    role,
    companyId: t.companies.cl,
    password: DEMO_PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

describe('PATCH /api/users/{id}: the assignable-role rules for the target’s current and new role', () => {
  it('a monitoring user cannot deactivate or rename the company’s admin (403, nothing changed)', async () => {
    const admin = await userOf(demoEmail('admin', 'cl'));
    const audits = await auditCount(admin.id);
    for (const payload of [{ active: false }, { name: 'Locked out' }, { lang: 'en' }, { role: 'userMonitoring' }]) {
      const res = await t.patch('userMonitoring', `/api/users/${admin.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const after = await userOf(demoEmail('admin', 'cl'));
    expect(after).toEqual(admin);
    expect(await auditCount(admin.id)).toBe(audits);
    // the admin still signs in
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: demoEmail('admin', 'cl'), password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('an allegations administrator cannot change the admin, a front-desk user or a monitoring user', async () => {
    for (const role of ['admin', 'frontdesk', 'userMonitoring'] as const) {
      const before = await userOf(demoEmail(role, 'cl'));
      for (const payload of [{ active: false }, { name: 'Renamed' }]) {
        const res = await t.patch('denouncesAdmin', `/api/users/${before.id}`, payload);
        expect(res.statusCode, `${role} ${JSON.stringify(payload)}`).toBe(403);
      }
      expect(await userOf(demoEmail(role, 'cl'))).toEqual(before);
    }
  });

  it('a monitoring user manages monitoring users only; an allegations administrator coordinators only', async () => {
    const monitor = await newUser('userMonitoring', 'second.monitor@privileges.test');
    const renamed = await t.patch('userMonitoring', `/api/users/${monitor}`, { name: 'Second monitor', active: false });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Second monitor', active: false });
    // but not into a role they cannot give
    const up = await t.patch('userMonitoring', `/api/users/${monitor}`, { role: 'admin' });
    expect(up.statusCode).toBe(403);
    expect(up.json().code).toBe('ROLE_NOT_ASSIGNABLE');
    expect((await userOf('second.monitor@privileges.test')).role).toBe('userMonitoring');

    const coordinator = await idOf('denouncesCoordinator');
    const ok = await t.patch('denouncesAdmin', `/api/users/${coordinator}`, { name: 'Coordinator renamed' });
    expect(ok.statusCode, ok.body).toBe(200);
    const other = await t.patch('userMonitoring', `/api/users/${coordinator}`, { active: false });
    expect(other.statusCode).toBe(403);
  });

  it('the company admin changes the roles of the users screen, not the auditor or the supervisor', async () => {
    const frontdesk = await newUser('frontdesk', 'frontdesk.two@privileges.test');
    const res = await t.patch('admin', `/api/users/${frontdesk}`, {
      name: 'Front desk two',
      role: 'adminNoUser',
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'adminNoUser', active: false });
    for (const role of ['auditor', 'supervisor'] as const) {
      const before = await userOf(demoEmail(role, 'cl'));
      const r = await t.patch('admin', `/api/users/${before.id}`, { active: false });
      expect(r.statusCode, role).toBe(403);
      expect(await userOf(demoEmail(role, 'cl'))).toEqual(before);
    }
    // the super administrator changes anyone
    const auditor = await idOf('auditor');
    const sa = await t.patch('superAdmin', `/api/users/${auditor}`, { lang: 'en' });
    expect(sa.statusCode).toBe(200);
  });

  it('nobody escalates themself: own name and language only', async () => {
    const me = await idOf('userMonitoring');
    for (const payload of [{ role: 'admin' }, { active: true }]) {
      const res = await t.patch('userMonitoring', `/api/users/${me}`, payload);
      expect(res.statusCode).toBe(403);
    }
    expect((await userOf(demoEmail('userMonitoring', 'cl'))).role).toBe('userMonitoring');
    const own = await t.patch('frontdesk', `/api/users/${await idOf('frontdesk')}`, { name: 'Me' });
    expect(own.statusCode).toBe(200);
  });
});

describe('GET /api/informes/fichasPersonas*: the reports answer their mainPanel roles', () => {
  for (const role of ['admin', 'adminNoUser', 'userMonitoring'] as const) {
    it(`${role}: summary and list`, async () => {
      const summary = await t.get(role, '/api/informes/fichasPersonas');
      expect(summary.statusCode, summary.body).toBe(200);
      const list = await t.get(role, '/api/informes/fichasPersonasList?personType=natural&search=a&limit=5');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toMatchObject({ data: expect.any(Array), count: expect.any(Number) });
      const inactive = await t.get(role, '/api/informes/fichasPersonas?status=inactive');
      expect(inactive.statusCode, inactive.body).toBe(200);
    });
  }

  it('a role without mainPanel is refused; the trash rule of the list still holds', async () => {
    expect((await t.get('frontdesk', '/api/informes/fichasPersonas')).statusCode).toBe(403);
    const trash = encodeURIComponent(JSON.stringify({ where: { and: [{ status: 'inactive' }] } }));
    const res = await t.get('adminNoUser', `/api/fichas-clientes?filter=${trash}`);
    expect(res.statusCode).toBe(403);
  });

  it('the report counts what the list shows', async () => {
    const summary = (await t.get('adminNoUser', '/api/informes/fichasPersonas')).json();
    const list = (await t.get('adminNoUser', '/api/informes/fichasPersonasList?limit=1')).json();
    const total = (await t.get('admin', '/api/fichas-clientes/count')).json().count;
    expect(list.count).toBe(total);
    expect(Object.keys(summary).length).toBeGreaterThan(0);
  });
});

let seq = 31_000_000;
const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};

async function fichasWithDni(dnis: string[]) {
  return t.deps.db.selectFrom('fichas').select(['id', 'dni']).where('dni', 'in', dnis).execute();
}

describe('an operation and its new participants are one write', () => {
  const good = (dni: string) => ({
    dni,
    type: 'natural',
    monto: 100,
    newFicha: { name: 'Ana', fatherName: 'Pérez', email: 'ana@example.cl', nationality: 'CL' },
  });

  it('POST /api/consultations: the second participant lacks its names: 400 and no ficha of the first', async () => {
    const first = rut();
    const second = rut();
    const audits = await t.deps.db.selectFrom('auditLog').select('id').execute();
    const res = await t.post('admin', '/api/consultations', {
      divisa: 'CLP',
      associates: [good(first), { dni: second, type: 'natural', monto: 50, newFicha: { email: 'x@example.cl' } }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('FIELD_REQUIRED');
    const digits = [first, second].flatMap((d) => [d, d.replace(/\D/g, ''), d.replace('-', '')]);
    expect(await fichasWithDni(digits)).toEqual([]);
    expect((await t.deps.db.selectFrom('auditLog').select('id').execute()).length).toBe(audits.length);
  });

  it('PATCH /api/consultations/{id}: the same refusal leaves the operation and the fichas as they were', async () => {
    const created = await t.post('admin', '/api/consultations', { divisa: 'CLP', associates: [good(rut())] });
    expect(created.statusCode, created.body).toBe(200);
    const op = created.json();
    const fichas = (await t.deps.db.selectFrom('fichas').select('id').execute()).length;
    const res = await t.patch('admin', `/api/consultations/${op.id}`, {
      associates: [
        { dni: op.associates[0].dni, type: 'natural', monto: 100 },
        good(rut()),
        { dni: rut(), type: 'natural', monto: 5, newFicha: {} },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((await t.deps.db.selectFrom('fichas').select('id').execute()).length).toBe(fichas);
    const again = await t.get('admin', `/api/consultations/${op.id}`);
    expect(again.json().associates).toHaveLength(1);
  });

  it('a valid operation stores its new participants screened, rated and audited, once', async () => {
    const a = rut();
    const b = rut();
    const res = await t.post('admin', '/api/consultations', { divisa: 'CLP', associates: [good(a), good(b)] });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().associates.map((p: { fichaId: string }) => p.fichaId);
    const rows = await t.deps.db.selectFrom('fichas').select(['id', 'listas', 'risk']).where('id', 'in', ids).execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.listas).not.toBeNull();
    const created = await t.deps.db
      .selectFrom('auditLog')
      .select('entityId')
      .where('action', '=', 'ficha.created')
      .where('entityId', 'in', ids)
      .execute();
    expect(created).toHaveLength(2);
  });
});
