import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUAN_CARLOS, postFicha } from '../../../test/fichas-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type LocalScreening, useLocalScreening, useRealScreening } from '../fichas/screening.adapter';
import { startMonitoring } from '../monitoring/monitoring.module';

let t: TestApp;
let lists: LocalScreening;
let receiver: http.Server;
let url = '';
const received: { event: string; body: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ event: String(req.headers['x-regcheck-event']), body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  // the receiver is on 127.0.0.1, over http: allowed by the test environment's OUTBOUND_ALLOW_PRIVATE
  t = await createTestApp();
  lists = useLocalScreening(t.deps);
  await startMonitoring();
});
afterAll(async () => {
  useRealScreening();
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('a new list match is delivered to the webhooks subscribed to it', () => {
  it('monitoring finds a customer on a changed list: one signed delivery with the ficha and the list', async () => {
    const person = await postFicha(t, JUAN_CARLOS);
    const hook = await t.post('admin', '/api/webhooks', { url, events: ['list.match'] });
    expect(hook.statusCode).toBe(200);
    await lists.replaceList('ofac', 'OFAC SDN', [
      {
        id: 'sdn-1',
        listId: 'ofac',
        schema: 'Person' as const,
        names: ['Juan Carlos Malvado Rojas'],
        birthDates: ['1970-03-02'],
        countries: ['CL'],
      },
    ]);
    await t.deps.queue.drain();
    await t.deps.queue.drain();
    const matches = received.filter((r) => r.event === 'list.match');
    expect(matches).toHaveLength(1);
    expect(JSON.parse(matches[0]?.body ?? '{}')).toMatchObject({
      event: 'list.match',
      data: { fichaId: person.json().id, listId: 'ofac', entityId: 'sdn-1', matchedName: 'Juan Carlos Malvado Rojas' },
    });
  });
});
