/** Why a provider call failed: the page shows a provider-error state and nothing is cached. */
export class ProviderFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'http' | 'malformed' | 'network',
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export interface HttpOptions {
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  headers?: Record<string, string>;
}

/** What a provider answered: a JSON body with its status (2xx or 404). */
export interface ProviderHttpAnswer {
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function retryable(f: ProviderFailure): boolean {
  return f.kind === 'timeout' || f.kind === 'network' || f.status === 429 || (f.status ?? 0) >= 500;
}

async function once(url: string, o: HttpOptions): Promise<ProviderHttpAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...o.headers },
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderFailure('timeout', null, 'timed out');
    throw new ProviderFailure('network', null, (err as Error).message);
  }
  if (res.status !== 404 && (res.status < 200 || res.status > 299))
    throw new ProviderFailure('http', res.status, `answered ${res.status}`);
  try {
    return { status: res.status, body: text === '' && res.status === 404 ? null : JSON.parse(text) };
  } catch {
    throw new ProviderFailure('malformed', res.status, 'answer is not JSON');
  }
}

/**
 * GET a provider's JSON: each attempt is bounded by `timeoutMs`; a timeout, a network error, 429 or 5xx is tried
 * again up to `retries` times with exponential backoff (base, 2×base, 4×base...). 404 is an answer (not found).
 */
export async function getJson(url: string, o: HttpOptions): Promise<ProviderHttpAnswer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await once(url, o);
    } catch (err) {
      if (!(err instanceof ProviderFailure) || !retryable(err) || attempt >= o.retries) throw err;
      await sleep(o.retryBaseMs * 2 ** attempt);
    }
  }
}
