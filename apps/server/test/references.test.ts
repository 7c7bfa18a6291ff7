import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/demo-seed';
import { createTestApp, type TestApp } from './harness';

/*
 * Every id a request body names belongs to the caller's company (issue 17, item 3): another company's id answers the
 * 404 of its entity and stores nothing; and the database refuses a row whose reference belongs to another company
 * (composite foreign keys on (company_id, id), migration 0310). One test per defect found; the cross-tenant sweep
 * (cross-tenant.test.ts) covers every route.
 */

let t: TestApp;
/** the Chilean company's records, named by the Brazilian administrator */
const cl = { ficha: '', dni: '', operation: '', transaction: '', reason: '', notification: '' };
/** the Brazilian company's own */
const br = { ficha: '', dni: '', operation: '', transaction: '', tag: '' };

const asBr = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: Record<string, unknown> | undefined) =>
  t.call({ as: 'admin', company: 'br', method, url, payload });

async function count(table: 'transactions' | 'operations' | 'users' | 'blacklists' | 'auditLog', companyId?: string) {
  let q = t.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
  if (companyId) q = q.where('companyId', '=', companyId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  await seedDemo(t.deps);
  for (const [key, target] of [
    ['cl', cl],
    ['br', br],
  ] as const) {
    const companyId = t.companies[key];
    const f = await t.deps.db
      .selectFrom('fichas')
      .select(['id', 'dni'])
      .where('companyId', '=', companyId)
      .where('personType', '=', 'natural')
      .orderBy('createdAt')
      .executeTakeFirstOrThrow();
    target.ficha = f.id;
    target.dni = f.dni;
    const o = await t.deps.db
      .selectFrom('operations')
      .select('id')
      .where('companyId', '=', companyId)
      .where('state', '=', 'open')
      .orderBy('codigo')
      .executeTakeFirstOrThrow();
    target.operation = o.id;
    const tx = await t.post({ as: 'admin', company: key }, '/api/transactions', {
      dni: f.dni,
      divisa: 'USD',
      amount: 5,
      fichaId: f.id,
      operationId: o.id,
    });
    expect(tx.statusCode, tx.body).toBe(200);
    target.transaction = tx.json().id;
  }
  const reason = await t.post('admin', '/api/blacklist-reasons', { text: 'Fraude' });
  cl.reason = reason.json().id;
  const n = await t.deps.db
    .insertInto('notifications')
    .values({ companyId: t.companies.cl, title: 'x', description: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  cl.notification = n.id;
}, 1_200_000);
afterAll(async () => {
  await t?.close();
});

describe("another company's ids in a body answer 404 and store nothing", () => {
  it("POST /api/transactions with the Chilean company's ficha, operation and RUT (the issue's example)", async () => {
    const before = await count('transactions');
    const both = await asBr('POST', '/api/transactions', {
      dni: cl.dni,
      divisa: 'USD',
      amount: 10,
      fichaId: cl.ficha,
      operationId: cl.operation,
    });
    expect(both.statusCode, both.body).toBe(404);
    expect(both.json()).toMatchObject({ code: 'FICHA_NOT_FOUND', field: 'fichaId' });
    const op = await asBr('POST', '/api/transactions', { dni: br.dni, divisa: 'USD', operationId: cl.operation });
    expect(op.statusCode).toBe(404);
    expect(op.json()).toMatchObject({ code: 'OPERATION_NOT_FOUND', field: 'operationId' });
    expect(await count('transactions')).toBe(before);
    const list = await t.get({ as: 'admin', company: 'br' }, '/api/transactions');
    for (const tx of list.json()) {
      expect([br.ficha, null]).toContain(tx.fichaId);
      expect([br.operation, null]).toContain(tx.operationId);
    }
    // its own records still pass
    const own = await asBr('POST', '/api/transactions', {
      dni: br.dni,
      divisa: 'USD',
      fichaId: br.ficha,
      operationId: br.operation,
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("PATCH /api/transactions/{id} pointing its own transaction at the other company's ficha or operation", async () => {
    const before = await t.get({ as: 'admin', company: 'br' }, `/api/transactions/${br.transaction}`);
    const ficha = await asBr('PATCH', `/api/transactions/${br.transaction}`, { fichaId: cl.ficha });
    expect(ficha.statusCode).toBe(404);
    expect(ficha.json().code).toBe('FICHA_NOT_FOUND');
    const op = await asBr('PATCH', `/api/transactions/${br.transaction}`, { operationId: cl.operation });
    expect(op.statusCode).toBe(404);
    expect(op.json().code).toBe('OPERATION_NOT_FOUND');
    const after = await t.get({ as: 'admin', company: 'br' }, `/api/transactions/${br.transaction}`);
    expect(after.json()).toEqual(before.json());
    const cleared = await asBr('PATCH', `/api/transactions/${br.transaction}`, { fichaId: null });
    expect(cleared.json().fichaId).toBeNull();
  });

  it('PATCH /api/transactions/read with a transaction of the other company', async () => {
    const res = await asBr('PATCH', '/api/transactions/read', { ids: [br.transaction, cl.transaction] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TRANSACTION_NOT_FOUND');
    const own = await t.deps.db
      .selectFrom('transactions')
      .select('read')
      .where('id', '=', br.transaction)
      .executeTakeFirstOrThrow();
    expect(own.read).toBe(false);
  });

  it("POST and PATCH /api/consultations with a participant's fichaId of the other company", async () => {
    const before = await count('operations');
    const body = {
      divisa: 'BRL',
      associates: [{ dni: br.dni, type: 'natural', fichaId: cl.ficha, monto: 100 }],
    };
    const created = await asBr('POST', '/api/consultations', body);
    expect(created.statusCode, created.body).toBe(404);
    expect(created.json()).toMatchObject({ code: 'FICHA_NOT_FOUND', field: 'associates.0.fichaId' });
    expect(await count('operations')).toBe(before);
    const patched = await asBr('PATCH', `/api/consultations/${br.operation}`, { associates: body.associates });
    expect(patched.statusCode).toBe(404);
    expect(patched.json().code).toBe('FICHA_NOT_FOUND');
    const associates = await t.deps.db
      .selectFrom('operationAssociates')
      .select('fichaId')
      .where('operationId', '=', br.operation)
      .execute();
    expect(associates.map((a) => a.fichaId)).not.toContain(cl.ficha);
  });

  it('POST /api/consultations/export and PATCH /api/consultations/read with an operation of the other company', async () => {
    const xlsx = await asBr('POST', '/api/consultations/export', { consultationIds: [cl.operation] });
    expect(xlsx.statusCode).toBe(404);
    expect(xlsx.json().code).toBe('OPERATION_NOT_FOUND');
    const read = await asBr('PATCH', '/api/consultations/read', { consultationIds: [br.operation, cl.operation] });
    expect(read.statusCode).toBe(404);
    expect(read.json().code).toBe('OPERATION_NOT_FOUND');
    const own = await t.deps.db
      .selectFrom('operations')
      .select('read')
      .where('id', '=', br.operation)
      .executeTakeFirstOrThrow();
    expect(own.read).toBe(false);
  });

  it("POST, PUT and PATCH /api/blacklists with the other company's reason (was 400 VALIDATION_ERROR)", async () => {
    const before = await count('blacklists');
    const created = await asBr('POST', '/api/blacklists', { dni: '123', reasonId: cl.reason });
    expect(created.statusCode).toBe(404);
    expect(created.json()).toMatchObject({ code: 'BLACKLIST_REASON_NOT_FOUND', field: 'reasonId' });
    expect(await count('blacklists')).toBe(before);
    const own = (await asBr('POST', '/api/blacklists', { dni: '124' })).json();
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await asBr(method, `/api/blacklists/${own.id}`, { dni: '124', reasonId: cl.reason });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('BLACKLIST_REASON_NOT_FOUND');
    }
  });

  it("POST /api/users naming the other company (an administrator's user was created in their own instead)", async () => {
    const before = await count('users');
    const res = await asBr('POST', '/api/users', {
      name: 'Intruder',
      email: 'intruder@example.test',
      role: 'frontdesk',
      companyId: t.companies.cl,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'COMPANY_NOT_FOUND', field: 'companyId' });
    expect(await count('users')).toBe(before);
    // naming its own company is fine
    const own = await asBr('POST', '/api/users', {
      name: 'Own',
      email: 'own-company@example.test',
      role: 'frontdesk',
      companyId: t.companies.br,
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('POST /api/tools/clean-existing-tags naming the other company (it cleaned the caller’s own)', async () => {
    const before = await count('auditLog');
    const res = await asBr('POST', '/api/tools/clean-existing-tags', { companyId: t.companies.cl });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('COMPANY_NOT_FOUND');
    expect(await count('auditLog')).toBe(before);
    expect((await asBr('POST', '/api/tools/clean-existing-tags', { companyId: t.companies.br })).statusCode).toBe(200);
  });

  it('PATCH /api/notifications/read with a notification of the other company', async () => {
    const res = await asBr('PATCH', '/api/notifications/read', { ids: [cl.notification] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOTIFICATION_NOT_FOUND');
    const all = await asBr('PATCH', '/api/notifications/read', {});
    expect(all.statusCode).toBe(200);
  });
});

describe('the database refuses a reference to another company’s record', () => {
  const refused = async (statement: ReturnType<typeof sql>) => {
    const err = await statement.execute(t.deps.db).then(
      () => null,
      (e: { code?: string; message?: string }) => e,
    );
    expect(err?.code, err?.message).toBe('23503');
  };

  it('transactions, participants, relationships, dismissals, notifications, blacklists, API clients', async () => {
    const BR = t.companies.br;
    const clUser = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('companyId', '=', t.companies.cl)
      .executeTakeFirstOrThrow();
    const reason = cl.reason;
    await refused(
      sql`insert into transactions (company_id, dni, divisa, ficha_id) values (${BR}, '1', 'USD', ${cl.ficha})`,
    );
    await refused(
      sql`insert into transactions (company_id, dni, divisa, operation_id) values (${BR}, '1', 'USD', ${cl.operation})`,
    );
    await refused(sql`update transactions set ficha_id = ${cl.ficha} where id = ${br.transaction}`);
    await refused(
      sql`insert into operation_associates (company_id, operation_id, position, ficha_id, dni, person_type, currency)
          values (${BR}, ${br.operation}, 99, ${cl.ficha}, '1', 'natural', 'BRL')`,
    );
    await refused(
      sql`insert into operation_associates (company_id, operation_id, position, dni, person_type, currency)
          values (${BR}, ${cl.operation}, 99, '1', 'natural', 'BRL')`,
    );
    await refused(
      sql`insert into ficha_relationships (company_id, ficha_id, related_ficha_id, relation_type)
          values (${BR}, ${br.ficha}, ${cl.ficha}, 'representant')`,
    );
    await refused(
      sql`insert into ficha_match_dismissals (company_id, ficha_id, list_id, entity_id, entry_hash, reason)
          values (${BR}, ${cl.ficha}, 'ofac', '1', 'h', 'r')`,
    );
    await refused(sql`insert into notifications (company_id, title, ficha_id) values (${BR}, 'x', ${cl.ficha})`);
    await refused(
      sql`insert into operation_snapshots (company_id, operation_id, seq, data) values (${BR}, ${cl.operation}, 99, '{}')`,
    );
    await refused(
      sql`insert into operation_policy_history (company_id, operation_id, policy) values (${BR}, ${cl.operation}, '{}')`,
    );
    await refused(
      sql`insert into operation_public_links (company_id, operation_id, token_hash, expires_at)
          values (${BR}, ${cl.operation}, 'x', now())`,
    );
    await refused(
      sql`insert into blacklists (company_id, dni, dni_key, reason_id) values (${BR}, '1', '1', ${reason})`,
    );
    await refused(
      sql`insert into api_clients (company_id, user_id, name, client_id, secret_hash)
          values (${BR}, ${clUser.id}, 'x', 'x-client', 'x')`,
    );
    // the company's own references still pass, and an empty one too
    await sql`insert into transactions (company_id, dni, divisa, ficha_id, operation_id)
              values (${BR}, '1', 'USD', ${br.ficha}, ${br.operation}), (${BR}, '2', 'USD', null, null)`.execute(
      t.deps.db,
    );
  });

  it('a ficha deleted for good leaves its transactions without the link (they kept a dangling id)', async () => {
    const f = await asBr('POST', '/api/fichas-clientes', {
      personType: 'natural',
      dni: '529.982.247-25',
      name: 'Temporário',
      fatherName: 'Silva',
    });
    expect(f.statusCode, f.body).toBe(200);
    const tx = await asBr('POST', '/api/transactions', { dni: f.json().dni, divisa: 'BRL', fichaId: f.json().id });
    expect(tx.statusCode, tx.body).toBe(200);
    const del = await asBr('POST', `/api/fichas-clientes/${f.json().id}`, undefined);
    expect(del.statusCode, del.body).toBe(200);
    const after = await t.get({ as: 'admin', company: 'br' }, `/api/transactions/${tx.json().id}`);
    expect(after.json()).toMatchObject({ fichaId: null, dni: f.json().dni });
  });
});
