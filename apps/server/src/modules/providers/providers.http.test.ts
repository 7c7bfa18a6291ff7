import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { outboundPolicy } from '../../lib/outbound-addresses';
import { ProviderFailure, requestJson } from './providers.http';

/**
 * The worst wait of a provider call: a provider that answers after 30 s must end in a timeout within the call's
 * deadline, whatever the per-attempt timeout and the retries would add up to.
 */

/** the test's provider listens on 127.0.0.1: the operator's allow-list says so */
const LOCAL = outboundPolicy(['127.0.0.1']);
let server: http.Server;
let base: string;
/**
 * Requests the provider received, by path: an attempt that a test gave up on may still arrive after the next test
 * began (on a busy machine, late), so each test counts the requests to its own path.
 */
const hits = new Map<string, number>();
let delayMs = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    const timer = setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    }, delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  hits.clear();
});

describe('provider call deadline', () => {
  it('the defaults bound the wait well under the 30 s of a slow provider', () => {
    const p = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' } as NodeJS.ProcessEnv).providers;
    expect(p.deadlineMs).toBe(20_000);
    // without the deadline, attempts and backoff would add up to over 24 s
    const unbounded = p.timeoutMs * (p.retries + 1) + p.retryBaseMs * (2 ** p.retries - 1);
    expect(unbounded).toBeGreaterThan(p.deadlineMs);
    expect(p.deadlineMs).toBeLessThan(30_000);
  });

  it('a provider answering after 30 s: a timeout at the deadline, not after timeout × attempts', async () => {
    delayMs = 30_000;
    const t0 = Date.now();
    const err = await requestJson(`${base}/slow`, {
      timeoutMs: 400,
      retries: 5,
      retryBaseMs: 20,
      deadlineMs: 900,
      outbound: LOCAL,
    }).catch((e: unknown) => e);
    const took = Date.now() - t0;
    expect(err).toBeInstanceOf(ProviderFailure);
    expect((err as ProviderFailure).kind).toBe('timeout');
    // 6 attempts of 400 ms would take 2.4 s; the deadline ends it at 0.9 s (no attempt starts without room). What
    // is asserted holds on a busy machine too: it gave up after at most 3 attempts (not 6), and not before the
    // deadline's first attempts had run out (a slow machine only makes `took` longer)
    expect(took).toBeGreaterThanOrEqual(700);
    expect(hits.get('/slow')).toBeGreaterThanOrEqual(1);
    expect(hits.get('/slow')).toBeLessThanOrEqual(3);
  });

  it('a provider answering within the per-attempt timeout is read at once', async () => {
    delayMs = 10;
    // the timeout is a ceiling with room for a busy machine: the answer comes in 10 ms, and one attempt reads it
    const res = await requestJson(`${base}/fast`, {
      timeoutMs: 10_000,
      retries: 2,
      retryBaseMs: 20,
      deadlineMs: 20_000,
      outbound: LOCAL,
    });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    expect(hits.get('/fast')).toBe(1);
  });
});
