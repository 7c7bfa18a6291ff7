import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { asideFromLine } from './admission';
import {
  addressAllowed,
  classifyAddress,
  isLocalName,
  nameAllowed,
  normaliseHost,
  type OutboundPolicy,
} from './outbound-addresses';

/*
 * The one HTTP client for every call the server makes to a URL someone typed. It resolves the host once, refuses
 * the request unless every address is public (or allowed by the operator), and connects to the address it checked
 * (the host name is kept for the Host header and TLS SNI/certificate check), so a name that changes its answer
 * between the check and the connection (DNS rebinding) reaches nothing. Redirects are followed by hand, each hop
 * checked the same way. One timeout covers the whole call; the body is capped.
 */

/** Why an outbound call was refused before any connection was made (the message never says more than the class). */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: 'scheme' | 'credentials' | 'local-name' | 'address' | 'unresolved' | 'redirects',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export interface UrlCheckOptions {
  /** the schemes this feature accepts (https only for webhooks and single sign-on) */
  schemes?: readonly ('http:' | 'https:')[];
  /** http:// is accepted where the operator allowed the destination even when `schemes` says https only */
  httpWhenAllowed?: boolean;
}

/**
 * The check of a URL before it is saved or called, without a DNS lookup: an http(s) URL without credentials whose
 * host is a public address in every notation, or a name that is not a local one (localhost, *.local, no dot...).
 * The operator's allow-list (OUTBOUND_ALLOW_PRIVATE) lifts the address and name rules, and the https rule when
 * `httpWhenAllowed`. Returns the refusal, or null.
 */
export function urlProblem(policy: OutboundPolicy, raw: string, o: UrlCheckOptions = {}): OutboundRefused | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return new OutboundRefused('scheme', 'not a URL');
  }
  const schemes = o.schemes ?? ['http:', 'https:'];
  const host = normaliseHost(u.hostname) ?? '';
  const ip = isIP(host) ? host : null;
  const allowed = ip ? classifyAddress(ip) === 'public' || addressAllowed(policy, ip) : nameAllowed(policy, host);
  const operatorAllowed = ip ? addressAllowed(policy, ip) : nameAllowed(policy, host);
  const schemeOk =
    schemes.includes(u.protocol as 'http:') ||
    (o.httpWhenAllowed === true && operatorAllowed && (u.protocol === 'http:' || u.protocol === 'https:'));
  if (!schemeOk) return new OutboundRefused('scheme', `the ${u.protocol} scheme is not accepted`);
  if (u.username || u.password) return new OutboundRefused('credentials', 'the URL carries a user or password');
  if (ip && !allowed) return new OutboundRefused('address', `the address is ${classifyAddress(ip)}`);
  if (!ip && !allowed && isLocalName(host)) return new OutboundRefused('local-name', 'the host is a local name');
  return null;
}

/** Whether the operator allowed this URL's destination (then http:// may be accepted for it: `httpWhenAllowed`). */
export function operatorAllows(policy: OutboundPolicy, raw: string): boolean {
  const host = normaliseHost(new URL(raw).hostname) ?? '';
  return isIP(host) ? addressAllowed(policy, host) : nameAllowed(policy, host);
}

/**
 * The address to connect to: the host's addresses, every one of them public or allowed by the operator (a name
 * that answers one private address among public ones is refused, so the choice of answer cannot reach inside).
 */
export async function checkedAddress(
  policy: OutboundPolicy,
  hostname: string,
  resolve: Resolver = systemResolver,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = normaliseHost(hostname) ?? '';
  const literal = isIP(host);
  let answers: Array<{ address: string; family: number }>;
  if (literal) answers = [{ address: host, family: literal }];
  else {
    if (!nameAllowed(policy, host) && isLocalName(host))
      throw new OutboundRefused('local-name', 'the host is a local name');
    try {
      answers = await resolve(host);
    } catch {
      throw new OutboundRefused('unresolved', 'the host name does not resolve');
    }
  }
  if (answers.length === 0) throw new OutboundRefused('unresolved', 'the host name does not resolve');
  const byName = !literal && nameAllowed(policy, host);
  for (const a of answers) {
    const c = classifyAddress(a.address);
    if (c !== 'public' && !byName && !addressAllowed(policy, a.address))
      throw new OutboundRefused('address', `the host resolves to a ${c} address`);
  }
  const first = answers[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** the whole call's limit, redirects included */
  timeoutMs: number;
  /** the largest body read (bytes); a larger answer fails the call */
  maxBytes?: number;
  /** 0 returns a 3xx as it came; at most 5 */
  maxRedirects?: number;
  signal?: AbortSignal;
  schemes?: readonly ('http:' | 'https:')[];
  httpWhenAllowed?: boolean;
  /** the server's own built-in sample service (never a typed URL): no address check */
  ownService?: boolean;
  /** where host names are resolved (the system resolver by default; tests give their own) */
  resolve?: Resolver;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** the URL that answered (after redirects) */
  url: string;
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Why a call failed after the checks (timeout, size, network): a plain Error with a short message. */
export class OutboundFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'too-large' | 'network',
    message: string,
  ) {
    super(message);
    this.name = kind === 'timeout' ? 'TimeoutError' : 'OutboundFailure';
  }
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

function once(
  hop: Hop,
  address: { address: string; family: 4 | 6 },
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const secure = hop.url.protocol === 'https:';
    const hostname = normaliseHost(hop.url.hostname) ?? '';
    const headers: Record<string, string> = { ...hop.headers, host: hop.url.host };
    if (hop.body !== undefined) headers['content-length'] = String(Buffer.byteLength(hop.body));
    const options: https.RequestOptions = {
      host: address.address,
      family: address.family,
      port: hop.url.port || (secure ? 443 : 80),
      path: `${hop.url.pathname}${hop.url.search}`,
      method: hop.method,
      headers,
      agent: false,
      signal,
      ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
    };
    const req = (secure ? https : http).request(options, (res) => {
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        res.destroy();
        reject(new OutboundFailure('too-large', `the answer is larger than ${maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new OutboundFailure('too-large', `the answer is larger than ${maxBytes} bytes`));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (err) =>
        reject(
          signal.aborted ? new OutboundFailure('timeout', 'timed out') : new OutboundFailure('network', err.message),
        ),
      );
      // a connection closed before the end of the answer is a failure, never a short body taken as whole
      res.on('close', () => {
        if (!res.complete) reject(new OutboundFailure(signal.aborted ? 'timeout' : 'network', 'the answer was cut'));
      });
    });
    req.on('error', (err) => {
      if (signal.aborted) reject(new OutboundFailure('timeout', 'timed out'));
      else reject(new OutboundFailure('network', err.message));
    });
    if (hop.body !== undefined) req.write(hop.body);
    req.end();
  });
}

/**
 * One call to a typed URL (see the top of this file). Resolves with the final answer, whatever its status; rejects
 * with OutboundRefused before connecting anywhere it may not, or OutboundFailure (timeout, too large, network).
 */
export function outboundRequest(policy: OutboundPolicy, rawUrl: string, o: OutboundRequest): Promise<OutboundResponse> {
  // the request that makes the call holds no place in the process's line while it waits (decision 258)
  return asideFromLine(() => call(policy, rawUrl, o));
}

async function call(policy: OutboundPolicy, rawUrl: string, o: OutboundRequest): Promise<OutboundResponse> {
  const maxRedirects = Math.min(5, Math.max(0, o.maxRedirects ?? 0));
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([timeout, o.signal]) : timeout;
  let hop: Hop = { url: new URL(rawUrl), method: (o.method ?? 'GET').toUpperCase(), headers: {}, body: o.body };
  for (const [k, v] of Object.entries(o.headers ?? {})) hop.headers[k.toLowerCase()] = v;
  for (let redirects = 0; ; redirects++) {
    if (!o.ownService) {
      const problem = urlProblem(policy, hop.url.href, { schemes: o.schemes, httpWhenAllowed: o.httpWhenAllowed });
      if (problem) throw problem;
    }
    const address = o.ownService
      ? { address: normaliseHost(hop.url.hostname) ?? '', family: 4 as const }
      : await checkedAddress(policy, hop.url.hostname, o.resolve);
    if (signal.aborted) throw new OutboundFailure('timeout', 'timed out');
    const res = await once(hop, address, maxBytes, signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location || maxRedirects === 0) return { ...res, url: hop.url.href };
    if (redirects >= maxRedirects) throw new OutboundRefused('redirects', `more than ${maxRedirects} redirects`);
    const next = new URL(location, hop.url);
    const headers = { ...hop.headers };
    if (next.origin !== hop.url.origin) {
      delete headers.authorization;
      delete headers.cookie;
    }
    const keepBody = res.status === 307 || res.status === 308;
    if (!keepBody) {
      delete headers['content-type'];
      delete headers['content-length'];
    }
    hop = {
      url: next,
      method: keepBody || hop.method === 'HEAD' ? hop.method : 'GET',
      headers,
      body: keepBody ? hop.body : undefined,
    };
  }
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for libraries that take one (openid-client's customFetch): the same checked call, answered as a
 * Response. The library's own redirect and timeout wishes are kept (it asks for manual redirects).
 */
export function outboundFetch(
  policy: OutboundPolicy,
  base: Pick<OutboundRequest, 'timeoutMs' | 'maxBytes' | 'schemes' | 'httpWhenAllowed' | 'resolve'>,
) {
  return async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    let body: string | Uint8Array | undefined;
    if (typeof init.body === 'string') body = init.body;
    else if (init.body instanceof URLSearchParams) body = init.body.toString();
    else if (init.body instanceof Uint8Array) body = init.body;
    else if (init.body instanceof ArrayBuffer) body = new Uint8Array(init.body);
    else if (init.body != null) throw new TypeError('outboundFetch: unsupported body');
    const res = await outboundRequest(policy, String(url), {
      ...base,
      method: init.method ?? 'GET',
      headers,
      body,
      maxRedirects: init.redirect === 'follow' ? 5 : 0,
      signal: init.signal ?? undefined,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) for (const x of v) out.append(k, x);
      else if (v !== undefined) out.set(k, v);
    }
    return new Response(NULL_BODY.has(res.status) ? null : new Uint8Array(res.body), {
      status: res.status,
      headers: out,
    });
  };
}
