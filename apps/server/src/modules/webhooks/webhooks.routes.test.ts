import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { withTenant } from '../../db/tenant';
import { fileReport } from '../allegations/allegations.test-helpers';
import { deliverWebhookEvent } from './webhooks.service';
import { acceptableUrl, isPrivateAddress } from './webhooks.url';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let receiver: http.Server;
let base = '';
const received: Received[] = [];
let answer = 200;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answer;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ WEBHOOKS_ALLOW_INSECURE: '1' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

function verify(secret: string, r: Received) {
  const header = String(r.headers['x-regcheck-signature']);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(m).not.toBeNull();
  const expected = createHmac('sha256', secret).update(`${m?.[1]}.${r.body}`).digest('hex');
  return expected === m?.[2];
}

describe('webhook URLs', () => {
  it('refuses private addresses, local names and plain http outside tests', () => {
    expect(acceptableUrl('https://hooks.example.com/regcheck', false)).toBe(true);
    expect(acceptableUrl('http://hooks.example.com/regcheck', false)).toBe(false);
    expect(acceptableUrl('https://127.0.0.1/x', false)).toBe(false);
    expect(acceptableUrl('https://10.1.2.3/x', false)).toBe(false);
    expect(acceptableUrl('https://169.254.169.254/latest', false)).toBe(false);
    expect(acceptableUrl('https://[::1]/x', false)).toBe(false);
    expect(acceptableUrl('https://localhost/x', false)).toBe(false);
    expect(acceptableUrl('https://user:pw@hooks.example.com/x', false)).toBe(false);
    expect(acceptableUrl('http://127.0.0.1:9/x', true)).toBe(true);
    expect(isPrivateAddress('192.168.1.4')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
  });

  it('answers a translated 400 for a refused URL when the test setting is off', async () => {
    const strict = await createTestApp();
    try {
      const res = await strict.call({
        as: 'admin',
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: 'http://10.0.0.5/hook', events: ['list.match'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'WEBHOOK_URL_REFUSED',
        field: 'url',
        message: 'La URL del webhook debe usar https y apuntar a una dirección pública',
      });
      expect(await strict.deps.db.selectFrom('webhooks').select('id').execute()).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});

describe('webhooks: register, deliver signed, retry, log and replay', () => {
  it('401, 403, 404 for another company', async () => {
    expect((await t.call({ method: 'GET', url: '/api/webhooks' })).statusCode).toBe(401);
    expect((await t.call({ as: 'frontdesk', method: 'GET', url: '/api/webhooks' })).statusCode).toBe(403);
    const created = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `${base}/a`, events: ['operation.finished'] },
    });
    const id = created.json().webhook.id;
    expect(
      (
        await t.call({
          as: 'admin',
          company: 'br',
          method: 'PATCH',
          url: `/api/webhooks/${id}`,
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ as: 'admin', company: 'br', method: 'GET', url: `/api/webhooks/${id}/deliveries` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ as: 'admin', company: 'br', method: 'DELETE', url: `/api/webhooks/${id}` })).statusCode,
    ).toBe(404);
    expect((await t.call({ as: 'admin', method: 'DELETE', url: `/api/webhooks/${id}` })).statusCode).toBe(200);
    expect((await t.call({ as: 'admin', method: 'DELETE', url: `/api/webhooks/${id}` })).statusCode).toBe(404);
  });

  it('refuses an unknown event and an empty list', async () => {
    for (const events of [['ficha.eaten'], []]) {
      const res = await t.call({
        as: 'admin',
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: `${base}/x`, events },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('delivers a list match signed with the secret, logs a failed attempt for retry, and replays', async () => {
    const created = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `${base}/hook`, events: ['list.match', 'form.signed'] },
    });
    expect(created.statusCode).toBe(200);
    const { webhook, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    const listed = (await t.call({ as: 'admin', method: 'GET', url: '/api/webhooks' })).json();
    expect(listed.find((w: { id: string }) => w.id === webhook.id)).not.toHaveProperty('secret');

    received.length = 0;
    const n = await withTenant(t.deps.db, t.companies.cl, (trx) =>
      deliverWebhookEvent(trx, t.companies.cl, 'list.match', { fichaId: 'f1', listName: 'OFAC SDN' }),
    );
    expect(n).toBe(1);
    // another company's event never reaches this company's endpoint
    await withTenant(t.deps.db, t.companies.br, (trx) =>
      deliverWebhookEvent(trx, t.companies.br, 'list.match', { fichaId: 'f2' }),
    );
    // an event the webhook did not subscribe to is not sent
    await withTenant(t.deps.db, t.companies.cl, (trx) =>
      deliverWebhookEvent(trx, t.companies.cl, 'allegation.received', { id: 'a1' }),
    );
    await t.deps.queue.drain();
    expect(received).toHaveLength(1);
    const [r] = received;
    if (!r) throw new Error('nothing received');
    expect(r.headers['x-regcheck-event']).toBe('list.match');
    expect(verify(secret, r)).toBe(true);
    expect(verify('whsec_wrong', r)).toBe(false);
    expect(JSON.parse(r.body)).toMatchObject({ event: 'list.match', data: { fichaId: 'f1', listName: 'OFAC SDN' } });

    let log = (await t.call({ as: 'admin', method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries` })).json();
    expect(log.count).toBe(1);
    expect(log.rows[0]).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, event: 'list.match' });

    // the receiver fails: the attempt is logged and the job is retried later (backoff), not lost
    answer = 500;
    received.length = 0;
    await withTenant(t.deps.db, t.companies.cl, (trx) =>
      deliverWebhookEvent(trx, t.companies.cl, 'form.signed', { formId: 'x' }),
    );
    await t.deps.queue.drain();
    expect(received).toHaveLength(1);
    log = (await t.call({ as: 'admin', method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries` })).json();
    expect(log.rows[0]).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    const job = await t.deps.db
      .selectFrom('jobs')
      .select(['status', 'runAt'])
      .where('name', '=', 'webhook.deliver')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('queued');
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());

    // replay: a new delivery with the same data, which now succeeds
    answer = 200;
    received.length = 0;
    const failedId = log.rows[0].id;
    expect(
      (await t.call({ as: 'admin', company: 'br', method: 'POST', url: `/api/webhooks/deliveries/${failedId}/replay` }))
        .statusCode,
    ).toBe(404);
    const replay = await t.call({ as: 'admin', method: 'POST', url: `/api/webhooks/deliveries/${failedId}/replay` });
    expect(replay.statusCode).toBe(200);
    await t.deps.queue.drain();
    expect(received.map((x) => JSON.parse(x.body).data)).toEqual([{ formId: 'x' }]);
    log = (await t.call({ as: 'admin', method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries` })).json();
    expect(log.rows[0]).toMatchObject({ id: replay.json().id, status: 'delivered' });

    // switched off: nothing is sent
    await t.call({ as: 'admin', method: 'PATCH', url: `/api/webhooks/${webhook.id}`, payload: { active: false } });
    received.length = 0;
    const none = await withTenant(t.deps.db, t.companies.cl, (trx) =>
      deliverWebhookEvent(trx, t.companies.cl, 'list.match', { fichaId: 'f3' }),
    );
    expect(none).toBe(0);
    const actions = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', webhook.id)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['webhook.created', 'webhook.replayed', 'webhook.updated']),
    );
  });

  it('a finished operation is delivered to the subscribed webhook', async () => {
    const created = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `${base}/ops`, events: ['operation.finished'] },
    });
    expect(created.statusCode).toBe(200);
    const body = String(20_000_000 + Math.floor(Math.random() * 1_000_000));
    const op = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/consultations',
      payload: {
        transactionType: 'Compraventa',
        transactionDate: '2025-03-14',
        divisa: 'CLP',
        associates: [
          {
            dni: `${body}-${rutCheckDigit(body)}`,
            type: 'natural',
            monto: 1000,
            efective: 0,
            newFicha: { name: 'Ana', fatherName: 'Pérez', email: 'ana@example.cl', nationality: 'CL' },
          },
        ],
      },
    });
    expect(op.statusCode, op.body).toBe(200);
    received.length = 0;
    const fin = await t.call({ as: 'admin', method: 'PATCH', url: `/api/consultations/finalizar/${op.json().id}` });
    expect(fin.statusCode, fin.body).toBe(200);
    await t.deps.queue.drain();
    const sent = received.find((r) => r.headers['x-regcheck-event'] === 'operation.finished');
    expect(JSON.parse(sent?.body ?? '{}').data).toMatchObject({ operationId: op.json().id });
  });

  it('a report filed on the whistleblowing channel is delivered without its content or who filed it', async () => {
    const created = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `${base}/channel`, events: ['allegation.received'] },
    });
    expect(created.statusCode).toBe(200);
    received.length = 0;
    const filed = await fileReport(t, {
      anonymous: false,
      reporterName: 'Marta Soto',
      reporterEmail: 'marta.soto@example.cl',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    await t.deps.queue.drain();
    const sent = received.filter((r) => r.headers['x-regcheck-event'] === 'allegation.received');
    expect(sent).toHaveLength(1);
    expect(verify(created.json().secret, sent[0] as Received)).toBe(true);
    const data = JSON.parse(sent[0]?.body ?? '{}').data;
    expect(data).toMatchObject({ code: filed.json().id_denuncia, category: 'fraud', leyKarin: false });
    expect(data.acknowledgeBy).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const text = sent[0]?.body ?? '';
    for (const secret of ['Marta', 'marta.soto', 'Facturas falsas', 'Gerente', filed.json().pin])
      expect(text).not.toContain(secret);
  });
});
