import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/crypto';
import { createTestApp, type TestApp, useTestApp } from './harness';

// Public consultation links (issue 17, item 9): changes are audited as the link's holder, an e-mail change is
// confirmed at the old address; and every public route of the route table has a rate limit per address.
const t = useTestApp();

let seq = 23_000_000;
function rut() {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
}

async function linkedParticipant() {
  const email = `holder${seq}@example.cl`;
  const res = await t.post('admin', '/api/consultations', {
    divisa: 'USD',
    transactionDate: '2025-03-14',
    associates: [
      {
        dni: rut(),
        type: 'natural',
        monto: 100,
        newFicha: { name: 'Ana', fatherName: 'Rojas', email, nationality: 'CL' },
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json();
  expect((await t.post('admin', '/api/consultations/send-email', { consultationId: o.id })).statusCode).toBe(200);
  const mail = await t.deps.db
    .selectFrom('outbox')
    .select('textBody')
    .where('toAddress', '=', email)
    .where('kind', '=', 'consultation.link')
    .executeTakeFirstOrThrow();
  const token = /key=([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1] as string;
  const link = await t.deps.db
    .selectFrom('operationPublicLinks')
    .select('id')
    .where('tokenHash', '=', sha256(token))
    .executeTakeFirstOrThrow();
  return { o, email, token, fichaId: o.associates[0].fichaId as string, linkId: link.id };
}

const fichaOf = async (id: string) => (await t.get('admin', `/api/fichas-clientes/${id}`)).json();
const auditOf = (fichaId: string) =>
  t.deps.db.selectFrom('auditLog').selectAll().where('entityId', '=', fichaId).orderBy('createdAt').execute();

describe('changes through a public link', () => {
  it('are audited as the link holder: no user, the link id, address, request id, before and after', async () => {
    const { o, token, fichaId, linkId } = await linkedParticipant();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/consultations/public/${o.id}`,
      remoteAddress: '10.44.0.9',
      headers: { 'x-request-id': 'req-public-1' },
      payload: { key: token, consulta: { phone: '+56 9 8765 4321' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await auditOf(fichaId)).filter((r) => r.action === 'consultation.public.update');
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    expect(row).toMatchObject({ userId: null, companyId: t.companies.cl, ip: '10.44.0.9', requestId: 'req-public-1' });
    expect(row.before).toMatchObject({ phone: null });
    expect(row.after).toMatchObject({ phone: '+56 9 8765 4321', via: { publicLinkId: linkId } });
  });

  it('an e-mail change waits for the old address to confirm it through a single-use link', async () => {
    const { o, email, token, fichaId, linkId } = await linkedParticipant();
    const url = `/api/consultations/public/${o.id}`;
    const newEmail = `mallory${seq}@example.org`;
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      remoteAddress: '10.44.0.10',
      payload: { key: token, consulta: { email: newEmail } },
    });
    expect(res.statusCode, res.body).toBe(200);
    // not applied: the ficha and the operation keep the old address
    expect(res.json().participant.email).toBe(email);
    expect((await fichaOf(fichaId)).email).toBe(email);
    // the request is audited as the link holder
    const asked = (await auditOf(fichaId)).find((r) => r.action === 'consultation.public.emailChangeRequested');
    expect(asked).toMatchObject({
      userId: null,
      ip: '10.44.0.10',
      before: { email },
      after: { email: newEmail, via: { publicLinkId: linkId } },
    });
    // one e-mail to the OLD address, none to the new one
    const mails = await t.deps.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'consultation.emailChange')
      .where((eb) => eb.or([eb('toAddress', '=', email), eb('toAddress', '=', newEmail)]))
      .execute();
    expect(mails.map((m) => m.toAddress)).toEqual([email]);
    expect(mails[0]?.textBody).toContain(newEmail);
    const confirm = /http:\/\/regcheck\.test(\/api\/consultations\/email-change\/[A-Za-z0-9_-]+)/.exec(
      mails[0]?.textBody ?? '',
    )?.[1] as string;
    expect(confirm).toBeTruthy();

    // opening the link asks and changes nothing (a mail scanner following it does no harm)
    const ask = await t.app.inject({ method: 'GET', url: confirm });
    expect(ask.statusCode).toBe(200);
    expect(ask.headers['content-type']).toContain('text/html');
    expect(ask.body).toContain(newEmail);
    expect(ask.body).toContain('<form method="post">');
    expect((await fichaOf(fichaId)).email).toBe(email);

    // confirming applies it, once, audited as the link holder
    const done = await t.app.inject({ method: 'POST', url: confirm, remoteAddress: '10.44.0.11' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await fichaOf(fichaId)).email).toBe(newEmail);
    const view = await t.call({ method: 'GET', url: `/api/consultations/public/${o.id}/${token}` });
    expect(view.json().participant.email).toBe(newEmail);
    const applied = (await auditOf(fichaId)).filter((r) => r.action === 'consultation.public.update');
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({
      userId: null,
      ip: '10.44.0.11',
      before: { email },
      after: { email: newEmail, via: { publicLinkId: linkId } },
    });
    const again = await t.app.inject({ method: 'POST', url: confirm });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: confirm })).statusCode).toBe(404);
  });

  it('a ficha without an e-mail takes the new one at once, audited', async () => {
    const { o, token, fichaId, linkId } = await linkedParticipant();
    const cleared = await t.patch('admin', `/api/fichas-clientes/${fichaId}`, { email: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const first = `first${seq}@example.cl`;
    const res = await t.call({
      method: 'PATCH',
      url: `/api/consultations/public/${o.id}`,
      payload: { key: token, consulta: { email: first } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fichaOf(fichaId)).email).toBe(first);
    const rows = (await auditOf(fichaId)).filter((r) => r.action === 'consultation.public.update');
    expect(rows.at(-1)).toMatchObject({
      userId: null,
      before: { email: null },
      after: { email: first, via: { publicLinkId: linkId } },
    });
  });

  it('an invalid or stale confirmation changes nothing', async () => {
    const { o, email, token, fichaId } = await linkedParticipant();
    const bad = await t.call({
      method: 'PATCH',
      url: `/api/consultations/public/${o.id}`,
      payload: { key: token, consulta: { email: 'not-mail' } },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/consultations/email-change/nope' })).statusCode).toBe(404);
    await t.call({
      method: 'PATCH',
      url: `/api/consultations/public/${o.id}`,
      payload: { key: token, consulta: { email: `x${seq}@example.cl` } },
    });
    const mail = await t.deps.db
      .selectFrom('outbox')
      .select('textBody')
      .where('toAddress', '=', email)
      .where('kind', '=', 'consultation.emailChange')
      .executeTakeFirstOrThrow();
    const confirm = /(\/api\/consultations\/email-change\/[A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1] as string;
    // staff changed the e-mail meanwhile: the old owner's confirmation no longer applies
    await t.patch('admin', `/api/fichas-clientes/${fichaId}`, { email: 'staff@example.cl' });
    expect((await t.app.inject({ method: 'POST', url: confirm })).statusCode).toBe(404);
    expect((await fichaOf(fichaId)).email).toBe('staff@example.cl');
  });
});

describe('rate limits on every public route', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_MAX: '2' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('each route with access "public" in the route table answers 429 past its limit, per address', async () => {
    const pub = limited.app.apiRoutes.filter((r) => r.access === 'public');
    // the ones this issue names, so a rename cannot empty the sweep
    const names = pub.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/users/login',
        'POST /api/users/renewtoken',
        'GET /api/captcha/challenge',
        'GET /api/captcha/:token',
        'POST /api/users/recover',
        'PATCH /api/users/check-recovery',
        'PATCH /api/users/change-password',
        'POST /api/oauth/token',
        'GET /api/consultations/public/:id/:token',
        'GET /api/consultations/public-simple/:id/:dni/:token',
        'PATCH /api/consultations/public/:id',
        'GET /api/consultations/email-change/:token',
        'POST /api/consultations/email-change/:token',
      ]),
    );
    const unlimited: string[] = [];
    for (const [i, r] of pub.entries()) {
      const url = r.url.replace(/:(\w+)/g, 'x0000000000');
      const ip = `10.88.${Math.floor(i / 200)}.${(i % 200) + 1}`;
      const call = (remoteAddress: string) =>
        limited.app.inject({
          method: r.method as 'GET',
          url,
          remoteAddress,
          ...(r.method === 'GET' ? {} : { payload: {} }),
        });
      let res = await call(ip);
      for (let n = 0; n < 200 && res.statusCode !== 429; n++) res = await call(ip);
      if (res.statusCode !== 429) {
        unlimited.push(`${r.method} ${r.url}`);
        continue;
      }
      expect(res.json().code, `${r.method} ${r.url}`).toBe('RATE_LIMITED');
      // another address is counted apart
      expect((await call(`10.99.${Math.floor(i / 200)}.${(i % 200) + 1}`)).statusCode).not.toBe(429);
    }
    expect(unlimited).toEqual([]);
  });
});
