import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema } from '../src/config';

/*
 * Issue 29, point 5: the example compose file of docs/operating.md (PostgreSQL, an S3-compatible store, two API
 * nodes behind a balancer, one worker) is checked here as a reader would check it by hand: every setting it gives a
 * node is one RegCheck reads and accepts, the nodes point at the services of the file, the balancer asks each node's
 * readiness, and Docker waits longer than the drain before it kills (decision 205). Docker is not on the CI machine,
 * so the file is read, not started.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
};
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const NODES = ['api1', 'api2', 'worker'];

/** A node's environment as the container sees it, with the operator's ${VAR:?...} given a value that passes. */
function environmentOf(s: Service): Record<string, string> {
  const given: Record<string, string> = {
    JWT_SECRET: 'j'.repeat(40),
    POSTGRES_PASSWORD: 'pw',
    S3_SECRET_ACCESS_KEY: 's3',
  };
  return Object.fromEntries(
    Object.entries(s.environment ?? {}).map(([k, v]) => [
      k,
      String(v).replace(/\$\{([A-Z_]+)(?::\?[^}]*|:-([^}]*))?\}/g, (_m, name: string, def?: string) => {
        const value = given[name] ?? def;
        if (value === undefined) throw new Error(`${k} needs ${name}, which the test does not know`);
        return value;
      }),
    ]),
  );
}

describe('deploy/compose.yaml, the example of several nodes', () => {
  it('holds PostgreSQL, an S3-compatible store, two API nodes, one worker and a balancer; every dependency exists', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api1', 'api2', 'balancer', 'bucket', 'objects', 'postgres', 'worker'].sort(),
    );
    for (const [name, s] of Object.entries(services)) {
      const deps = Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {});
      for (const d of deps) expect(Object.keys(services), `${name} depends on ${d}`).toContain(d);
      expect(s.image ?? s.build, name).toBeTruthy();
    }
    // the second API node waits for the first, which migrates the database and creates the first accounts
    expect(Object.keys(services.api2?.depends_on ?? {})).toEqual(
      expect.arrayContaining(['postgres', 'bucket', 'api1']),
    );
  });

  it('gives each node only settings RegCheck reads, with values it accepts, pointing at the services of the file', () => {
    const known = new Set(Object.keys(EnvSchema.shape));
    const db = services.postgres?.environment ?? {};
    const bucketScript = (services.bucket?.entrypoint ?? []).join(' ');
    for (const name of NODES) {
      const s = services[name] as Service;
      const env = environmentOf(s);
      for (const k of Object.keys(env)) expect(known.has(k), `${name}: ${k} is not a RegCheck setting`).toBe(true);
      const parsed = EnvSchema.safeParse(env);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(env.JOBS_IN_PROCESS, name).toBe('false');
      expect(env.FILE_STORE, name).toBe('s3');
      const url = new URL(env.DATABASE_URL as string);
      expect([url.hostname, url.username, url.pathname.slice(1)]).toEqual([
        'postgres',
        db.POSTGRES_USER,
        db.POSTGRES_DB,
      ]);
      expect(new URL(env.S3_ENDPOINT as string).hostname).toBe('objects');
      expect(bucketScript).toContain(`store/${env.S3_BUCKET}`);
      // Docker waits longer than the node's own ceiling (counted from the signal, drain delay included) before it
      // kills it, and the drain delay leaves time to finish the requests in flight within that ceiling
      const grace = Number(/^(\d+)s$/.exec(s.stop_grace_period ?? '')?.[1]);
      expect(grace * 1000, name).toBeGreaterThan(Number(env.SHUTDOWN_TIMEOUT_MS));
      expect(Number(env.DRAIN_DELAY_MS), name).toBeLessThan(Number(env.SHUTDOWN_TIMEOUT_MS));
    }
    expect(services.worker?.command).toEqual(['npm', 'run', 'worker']);
    expect(JSON.parse(read('package.json')).scripts.worker).toContain('apps/server/src/worker.ts');
  });

  it('balances over both API nodes by their readiness, which each node also reports to Docker', () => {
    const caddy = read('deploy/Caddyfile');
    expect(/reverse_proxy\s+([^{]+)\{/.exec(caddy)?.[1]?.trim().split(/\s+/)).toEqual(['api1:3000', 'api2:3000']);
    expect(caddy).toMatch(/health_uri \/api\/ready/);
    for (const name of ['api1', 'api2'])
      expect(services[name]?.healthcheck?.test.join(' '), name).toContain('/api/ready');
    expect(services.balancer?.depends_on).toEqual(['api1', 'api2']);
  });

  it("builds one image from the repository: the Dockerfile copies every workspace's package.json before installing", () => {
    const dockerfile = read('deploy/Dockerfile');
    for (const w of JSON.parse(read('package.json')).workspaces as string[])
      expect(dockerfile, w).toContain(`COPY ${w}/package.json ${w}/`);
    expect(services.api1?.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
  });
});
