import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './child-server';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function start(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      REGCHECK_DEMO: '1',
      // without the shipped OFAC and UN snapshots: their import on a first start is tested by lists.snapshot.test.ts
      // and by the browser tests' server (a default start); here it only lengthened each start and each shutdown
      REGCHECK_SHIP_LISTS: '0',
      // a ceiling for a hung shutdown only: on a busy machine the job step under way may take long to finish
      SHUTDOWN_TIMEOUT_MS: '300000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  // a ceiling for a hung start, with room for a busy machine: the first start migrates and seeds the demo data
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { child, port, output: () => out };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

async function stop(child: ChildProcess) {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

describe('the server process (operating contract)', () => {
  it('first start creates the administrator and demo users and prints how to log in; SIGTERM shuts down cleanly', {
    timeout: 1_200_000,
  }, async () => {
    const { child, port, output } = await start({ REGCHECK_ADMIN_EMAIL: 'ops@regcheck.test' });
    const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin.br@demo.regcheck.app', password: 'Demo.2026!' }),
    });
    expect(login.status).toBe(200);
    const text = output();
    expect(text).toContain('Super administrator: ops@regcheck.test  password: ');
    expect(text).toContain('admin.cl@demo.regcheck.app');
    const generated = /password: (\S+)\s+\(generated/.exec(text)?.[1];
    expect(generated).toBeTruthy();
    const admin = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@regcheck.test', password: generated }),
    });
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { user: { askPasswordChange: boolean } }).user.askPasswordChange).toBe(true);
    expect(text).toMatch(/"reqId"|"requestId"|"reqid"/i);
    expect(await stop(child)).toBe(0);
    expect(output()).toContain('shutting down');
  });

  it('a second start on the same data finds everything and prints no credentials', { timeout: 1_200_000 }, async () => {
    const { child, output } = await start({ REGCHECK_ADMIN_EMAIL: 'ops@regcheck.test' });
    expect(output()).not.toContain('first start');
    expect(await stop(child)).toBe(0);
  });

  it('SIGTERM drains: /ready answers 503 while the node still serves, a request in flight is answered, then it exits 0 (decision 205)', {
    timeout: 1_200_000,
  }, async () => {
    // the drain delay only bounds how long the test may take to see the 503: every step waits for its event
    const { child, port, output } = await start({ DRAIN_DELAY_MS: '10000' });
    const base = `http://127.0.0.1:${port}`;
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    // a sign-in in flight on a keep-alive connection that the client never drops (node:http's agent): its body is
    // still arriving when the signal comes, and once answered its connection must not hold the exit back
    const agent = new http.Agent({ keepAlive: true });
    const request = http.request(`${base}/api/users/login`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json' },
    });
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('error', reject);
      request.on('response', (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
    });
    request.write('{"email":"admin.br@demo.regcheck.app",');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');

    // the balancer's probe says "draining" while the node still answers
    await expect
      .poll(async () => (await fetch(`${base}/api/ready`)).status, { timeout: 600_000, interval: 100 })
      .toBe(503);
    expect(await (await fetch(`${base}/api/ready`)).json()).toEqual({ status: 'draining' });
    // the listener closes; the request in flight is still answered in full
    await expect.poll(() => output(), { timeout: 600_000 }).toContain('no longer accepting connections');
    request.end('"password":"Demo.2026!"}');
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect((JSON.parse(answered.body) as { user: { email: string } }).user.email).toBe('admin.br@demo.regcheck.app');
    // the idle keep-alive connection is closed by the server: the exit is 0, not the shutdown timeout's 1
    expect(await exited, output().slice(-3000)).toBe(0);
    agent.destroy();
    expect(output()).toContain('drained: exiting');
  });
});
