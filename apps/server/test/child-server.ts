import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { TEST_ENV } from './test-env';

/* A RegCheck server (or worker) as a child process, the way an operator runs it: the crash tests and the load benchmark. */

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

export interface Child {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  /** kill -9: no shutdown handler runs */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the exit code */
  stop(): Promise<number | null>;
}

/**
 * Starts `apps/server/src/server.ts` (or `worker.ts`) with the test environment plus `env`, and waits until
 * /api/health answers (or `readyPath`, polled every `pollMs`; a worker: until it logs that it started).
 */
export async function startChild(
  env: Record<string, string>,
  opts: {
    script?: 'server' | 'worker';
    timeoutMs?: number;
    nodeArgs?: string[];
    readyPath?: string;
    pollMs?: number;
  } = {},
): Promise<Child> {
  const script = opts.script ?? 'server';
  const port = await freePort();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', `apps/server/src/${script}.ts`], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...TEST_ENV,
      LOG_LEVEL: script === 'worker' ? 'info' : 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const handle: Child = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  // a ceiling for a hung start, with room for a busy machine (a first start migrates the database)
  const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
  while (Date.now() < deadline) {
    if (script === 'worker') {
      if (out.includes('worker started')) return handle;
    } else {
      try {
        const res = await fetch(`${handle.url}${opts.readyPath ?? '/api/health'}`);
        if (res.ok) return handle;
      } catch {
        // not listening yet
      }
    }
    if (child.exitCode !== null) throw new Error(`${script} exited early:\n${out}`);
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start:\n${out}`);
}

/** Signs in and answers the access token. */
export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A JSON call with a bearer token; answers status and parsed body. */
export async function api<T = unknown>(
  url: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A valid Chilean RUT (body-DV) for a number. */
export function rut(body: number): string {
  return `${body}-${rutCheckDigit(String(body))}`;
}

/**
 * Polls probe until it gives something (a child process's state seen through its API), every 250 ms; past ms it
 * fails naming what it waited for. A ceiling for a hung child, not a measure of speed.
 */
export async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
