import http from 'node:http';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundPolicy } from '../lib/outbound-addresses';
import { outboundRequest } from '../lib/outbound-http';
import { registerAdmission } from './admission';

/*
 * The line of requests (decision 258) in a Fastify app of its own with a limit of one: what a user notices is that
 * requests are answered in the order they came, that the probes and uploads never wait in it, and that a request
 * waiting for a slow outside service does not hold up the others.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let app: FastifyInstance;
let outside: http.Server;
let outsideUrl: string;
let inHandler = 0;
let mostAtOnce = 0;
const served: string[] = [];

beforeAll(async () => {
  outside = http.createServer((_req, res) => {
    setTimeout(() => res.end('slow answer'), 400);
  });
  await new Promise<void>((r) => outside.listen(0, '127.0.0.1', r));
  outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}/`;

  app = Fastify();
  await app.register(multipart);
  registerAdmission(app, 1);
  app.get('/api/work/:n', async (req) => {
    const { n } = req.params as { n: string };
    inHandler++;
    mostAtOnce = Math.max(mostAtOnce, inHandler);
    await sleep(30);
    inHandler--;
    served.push(n);
    return { n };
  });
  app.get('/api/outside', async () => {
    const res = await outboundRequest(outboundPolicy(['127.0.0.1']), outsideUrl, { timeoutMs: 5_000 });
    served.push('outside');
    return { body: res.body.toString() };
  });
  app.get('/api/health', async () => ({ ok: true }));
  app.post('/api/upload', async (req) => {
    const file = await req.file();
    return { bytes: file ? (await file.toBuffer()).length : 0 };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  outside?.close();
});

const base = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describe('the line of requests (decision 258)', () => {
  it('works on one request at a time and answers them in the order they came', async () => {
    served.length = 0;
    mostAtOnce = 0;
    const answers = await Promise.all(
      ['1', '2', '3', '4', '5'].map(async (n, i) => {
        await sleep(i * 2);
        return (await fetch(`${base()}/api/work/${n}`)).json() as Promise<{ n: string }>;
      }),
    );
    expect(answers.map((a) => a.n)).toEqual(['1', '2', '3', '4', '5']);
    expect(served).toEqual(['1', '2', '3', '4', '5']);
    expect(mostAtOnce).toBe(1);
  });

  it('a request waiting for a slow outside service lets the others through, then gets its answer', async () => {
    served.length = 0;
    const slow = fetch(`${base()}/api/outside`).then((r) => r.json());
    await sleep(50);
    const quick = await Promise.all(
      ['a', 'b', 'c'].map(async (n) => (await fetch(`${base()}/api/work/${n}`)).json() as Promise<{ n: string }>),
    );
    expect(quick.map((a) => a.n)).toEqual(['a', 'b', 'c']);
    expect(await slow).toEqual({ body: 'slow answer' });
    // the three quick requests were answered while the slow one waited (the outside answers after 400 ms)
    expect(served).toEqual(['a', 'b', 'c', 'outside']);
  });

  it('the health probe and an upload are answered while the one place is taken', async () => {
    served.length = 0;
    const hold = fetch(`${base()}/api/outside`);
    const blocker = fetch(`${base()}/api/work/held`);
    await sleep(10);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(1000)]), 'x.bin');
    const [health, upload] = await Promise.all([
      fetch(`${base()}/api/health`).then((r) => r.json()),
      fetch(`${base()}/api/upload`, { method: 'POST', body: form }).then((r) => r.json()),
    ]);
    expect(health).toEqual({ ok: true });
    expect(upload).toEqual({ bytes: 1000 });
    await Promise.all([hold, blocker]);
  });

  it('a client that goes away while in line leaves no place taken', async () => {
    const ctrl = new AbortController();
    const first = fetch(`${base()}/api/work/x`);
    await sleep(5);
    const gone = fetch(`${base()}/api/work/gone`, { signal: ctrl.signal }).catch(() => 'aborted');
    await sleep(5);
    ctrl.abort();
    expect(await gone).toBe('aborted');
    await first;
    // the place is free: the next request is served at once
    expect(((await (await fetch(`${base()}/api/work/y`)).json()) as { n: string }).n).toBe('y');
  });
});
