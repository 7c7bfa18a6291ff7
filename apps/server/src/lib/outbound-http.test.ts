import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress, classifyHost, outboundPolicy } from './outbound-addresses';
import { type OutboundFailure, OutboundRefused, outboundRequest, type Resolver, urlProblem } from './outbound-http';

const NONE = outboundPolicy([]);

describe('address classification: every notation of an internal address is refused', () => {
  it.each([
    // the forms of the issue
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['127.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['10.1.2.3', 'private'],
    ['192.168.1.4', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['::', 'unspecified'],
    ['[::]', 'unspecified'],
    ['198.18.0.1', 'benchmark'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6 forms that carry an IPv4 address
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'private'],
    ['::8.8.8.8', 'reserved'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:0101::1', 'private'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    // IPv6 ranges of their own
    ['fe80::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
  ])('%s is %s', (host, expected) => {
    expect(classifyHost(host)).toBe(expected);
  });

  it('an address as a resolver answers it, zone included', () => {
    expect(classifyAddress('fe80::1%eth0')).toBe('link-local');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('localhost')).toBe('not-an-address');
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['2606:4700:4700::1111'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::8.8.8.8'],
    ['2002:808:808::1'],
  ])('%s is public', (host) => {
    expect(classifyHost(host)).toBe('public');
  });

  it('a URL with any of those hosts is refused before it is saved; a public one passes', () => {
    for (const url of [
      'https://[::ffff:127.0.0.1]:8444/hook',
      'https://[::ffff:7f00:1]:8443/hook',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://localhost./x',
      'https://app.localhost/x',
      'https://[::1]/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://127.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/x',
      'https://192.168.0.10/x',
      'https://172.16.4.4/x',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::]/x',
      'https://[64:ff9b::7f00:1]/x',
      'https://[::127.0.0.1]/x',
      'https://[fe80::1]/x',
      'https://[fc00::1]/x',
      'https://224.0.0.1/x',
      'https://[ff02::1]/x',
      'https://intranet/x',
      'https://printer.local/x',
      'https://metadata.google.internal/x',
    ])
      expect(urlProblem(NONE, url), url).toBeInstanceOf(OutboundRefused);
    expect(urlProblem(NONE, 'https://hooks.example.com/regcheck')).toBeNull();
    expect(urlProblem(NONE, 'https://8.8.8.8/x')).toBeNull();
    expect(urlProblem(NONE, 'https://user:pw@hooks.example.com/x')?.reason).toBe('credentials');
    expect(urlProblem(NONE, 'http://hooks.example.com/x', { schemes: ['https:'] })?.reason).toBe('scheme');
    expect(urlProblem(NONE, 'ftp://hooks.example.com/x')?.reason).toBe('scheme');
  });

  it("the operator's allow-list lifts the rule for its addresses, blocks and names only", () => {
    const policy = outboundPolicy(['10.20.0.0/16', '127.0.0.1', 'provider.corp', '*.onprem.example']);
    expect(urlProblem(policy, 'https://10.20.3.4/x')).toBeNull();
    expect(urlProblem(policy, 'https://[::ffff:10.20.3.4]/x')).toBeNull();
    expect(urlProblem(policy, 'https://10.21.0.1/x')?.reason).toBe('address');
    expect(urlProblem(policy, 'https://127.0.0.2/x')?.reason).toBe('address');
    expect(urlProblem(policy, 'https://provider.corp/x')).toBeNull();
    expect(urlProblem(policy, 'https://a.onprem.example/x')).toBeNull();
    expect(urlProblem(policy, 'https://other.corp/x')?.reason).toBe('local-name');
    // http only to an allowed destination, where the feature says so
    expect(urlProblem(policy, 'http://10.20.3.4/x', { schemes: ['https:'], httpWhenAllowed: true })).toBeNull();
    expect(urlProblem(policy, 'http://8.8.8.8/x', { schemes: ['https:'], httpWhenAllowed: true })?.reason).toBe(
      'scheme',
    );
    expect(() => outboundPolicy(['10.0.0/8'])).toThrow(/OUTBOUND_ALLOW_PRIVATE/);
    expect(() => outboundPolicy(['10.0.0.0/33'])).toThrow(/OUTBOUND_ALLOW_PRIVATE/);
    expect(outboundPolicy(['*']).any).toBe(true);
  });
});

describe('the outbound client connects only to the address it checked', () => {
  let server: http.Server;
  let port = 0;
  let hits: string[] = [];
  const sockets = new Set<Socket>();
  let next: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end('ok');

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url} host=${req.headers.host} auth=${req.headers.authorization ?? '-'}`);
      next(req, res);
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });

  /** a resolver whose answers the test chooses: a name "rebinding" to loopback */
  const answers = new Map<string, string[]>();
  const resolver: Resolver = async (host) => {
    const list = answers.get(host);
    if (!list) throw new Error(`ENOTFOUND ${host}`);
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('a public-looking name that resolves to 127.0.0.1 is refused at connect time: nothing reaches the port', async () => {
    hits = [];
    answers.set('hooks.rebind.example', ['127.0.0.1']);
    const url = `http://hooks.rebind.example:${port}/hook`;
    // accepted when saved (no lookup then)...
    expect(urlProblem(NONE, url)).toBeNull();
    // ...refused when called: the name now answers loopback
    const err = await outboundRequest(NONE, url, { timeoutMs: 5000, resolve: resolver }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as OutboundRefused).message).toBe('the host resolves to a loopback address');
    // one internal address among public ones is enough to refuse (the client may not pick the public one)
    answers.set('mixed.rebind.example', ['8.8.8.8', '::ffff:10.0.0.1']);
    const mixed = await outboundRequest(NONE, `http://mixed.rebind.example:${port}/`, {
      timeoutMs: 5000,
      resolve: resolver,
    }).catch((e: unknown) => e);
    expect((mixed as OutboundRefused).reason).toBe('address');
    expect(hits).toEqual([]);
  });

  it('connects to the checked address with the original Host header (no second lookup)', async () => {
    hits = [];
    let lookups = 0;
    const counting: Resolver = async (host) => {
      lookups++;
      return resolver(host);
    };
    answers.set('receiver.allowed.example', ['127.0.0.1']);
    const allowed = outboundPolicy(['127.0.0.1']);
    const res = await outboundRequest(allowed, `http://receiver.allowed.example:${port}/in?x=1`, {
      method: 'POST',
      body: 'hello',
      timeoutMs: 5000,
      resolve: counting,
    });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('ok');
    expect(hits).toEqual([`POST /in?x=1 host=receiver.allowed.example:${port} auth=-`]);
    expect(lookups).toBe(1);
  });

  it('a redirect to an internal address is refused before it is followed', async () => {
    const allowed = outboundPolicy(['127.0.0.1']);
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:10.0.0.1]/',
      'http://0x0a000001/',
      'http://localhost/',
    ]) {
      hits = [];
      next = (_req, res) => {
        res.writeHead(302, { location: target });
        res.end();
      };
      const err = await outboundRequest(allowed, `http://127.0.0.1:${port}/start`, {
        timeoutMs: 5000,
        maxRedirects: 5,
        resolve: resolver,
      }).catch((e: unknown) => e);
      expect(err, target).toBeInstanceOf(OutboundRefused);
      expect(hits).toHaveLength(1);
    }
    next = (_req, res) => res.end('ok');
  });

  it('follows an allowed redirect (dropping the credentials on another origin), at most 5 hops', async () => {
    const allowed = outboundPolicy(['127.0.0.1']);
    answers.set('other.allowed.example', ['127.0.0.1']);
    hits = [];
    next = (req, res) => {
      if (req.url === '/a') {
        res.writeHead(307, { location: `http://other.allowed.example:${port}/b` });
        res.end();
      } else res.end('arrived');
    };
    const res = await outboundRequest(allowed, `http://127.0.0.1:${port}/a`, {
      method: 'POST',
      headers: { authorization: 'Basic c2VjcmV0' },
      body: 'grant_type=client_credentials',
      timeoutMs: 5000,
      maxRedirects: 5,
      resolve: resolver,
    });
    expect(res.body.toString()).toBe('arrived');
    expect(hits).toEqual([
      `POST /a host=127.0.0.1:${port} auth=Basic c2VjcmV0`,
      `POST /b host=other.allowed.example:${port} auth=-`,
    ]);
    next = (req, res) => {
      res.writeHead(302, { location: `/loop${Number(req.url?.slice(5) || 0) + 1}` });
      res.end();
    };
    const loop = await outboundRequest(allowed, `http://127.0.0.1:${port}/loop0`, {
      timeoutMs: 5000,
      maxRedirects: 5,
    }).catch((e: unknown) => e);
    expect((loop as OutboundRefused).reason).toBe('redirects');
    // without redirects allowed, a 3xx is the answer
    const plain = await outboundRequest(allowed, `http://127.0.0.1:${port}/loop0`, { timeoutMs: 5000 });
    expect(plain.status).toBe(302);
    next = (_req, res) => res.end('ok');
  });

  it('an answer larger than the cap fails the call; a receiver that never answers ends in a timeout', async () => {
    const allowed = outboundPolicy(['127.0.0.1']);
    next = (_req, res) => res.end(Buffer.alloc(10_000, 97));
    const big = await outboundRequest(allowed, `http://127.0.0.1:${port}/big`, {
      timeoutMs: 5000,
      maxBytes: 1000,
    }).catch((e: unknown) => e);
    expect((big as OutboundFailure).kind).toBe('too-large');
    next = () => undefined;
    const silent = await outboundRequest(allowed, `http://127.0.0.1:${port}/silent`, { timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect((silent as OutboundFailure).kind).toBe('timeout');
    next = (_req, res) => res.end('ok');
  });
});
