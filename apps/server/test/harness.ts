import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Role } from '@regcheck/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { bootstrap, demoEmail } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import type { AppDeps } from '../src/plugins/context';
import { createRuntime, startFeatures, stopRuntime } from '../src/runtime';
import { leaseTemplateDatabase } from './pglite-pool';
import { ADMIN, DEMO_PASSWORD, TEST_ENV } from './test-env';

export { ADMIN, DEMO_PASSWORD };

/** Who a request is sent as: a role of a demo company ('cl' by default), a demo user's e-mail, or both named. */
export type Who = Role | string | { as?: Role | string; company?: 'cl' | 'br' } | undefined;
type Payload = InjectOptions['payload'];

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** ids of the two demo companies */
  companies: { cl: string; br: string };
  /** signs in and returns the access token (cached per e-mail) */
  token(who: Role | { email: string; password: string }, company?: 'cl' | 'br'): Promise<string>;
  /** app.inject with a bearer token for `as` (a role of the demo company, 'cl' by default) */
  call(opts: InjectOptions & { as?: Role | string; company?: 'cl' | 'br' }): Promise<LightMyRequestResponse>;
  /** `call` in short: `t.post('admin', url, payload)` is `t.call({ as: 'admin', method: 'POST', url, payload })` */
  get(who: Who, url: string): Promise<LightMyRequestResponse>;
  post(who: Who, url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  put(who: Who, url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  patch(who: Who, url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  del(who: Who, url: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh database on the server: a copy of the migrated, bootstrapped template of global-setup when there is one. */
async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rc_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A real application on a real database: PGlite loaded from the migrated template by default, a fresh database
 * on the PostgreSQL server when TEST_DATABASE_URL is set. Demo companies and users exist (see bootstrap).
 * `sameDatabaseAs`: a second node on the database of an app already started (on PGlite the two share one instance,
 * which the first app closes; on PostgreSQL the first app drops the database, so close the second one first).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-test-'));
  let drop: (() => Promise<void>) | undefined;
  let pglite: PGlite | undefined;
  const baseEnv: Record<string, string> = { ...TEST_ENV, DATA_DIR: dataDir, ...env };
  const first = opts.sameDatabaseAs?.deps;
  if (first) {
    if (first.config.databaseUrl) baseEnv.DATABASE_URL = first.config.databaseUrl;
    else pglite = first.database.pglite;
  } else if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshPostgres(process.env.TEST_DATABASE_URL);
    baseEnv.DATABASE_URL = fresh.url;
    baseEnv.REGCHECK_DEMO = baseEnv.REGCHECK_DEMO ?? '1';
    drop = fresh.drop;
  } else {
    // the migrated template, in an instance a closed test app left and that was put back as the template left it
    // when there is one (pglite-pool.ts)
    pglite = await leaseTemplateDatabase(inject('pgliteTemplate'));
  }
  const config = loadConfig(baseEnv);
  // the run's platform signing key (global-setup.ts), copied in: making one takes about 0.2 s of CPU per app. Each app
  // has its own copy in its own data folder; the key is still made on a first start, by that setup through the same
  // function and by every child-server test (empty folders), and forms.keys.test.ts signs and verifies with it
  const signingSeed = inject('signingSeed');
  if (signingSeed && !env.DATA_DIR) fs.cpSync(signingSeed, path.join(config.dataDir, 'signing'), { recursive: true });
  const deps = await createRuntime(config, { pglite });
  // a shared PGlite instance is the first app's: that app closes it
  if (first && pglite) deps.database.close = () => Promise.resolve();
  await bootstrap(deps.db, config);
  await startFeatures(deps);
  const app = await buildApp(deps, { logger: false, serveWeb: false });
  await app.ready();
  const rows = await deps.db.selectFrom('companies').select(['id', 'country']).execute();
  const companies = {
    cl: rows.find((r) => r.country === 'CL')?.id ?? '',
    br: rows.find((r) => r.country === 'BR')?.id ?? '',
  };
  const tokens = new Map<string, string>();
  const token: TestApp['token'] = async (who, company = 'cl') => {
    const cred =
      typeof who === 'object'
        ? who
        : who === 'superAdmin'
          ? ADMIN
          : { email: who === 'watcher' ? demoEmail('watcher') : demoEmail(who, company), password: DEMO_PASSWORD };
    const cached = tokens.get(cred.email);
    if (cached) return cached;
    const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: cred });
    if (res.statusCode !== 200) throw new Error(`login ${cred.email} failed: ${res.statusCode} ${res.body}`);
    const t = res.json().token as string;
    tokens.set(cred.email, t);
    return t;
  };
  const call: TestApp['call'] = async ({ as, company, headers, ...opts }) => {
    const h: Record<string, string> = { ...(headers as Record<string, string>) };
    if (as) {
      h.authorization = `Bearer ${as.includes('@') ? await token({ email: as, password: DEMO_PASSWORD }) : await token(as as Role, company)}`;
    }
    return app.inject({ ...opts, headers: h } as InjectOptions);
  };
  const short = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => (who: Who, url: string, payload?: Payload) =>
    call({
      ...(typeof who === 'object' ? who : { as: who }),
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    app,
    deps,
    companies,
    token,
    call,
    get: (who, url) => short('GET')(who, url),
    post: short('POST'),
    put: short('PUT'),
    patch: short('PATCH'),
    del: (who, url) => short('DELETE')(who, url),
    close: async () => {
      await app.close();
      await stopRuntime(deps);
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of a file: started before its tests (`beforeAll`) and closed after them (`afterAll`). What it returns
 * stands for that app once started: `const t = useTestApp({ RATE_LIMIT_MAX: '100000' })` at the top of a file;
 * `setup` runs in the same hook once it has started (the lists a file screens against, say).
 */
export function useTestApp(env: Record<string, string> = {}, setup?: (t: TestApp) => Promise<void>): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp(env);
    await setup?.(started);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as TestApp, {
    get: (_, key) => {
      if (!started) throw new Error('the test app starts in beforeAll: use it inside a test or a hook');
      return Reflect.get(started, key);
    },
  });
}
