import type { OutboundPolicy } from '../../lib/outbound-addresses';
import { OutboundFailure, OutboundRefused, outboundRequest } from '../../lib/outbound-http';

/**
 * Why a provider call failed: the page shows a provider-error state and nothing is cached. `refused`: the address
 * is one the server may not call (lib/outbound-http.ts), never retried.
 */
export class ProviderFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'http' | 'malformed' | 'network' | 'refused',
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export interface HttpOptions {
  /** one attempt's limit */
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  /** the whole call's limit, attempts and waits included: the longest a user waits for a provider */
  deadlineMs: number;
  headers?: Record<string, string>;
  /** the operator's allowed private destinations (config.outbound) */
  outbound: OutboundPolicy;
  /** the built-in sample service on this machine (builtin:sample), not a typed address */
  ownService?: boolean;
}

/** What a call sends besides the URL. */
export interface ProviderRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The largest provider answer read. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/** What a provider answered: a JSON body with its status (2xx or 404). */
export interface ProviderHttpAnswer {
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function retryable(f: ProviderFailure): boolean {
  return f.kind === 'timeout' || f.kind === 'network' || f.status === 429 || (f.status ?? 0) >= 500;
}

async function once(
  url: string,
  o: HttpOptions,
  timeoutMs: number,
  init?: ProviderRequestInit,
): Promise<ProviderHttpAnswer> {
  let res: { status: number };
  let text: string;
  try {
    // the typed base address is checked, resolved once and connected to as checked; so is every redirect (a
    // redirect to another origin loses the authorization header)
    const answer = await outboundRequest(o.outbound, url, {
      method: init?.method,
      body: init?.body,
      headers: { accept: 'application/json', ...o.headers, ...init?.headers },
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      maxRedirects: 5,
      ownService: o.ownService,
    });
    res = answer;
    text = answer.body.toString('utf8');
  } catch (err) {
    if (err instanceof OutboundRefused) throw new ProviderFailure('refused', null, err.message);
    if (err instanceof OutboundFailure && err.kind === 'timeout')
      throw new ProviderFailure('timeout', null, 'timed out');
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

/** An attempt shorter than this is not worth starting: the deadline is as good as reached. */
const MIN_ATTEMPT_MS = 50;

/**
 * A provider's JSON: each attempt is bounded by `timeoutMs` and by what is left of `deadlineMs`; a timeout, a network
 * error, 429 or 5xx is tried again up to `retries` times with exponential backoff (base, 2×base, 4×base...) while the
 * deadline leaves room. 404 is an answer (not found). So a provider that answers after 30 s ends in a timeout after
 * at most `deadlineMs`, whatever the retries.
 */
export async function requestJson(
  url: string,
  o: HttpOptions,
  init?: ProviderRequestInit,
): Promise<ProviderHttpAnswer> {
  const end = Date.now() + o.deadlineMs;
  for (let attempt = 0; ; attempt++) {
    const left = end - Date.now();
    try {
      return await once(url, o, Math.max(1, Math.min(o.timeoutMs, left)), init);
    } catch (err) {
      if (!(err instanceof ProviderFailure) || !retryable(err) || attempt >= o.retries) throw err;
      const wait = o.retryBaseMs * 2 ** attempt;
      if (end - Date.now() - wait < MIN_ATTEMPT_MS) throw err;
      await sleep(wait);
    }
  }
}

/** GET a provider's JSON (see requestJson). */
export const getJson = (url: string, o: HttpOptions) => requestJson(url, o);
