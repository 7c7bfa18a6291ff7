import { translate } from '@regcheck/shared';
import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { sha256 } from '../../lib/crypto';

const t = useTestApp();

let seq = 21_000_000;
function rut() {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
}

const withEmail = (email: string) => ({
  dni: rut(),
  type: 'natural',
  monto: 1_000,
  newFicha: { name: 'Ana', fatherName: 'Pérez', email, nationality: 'CL' },
});
const withoutEmail = () => ({
  dni: rut(),
  type: 'natural',
  monto: 500,
  newFicha: { name: 'Beto', fatherName: 'Soto', nationality: 'CL' },
});

async function operation(company: 'cl' | 'br' = 'cl') {
  const email = `p${seq}@example.cl`;
  const res = await t.post({ as: 'admin', company }, '/api/consultations', {
    divisa: 'USD',
    transactionDate: '2025-03-14',
    associates: [withEmail(email), withoutEmail()],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { o: res.json(), email };
}

/** Sends the links of an operation and returns the token e-mailed to `email` (read from the outbox). */
async function sendAndToken(o: { id: string }, email: string) {
  const res = await t.post('admin', '/api/consultations/send-email', { consultationId: o.id });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await t.deps.db
    .selectFrom('outbox')
    .selectAll()
    .where('toAddress', '=', email)
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  const token = /key=([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1];
  expect(token).toBeTruthy();
  return { result: res.json(), mail, token: token as string };
}

const get = (url: string) => t.call({ method: 'GET', url });

describe('POST /api/consultations/send-email', () => {
  it('401 without a token, 403 without search or history, 404 for another company', async () => {
    const { o } = await operation();
    const payload = { consultationId: o.id };
    expect((await t.call({ method: 'POST', url: '/api/consultations/send-email', payload })).statusCode).toBe(401);
    const forbidden = await t.post('userMonitoring', '/api/consultations/send-email', payload);
    expect(forbidden.statusCode).toBe(403);
    const other = await t.post({ as: 'admin', company: 'br' }, '/api/consultations/send-email', payload);
    expect(other.statusCode).toBe(404);
  });

  it('queues an e-mail with a link per participant with e-mail, reports NO_EMAIL, stores only the hash', async () => {
    const { o, email } = await operation();
    const { result, mail, token } = await sendAndToken(o, email);
    const noEmail = o.associates[1];
    expect(result.sent).toBe(1);
    expect(result.skipped).toEqual([
      {
        dni: noEmail.dni,
        name: noEmail.name,
        reason: 'NO_EMAIL',
        message: translate('es', 'operations:publicLink.noEmail'),
      },
    ]);
    expect(translate('en', 'operations:publicLink.noEmail')).toBe(
      'You must enter an email address on the form to send it',
    );
    // the outbox row: the company's language (CL: Spanish), the operation's codigo and the link
    expect(mail).toMatchObject({ kind: 'consultation.link', companyId: t.companies.cl, status: 'pending' });
    expect(mail.subject).toContain(o.codigoFormatted);
    expect(mail.textBody).toContain(
      `http://regcheck.test/public/consultation/${o.id}/${o.associates[0].dni}/data?key=`,
    );
    expect(mail.textBody).toContain('Hola');
    // only the SHA-256 of the token is stored, with a 30-day expiry, bound to the operation and the participant
    const links = await t.deps.db
      .selectFrom('operationPublicLinks')
      .selectAll()
      .where('operationId', '=', o.id)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ tokenHash: sha256(token), dni: o.associates[0].dni, companyId: t.companies.cl });
    expect(JSON.stringify(links)).not.toContain(token);
    const days = ((links[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('sends only to the chosen participants; an unknown document is 400', async () => {
    const { o } = await operation();
    const only = await t.post('admin', '/api/consultations/send-email', {
      consultationId: o.id,
      dnis: [o.associates[1].dni],
    });
    expect(only.json()).toMatchObject({ sent: 0, skipped: [{ dni: o.associates[1].dni, reason: 'NO_EMAIL' }] });
    const bad = await t.post('admin', '/api/consultations/send-email', { consultationId: o.id, dnis: ['11111111-1'] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('public consultation links', () => {
  it('are public routes with a rate limit', () => {
    const pub = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/consultations/public'));
    expect(pub.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/consultations/public-simple/:id/:dni/:token',
      'GET /api/consultations/public/:id/:token',
      'PATCH /api/consultations/public/:id',
    ]);
    expect(pub.every((r) => r.access === 'public')).toBe(true);
  });

  it('GET answers only what the participant needs; wrong, expired or another operation token is one 404', async () => {
    const { o, email } = await operation();
    const { token } = await sendAndToken(o, email);
    const ok = await get(`/api/consultations/public/${o.id}/${token}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json();
    expect(body).toMatchObject({
      id: o.id,
      companyName: expect.any(String),
      codigo: o.codigoFormatted,
      date: '2025-03-14T12:00:00.000Z',
      currency: 'USD',
      status: 'open',
      participant: { dni: o.associates[0].dni, name: o.associates[0].name, email, monto: 1000 },
    });
    expect(body.codigo).toMatch(/^\d{6}$/);
    expect(ok.body).not.toContain(t.companies.cl);
    expect(ok.body).not.toContain(o.associates[0].fichaId);
    expect(ok.body).not.toContain(o.associates[1].dni);

    const wrong = await get(`/api/consultations/public/${o.id}/${token.slice(0, -2)}xx`);
    expect(wrong.statusCode).toBe(404);
    const message = wrong.json().message;
    expect(message).toBeTruthy();
    const malformed = await get(`/api/consultations/public/not-an-id/${token}`);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe(message);

    // another operation's token does not open this one
    const second = await operation();
    const other = await sendAndToken(second.o, second.email);
    const cross = await get(`/api/consultations/public/${o.id}/${other.token}`);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe(message);

    // expired
    await t.deps.db
      .updateTable('operationPublicLinks')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', sha256(token))
      .execute();
    const expired = await get(`/api/consultations/public/${o.id}/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(message);
  });

  it('public-simple shows only the own participant; another document is 404', async () => {
    const { o, email } = await operation();
    const { token } = await sendAndToken(o, email);
    const own = await get(`/api/consultations/public-simple/${o.id}/${o.associates[0].dni}/${token}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().participant.dni).toBe(o.associates[0].dni);
    expect(own.body).not.toContain(o.associates[1].dni);
    expect(own.body).not.toContain('Beto');
    const other = await get(`/api/consultations/public-simple/${o.id}/${o.associates[1].dni}/${token}`);
    expect(other.statusCode).toBe(404);
  });

  it('PATCH updates only the contact fields of the linked ficha, audited without a user', async () => {
    const { o, email } = await operation();
    const { token } = await sendAndToken(o, email);
    const url = `/api/consultations/public/${o.id}`;
    const res = await t.call({
      method: 'PATCH',
      url,
      payload: { key: token, consulta: { phone: '+56 9 1234 5678', address: 'Av. Siempre Viva 742' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().participant).toMatchObject({ phone: '+56 9 1234 5678', address: 'Av. Siempre Viva 742', email });
    const ficha = await t.get('admin', `/api/fichas-clientes/${o.associates[0].fichaId}`);
    expect(ficha.json()).toMatchObject({ phone: '+56 9 1234 5678', address: 'Av. Siempre Viva 742', name: 'Ana' });
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', o.associates[0].fichaId)
      .where('action', '=', 'consultation.public.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.userId).toBeNull();

    // any other field is refused; the name is unchanged
    const name = await t.call({ method: 'PATCH', url, payload: { key: token, consulta: { name: 'Mallory' } } });
    expect(name.statusCode).toBe(400);
    const again = await t.get('admin', `/api/fichas-clientes/${o.associates[0].fichaId}`);
    expect(again.json().name).toBe('Ana');
    // a wrong key is the generic 404
    const wrong = await t.call({ method: 'PATCH', url, payload: { key: 'nope', consulta: { phone: '1' } } });
    expect(wrong.statusCode).toBe(404);
    // an invalid e-mail is refused by the fichas rules
    const badEmail = await t.call({ method: 'PATCH', url, payload: { key: token, consulta: { email: 'not-mail' } } });
    expect(badEmail.statusCode).toBe(400);
  });

  it('PATCH is refused on a finished operation', async () => {
    const { o, email } = await operation();
    const { token } = await sendAndToken(o, email);
    await t.deps.db.updateTable('operations').set({ state: 'closed' }).where('id', '=', o.id).execute();
    const res = await t.call({
      method: 'PATCH',
      url: `/api/consultations/public/${o.id}`,
      payload: { key: token, consulta: { phone: '1' } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OPERATION_FINISHED');
  });
});
