import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server standing for a data provider in the providers' tests. */

/** One scripted answer: its status, its JSON body or raw text, and how long it waits before answering. */
export type Answer = { status: number; body?: unknown; raw?: string; delayMs?: number };

/**
 * Answers each request with what `next` gives for it (404 `no script` when nothing), after its delay; a delay's
 * timer stops when the caller closes the connection. Returns the server and its address.
 */
export async function startProviderStub(next: (req: http.IncomingMessage) => Answer | undefined) {
  const server = http.createServer((req, res) => {
    const answer = next(req) ?? { status: 404, body: { message: 'no script' } };
    const timer = setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.raw ?? JSON.stringify(answer.body ?? {}));
    }, answer.delayMs ?? 0);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The settings of a test that times a provider out: a timeout with room for a busy machine (a local answer took over
 * 250 ms at load 18), one retry after 5 ms; the slow answers of such a test come long after it.
 */
export const PROVIDER_TEST_ENV = {
  RATE_LIMIT_MAX: '100000',
  PROVIDER_TIMEOUT_MS: '2000',
  PROVIDER_RETRIES: '1',
  PROVIDER_RETRY_BASE_MS: '5',
} as const;

/**
 * Runs `fn` with the app's provider timeout shortened to `ms`, for a test whose every answer comes long after it (the
 * stub's 20-second delays): such a test can only end in the timeout it checks, so it need not wait out the 2 seconds
 * that the other tests keep for a busy machine (15 of these tests waited 60 s in all, twice per CI run).
 */
export async function withShortProviderTimeout<T>(
  t: { deps: { config: { providers: { timeoutMs: number } } } },
  fn: () => Promise<T>,
  ms = 150,
): Promise<T> {
  const providers = t.deps.config.providers;
  const kept = providers.timeoutMs;
  providers.timeoutMs = ms;
  try {
    return await fn();
  } finally {
    providers.timeoutMs = kept;
  }
}
