import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { withTenant } from '../../db/tenant';
import { fileReport } from '../allegations/allegations.test-helpers';
import * as repo from './webhooks.repo';
import { deliverWebhookEvent } from './webhooks.service';

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
  // the receiver is on 127.0.0.1, over http: allowed by the test environment's OUTBOUND_ALLOW_PRIVATE
  t = await createTestApp();
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
  it('answers a translated 400 for a refused URL when the operator allows no private destination', async () => {
    const strict = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: '' });
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
    expect((await t.get('frontdesk', '/api/webhooks')).statusCode).toBe(403);
    const created = await t.post('admin', '/api/webhooks', { url: `${base}/a`, events: ['operation.finished'] });
    const id = created.json().webhook.id;
    expect((await t.patch({ as: 'admin', company: 'br' }, `/api/webhooks/${id}`, { active: false })).statusCode).toBe(
      404,
    );
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/webhooks/${id}/deliveries`)).statusCode).toBe(404);
    expect((await t.del({ as: 'admin', company: 'br' }, `/api/webhooks/${id}`)).statusCode).toBe(404);
    expect((await t.del('admin', `/api/webhooks/${id}`)).statusCode).toBe(200);
    expect((await t.del('admin', `/api/webhooks/${id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown event and an empty list', async () => {
    for (const events of [['ficha.eaten'], []]) {
      const res = await t.post('admin', '/api/webhooks', { url: `${base}/x`, events });
      expect(res.statusCode).toBe(400);
    }
  });

  it('delivers a list match signed with the secret, logs a failed attempt for retry, and replays', async () => {
    const created = await t.post('admin', '/api/webhooks', {
      url: `${base}/hook`,
      events: ['list.match', 'form.signed'],
    });
    expect(created.statusCode).toBe(200);
    const { webhook, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    const listed = (await t.get('admin', '/api/webhooks')).json();
    expect(listed.find((w: { id: string }) => w.id === webhook.id)).not.toHaveProperty('secret');

    received.length = 0;
    const n = await withTenant(t.deps.db, t.companies.cl, (trx) =>
      deliverWebhookEvent(t.deps.queue, trx, t.companies.cl, 'list.match', { fichaId: 'f1', listName: 'OFAC SDN' }),
    );
    expect(n).toBe(1);
    // another company's event never reaches this company's endpoint
    await withTenant(t.deps.db, t.companies.br, (trx) =>
      deliverWebhookEvent(t.deps.queue, trx, t.companies.br, 'list.match', { fichaId: 'f2' }),
    );
    // an event the webhook did not subscribe to is not sent
    await withTenant(t.deps.db, t.companies.cl, (trx) =>
      deliverWebhookEvent(t.deps.queue, trx, t.companies.cl, 'allegation.received', { id: 'a1' }),
    );
    await t.deps.queue.drain();
    expect(received).toHaveLength(1);
    const [r] = received;
    if (!r) throw new Error('nothing received');
    expect(r.headers['x-regcheck-event']).toBe('list.match');
    expect(verify(secret, r)).toBe(true);
    expect(verify('whsec_wrong', r)).toBe(false);
    expect(JSON.parse(r.body)).toMatchObject({ event: 'list.match', data: { fichaId: 'f1', listName: 'OFAC SDN' } });

    let log = (await t.get('admin', `/api/webhooks/${webhook.id}/deliveries`)).json();
    expect(log.count).toBe(1);
    expect(log.data[0]).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, event: 'list.match' });

    // the receiver fails: the attempt is logged and the job is retried later (backoff), not lost
    answer = 500;
    received.length = 0;
    await withTenant(t.deps.db, t.companies.cl, (trx) =>
      deliverWebhookEvent(t.deps.queue, trx, t.companies.cl, 'form.signed', { formId: 'x' }),
    );
    await t.deps.queue.drain();
    expect(received).toHaveLength(1);
    log = (await t.get('admin', `/api/webhooks/${webhook.id}/deliveries`)).json();
    expect(log.data[0]).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
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
    const failedId = log.data[0].id;
    expect(
      (await t.post({ as: 'admin', company: 'br' }, `/api/webhooks/deliveries/${failedId}/replay`)).statusCode,
    ).toBe(404);
    const replay = await t.post('admin', `/api/webhooks/deliveries/${failedId}/replay`);
    expect(replay.statusCode).toBe(200);
    await t.deps.queue.drain();
    expect(received.map((x) => JSON.parse(x.body).data)).toEqual([{ formId: 'x' }]);
    log = (await t.get('admin', `/api/webhooks/${webhook.id}/deliveries`)).json();
    expect(log.data[0]).toMatchObject({ id: replay.json().id, status: 'delivered' });

    // switched off: nothing is sent
    await t.patch('admin', `/api/webhooks/${webhook.id}`, { active: false });
    received.length = 0;
    const none = await withTenant(t.deps.db, t.companies.cl, (trx) =>
      deliverWebhookEvent(t.deps.queue, trx, t.companies.cl, 'list.match', { fichaId: 'f3' }),
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
    const created = await t.post('admin', '/api/webhooks', { url: `${base}/ops`, events: ['operation.finished'] });
    expect(created.statusCode).toBe(200);
    const body = String(20_000_000 + Math.floor(Math.random() * 1_000_000));
    const op = await t.post('admin', '/api/consultations', {
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
    });
    expect(op.statusCode, op.body).toBe(200);
    received.length = 0;
    const fin = await t.patch('admin', `/api/consultations/finalizar/${op.json().id}`);
    expect(fin.statusCode, fin.body).toBe(200);
    await t.deps.queue.drain();
    const sent = received.find((r) => r.headers['x-regcheck-event'] === 'operation.finished');
    expect(JSON.parse(sent?.body ?? '{}').data).toMatchObject({ operationId: op.json().id });
  });

  it('a report filed on the whistleblowing channel is delivered without its content or who filed it', async () => {
    const created = await t.post('admin', '/api/webhooks', { url: `${base}/channel`, events: ['allegation.received'] });
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
    expect(data).toMatchObject({ code: filed.json().id_denuncia });
    // registered by the administrator, who may not read allegations: what the report is about stays inside
    expect(data).not.toHaveProperty('category');
    expect(data).not.toHaveProperty('leyKarin');
    expect(data.acknowledgeBy).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const text = sent[0]?.body ?? '';
    for (const secret of ['Marta', 'marta.soto', 'Facturas falsas', 'Gerente', filed.json().pin])
      expect(text).not.toContain(secret);
  });

  it('an allegation event carries its category and flags only to a webhook of a holder of the allegations permission', async () => {
    // no route lets such a person register a webhook today (webhooks are the administrator's): the row is written
    // as if one had, so the rule is the permission, whoever may come to hold it
    const holder = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('companyId', '=', t.companies.cl)
      .where('role', '=', 'denouncesAdmin')
      .executeTakeFirstOrThrow();
    const admin = await t.post('admin', '/api/webhooks', { url: `${base}/admin`, events: ['allegation.received'] });
    const hooks = {
      admin: admin.json().webhook as { id: string },
      holder: await withTenant(t.deps.db, t.companies.cl, (trx) =>
        repo.insertWebhook(trx, {
          companyId: t.companies.cl,
          url: `${base}/holder`,
          events: ['allegation.received'],
          secret: 'whsec_holder',
          createdBy: holder.id,
        }),
      ),
    };
    received.length = 0;
    const filed = await fileReport(t, { anonymous: true });
    expect(filed.statusCode, filed.body).toBe(200);
    await t.deps.queue.drain();
    const logOf = async (id: string) =>
      withTenant(t.deps.db, t.companies.cl, (trx) =>
        repo.listDeliveries(trx, t.companies.cl, id, { limit: 1, skip: 0 }),
      );
    const [toHolder] = await logOf(hooks.holder.id);
    const [toAdmin] = await logOf(hooks.admin.id);
    expect(toHolder?.status).toBe('delivered');
    expect(toHolder?.payload).toMatchObject({ category: 'fraud', leyKarin: false });
    expect(toAdmin?.status).toBe('delivered');
    expect(toAdmin?.payload).not.toHaveProperty('category');
    expect(toAdmin?.payload).not.toHaveProperty('leyKarin');
    // what the receivers got is what was logged: the category reached only the holder's endpoint
    const bodies = received.filter((r) => r.headers['x-regcheck-event'] === 'allegation.received');
    expect(bodies.filter((r) => JSON.parse(r.body).data.category === 'fraud')).toHaveLength(1);
  });
});
