// A round-robin load balancer for the benchmarks, doing what deploy/Caddyfile asks of Caddy: it asks each API node's
// GET /api/ready every PROBE_MS and sends requests only to the nodes that answer 200 (a node answers 503 from the
// moment it receives SIGTERM, for DRAIN_DELAY_MS, before it stops listening: decision 205). Each proxied request opens
// its own connection to the node (no idle keep-alive socket that a stopping node could close under a request). A
// request whose connection is refused (the node is gone: nothing was sent) goes to the next ready node; any other
// failure is answered 502 and counted.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const PROBE_MS = 200;

export interface Balancer {
  url: string;
  /** replaces a node's address (a restarted node listens on a new port) */
  replace(oldUrl: string, newUrl: string): void;
  stats(): { proxied: number; retried: number; failed: number };
  close(): Promise<void>;
}

export async function startBalancer(nodeUrls: string[]): Promise<Balancer> {
  const nodes = nodeUrls.map((url) => ({ url, ready: false }));
  let next = 0;
  let proxied = 0;
  let retried = 0;
  let failed = 0;
  let probing = true;

  const probe = async () => {
    while (probing) {
      await Promise.all(
        nodes.map(async (n) => {
          try {
            const res = await fetch(`${n.url}/api/ready`, { signal: AbortSignal.timeout(1_000) });
            n.ready = res.status === 200;
          } catch {
            n.ready = false;
          }
        }),
      );
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  };
  const probing$ = probe();

  const pick = (exclude: Set<string>) => {
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[(next + i) % nodes.length];
      if (n?.ready && !exclude.has(n.url)) {
        next = (next + i + 1) % nodes.length;
        return n;
      }
    }
    return undefined;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<string>();
      const send = () => {
        const node = pick(tried);
        if (!node) {
          failed++;
          res.writeHead(503).end('no node ready');
          return;
        }
        tried.add(node.url);
        const target = new URL(req.url ?? '/', node.url);
        const out = http.request(
          target,
          { method: req.method, headers: { ...req.headers, host: target.host, connection: 'close' }, agent: false },
          (up) => {
            proxied++;
            // hop-by-hop headers stay on their hop: the node's "connection: close" must not close the client's
            // keep-alive connection (autocannon would then time each request from a reconnect)
            const { connection: _c, 'keep-alive': _k, ...headers } = up.headers;
            res.writeHead(up.statusCode ?? 502, headers);
            up.pipe(res);
          },
        );
        out.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && !res.headersSent) {
            node.ready = false;
            retried++;
            send();
            return;
          }
          failed++;
          if (!res.headersSent) res.writeHead(502).end(String(err.code ?? err.message));
          else res.destroy();
        });
        out.end(body);
      };
      send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // the first probe round has seen the nodes
  for (let i = 0; i < 50 && !nodes.some((n) => n.ready); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    url: `http://127.0.0.1:${port}`,
    replace(oldUrl, newUrl) {
      const n = nodes.find((x) => x.url === oldUrl);
      if (n) {
        n.url = newUrl;
        n.ready = false;
      }
    },
    stats: () => ({ proxied, retried, failed }),
    async close() {
      probing = false;
      await probing$;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
