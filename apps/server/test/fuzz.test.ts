import { COMPANY_ROLES, can, type PermissionKey, type Role } from '@regcheck/shared';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../src/bootstrap';
import { seedDemo } from '../src/demo/demo-seed';
import { startedState } from '../src/modules/lists/lists.index';
import type { RouteAccess } from '../src/plugins/context';
import { ADMIN, createTestApp, DEMO_PASSWORD, type TestApp } from './harness';

/*
 * Schema-driven fuzzing of every route of the app's own OpenAPI document (issue 17, item 5b). For each route,
 * fast-check builds requests from the route's schemas with one malformed part (a path parameter, a query parameter
 * or the body): wrong types, missing required fields, very long strings, NUL characters, lone surrogates,
 * prototype keys, huge numbers, malformed LoopBack filter/where JSON. Each route is called as a user who may call
 * it (the Chilean demo admin, or the super administrator for platform routes), with real ids of the demo data.
 * Asserted: never a 5xx; a write (POST/PUT/PATCH/DELETE) that is refused (4xx) leaves the row counts of the
 * tenant tables and the target record unchanged.
 * Fixed seed, FUZZ_RUNS requests per route (2 by default: a few hundred in all); FUZZ_SEED picks another seed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? 17);

type Schema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: unknown;
  minItems?: number;
  maxItems?: number;
};
type Param = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Route = { method: string; path: string; op: Operation };
type Part = 'path' | 'query' | 'body';
type Case = { part: Part; path: Record<string, string>; query: Record<string, string | string[]>; body: unknown };

// ------------------------------------------------------------ generators

const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const NASTY = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\udbff\udbff',
  '%00',
  "'; drop table fichas; --",
  '../../etc/passwd',
  '{"$gt":""}',
  '\u202e\u200b',
  '',
  ' ',
];
const HUGE = [1e20, -1e20, 1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, -1, 0.5, -0.000001, 5e-324];
const PROTO_TEXT = [
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":{}}',
];
const nasty = fc.constantFrom(...NASTY);
const huge = fc.constantFrom(...HUGE);
const longText = fc.constantFrom(1_000, 10_000, 100_000, 1_000_000).map((n) => 'é'.repeat(n));
const protoObject = fc.constantFrom(...PROTO_TEXT).map((s) => JSON.parse(s) as unknown);
const anyWrong = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  huge,
  nasty,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.oneof(fc.integer(), nasty), { maxLength: 3 }),
  protoObject,
);

function regexArb(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.constant('x');
  }
}

/** Values that fit the schema (to reach past validation when another part is the malformed one). */
function valid(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return fc.constant(undefined);
  const base = validBase(s, depth);
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function validBase(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((x) => valid(x, depth + 1)));
  switch (s.type) {
    case 'string': {
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'email') return fc.constant('fuzz@example.com');
      if (s.pattern) return regexArb(s.pattern);
      const min = s.minLength ?? 0;
      return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 12, 12)) });
    }
    case 'integer':
      return fc.integer({ min: Math.ceil(s.minimum ?? -1000), max: Math.floor(Math.min(s.maximum ?? 1000, 1e9)) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: Math.min(s.maximum ?? 1000, 1e9), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = s.minItems ?? 0;
      return fc.array(valid(s.items, depth + 1), {
        minLength: min,
        maxLength: Math.max(min, Math.min(s.maxItems ?? 2, 2)),
      });
    }
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = valid(v, depth + 1);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A value of the wrong type for the schema. */
function wrongType(s: Schema): fc.Arbitrary<unknown> {
  const t = s.type;
  const choices: fc.Arbitrary<unknown>[] = [];
  if (t !== 'string') choices.push(nasty, fc.constant('1e20'));
  if (t !== 'number' && t !== 'integer') choices.push(huge);
  if (t !== 'boolean') choices.push(fc.boolean());
  if (t !== 'array') choices.push(fc.constant([1, 'x']));
  if (t !== 'object') choices.push(protoObject, fc.constant({ a: 1 }));
  if (!s.nullable) choices.push(fc.constant(null));
  return fc.oneof(...choices);
}

/** A malformed value for the schema: somewhere in it there is one thing the route must refuse or survive. */
function malformed(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s) return anyWrong;
  const choices: fc.Arbitrary<unknown>[] = [wrongType(s), nasty, longText, huge, protoObject];
  if (s.type === 'string' && s.maxLength !== undefined) {
    choices.push(fc.constant('x'.repeat(s.maxLength + 1)));
  }
  if (s.type === 'number' || s.type === 'integer') choices.push(huge, fc.constant(1.5), fc.constant(-1));
  if (s.type === 'array') {
    choices.push(
      fc.array(malformed(s.items, depth + 1), { minLength: 1, maxLength: 3 }),
      fc.constant(Array.from({ length: (s.maxItems ?? 1000) + 1 }, () => 'x')),
    );
  }
  if (s.type === 'object' && depth < 4) {
    const props = Object.entries(s.properties ?? {});
    const whole = valid(s, depth) as fc.Arbitrary<Record<string, unknown>>;
    if (props.length) {
      // one property malformed, the others valid: the deepest reach
      choices.push(
        fc
          .tuple(whole, fc.constantFrom(...props))
          .chain(([obj, [k, v]]) => malformed(v, depth + 1).map((bad) => ({ ...obj, [k]: bad }))),
        fc
          .tuple(whole, fc.constantFrom(...props))
          .chain(([obj, [k, v]]) => malformed(v, depth + 1).map((bad) => ({ ...obj, [k]: bad }))),
      );
    }
    const required = s.required ?? [];
    if (required.length) {
      choices.push(
        fc.tuple(whole, fc.constantFrom(...required)).map(([obj, k]) => {
          const copy = { ...obj };
          delete copy[k];
          return copy;
        }),
      );
    }
    // prototype keys beside valid fields
    choices.push(
      fc.tuple(whole, protoObject).map(([obj, p]) => Object.assign(JSON.parse(JSON.stringify(p)), obj) as unknown),
    );
  }
  return fc.oneof(...choices);
}

const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'inq', 'nin', 'between', 'like', 'nlike', 'ilike', 'nilike'];
const EVIL_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'valueOf', '$where', ''];

/** JSON text sent as written (too deep for JSON.stringify, or not JSON at all). */
class RawJson {
  constructor(readonly text: string) {}
}
/** A where nested `n` times (as text: stringifying it would exhaust this process's stack first). */
const deepWhere = (n: number) => `${'{"or":[{"and":['.repeat(n)}{"id":"${ZERO_ID}"}${']}]}'.repeat(n)}`;
const rawBodies = fc.constantFrom(
  new RawJson('{'),
  new RawJson('{"a":'),
  new RawJson('[1,2'),
  new RawJson('"\\u0000"'),
  new RawJson('{"__proto__":{"x":1}}'),
  new RawJson('{"a":1,"a":2}'),
  new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`),
  new RawJson(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`),
  new RawJson(''),
);

/** A malformed LoopBack `where` over the route's own field names (those of its answer). */
function badWhere(fields: string[]): fc.Arbitrary<unknown> {
  const field = fc.constantFrom(...fields, ...EVIL_KEYS);
  const value = fc.oneof(anyWrong, longText, fc.constantFrom('-200000-01-01', '+200000-01-01', '%\\', 'a%', '_'));
  const op = fc.constantFrom(...OPERATORS, ...EVIL_KEYS, 'regexp', '$ne');
  return fc.oneof(
    fc.tuple(field, value).map(([f, v]) => ({ [f]: v })),
    fc.tuple(field, op, value).map(([f, o, v]) => ({ [f]: { [o]: v } })),
    fc.tuple(field, fc.constantFrom('inq', 'nin', 'between')).map(([f, o]) => ({
      [f]: { [o]: Array.from({ length: 1001 }, (_, i) => i) },
    })),
    fc.constantFrom<unknown>({ and: {} }, { or: 'x' }, { and: [1, 'x', null, []] }, [], 'x', 1),
  );
}

/** A malformed `?where=` (text). */
function badWhereText(fields: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: badWhere(fields).map((w) => JSON.stringify(w)) },
    fc.constantFrom(deepWhere(9), deepWhere(3000)),
  );
}

/** A malformed `?filter=` (text: it may not even be JSON). */
function badFilter(fields: string[]): fc.Arbitrary<string> {
  const text = fc.constantFrom(
    '{',
    'null',
    '[]',
    '"x"',
    '1e999',
    '{"skip":1e20}',
    '{"limit":1e20}',
    '{"offset":1e20}',
    '{"limit":-1}',
    '{"skip":-1}',
    '{"skip":"abc"}',
    '{"limit":1.5}',
    '{"skip":10000001}',
    '{"order":"constructor ASC"}',
    '{"order":"__proto__ DESC"}',
    '{"order":["id DESC; drop table x"]}',
    '{"order":{}}',
    '{"order":[null,1]}',
    '{"where":{"__proto__":1}}',
    '{"where":{"constructor":1}}',
    '{"where":{"toString":"x"}}',
    '{"where":{"hasOwnProperty":{"eq":1}}}',
    '{"where":{"name":"\\u0000"}}',
    '{"where":{"name":{"like":"\\ud800"}}}',
    '{"fields":{"__proto__":1},"include":[{"relation":"__proto__"}]}',
  );
  return fc.oneof(
    text,
    badWhereText(fields).map((where) => `{"where":${where}}`),
    fc.record({ limit: anyWrong, skip: anyWrong, order: anyWrong }).map((f) => JSON.stringify(f)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  );
}

/** A malformed value of a query or path parameter (text, as it travels in the URL). */
function badParam(p: Param, fields: string[]): fc.Arbitrary<string | string[]> {
  if (p.name === 'filter') return badFilter(fields);
  if (p.name === 'where') return badWhereText(fields);
  return fc.oneof(
    nasty,
    fc.constantFrom('1e20', '-1', 'NaN', 'Infinity', '0x1F', '1.5', '[]', '{}', 'true', '9'.repeat(40)),
    fc.constantFrom(800, 5_000).map((n) => 'x'.repeat(n)),
    fc.constant<string[]>(['a', 'b']),
  );
}

function asText(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
}

/** encodeURIComponent, and the UTF-8 bytes of a surrogate (not a character, so it has no encoding) by hand */
function enc(s: string): string {
  return s.replace(/[\s\S]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) {
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    }
    return encodeURIComponent(c);
  });
}

// ------------------------------------------------------------ the app and its data

/** Routes that end the caller's own session whatever the input: not about input, and the sweep needs the session. */
const SKIP = new Set(['GET /api/users/logout', 'POST /api/users/logout']);
/** A refused sign-in is recorded on purpose (the audit row of a failed attempt): the tables it may add to. */
const RECORDS_REFUSAL: Record<string, string[]> = {
  'POST /api/users/login': ['auditLog'],
  'POST /api/users/login-sso': ['auditLog'],
  'POST /api/oauth/token': ['auditLog'],
};

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
let tenantTables: string[] = [];
const ids = new Map<string, string>();
const byName: Record<string, string> = {};
const access = new Map<string, RouteAccess>();
const tokens = new Map<string, string>();

async function signIn(who: Role): Promise<string> {
  const email = who === 'watcher' ? demoEmail('watcher') : demoEmail(who, 'cl');
  const cred = who === 'superAdmin' ? ADMIN : { email, password: DEMO_PASSWORD };
  const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: cred });
  if (res.statusCode !== 200) throw new Error(`login ${cred.email}: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  tokens.set(who, token);
  return token;
}

/** Requests that ended the caller's session (a sign-out, a password change): the sweep signs in again. */
const sessionsEnded: string[] = [];
let signIns = 0;
let lastRequest = '';

async function call(who: Role | null, opts: InjectOptions): Promise<LightMyRequestResponse> {
  const send = async () => {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (who) headers.authorization = `Bearer ${tokens.get(who) ?? (await signIn(who))}`;
    return t.app.inject({ ...opts, headers });
  };
  let res = await send();
  if (who && res.statusCode === 401 && res.json().code === 'SESSION_EXPIRED') {
    sessionsEnded.push(`${who} after ${lastRequest}, at ${opts.method} ${String(opts.url).slice(0, 80)}`);
    signIns++;
    await signIn(who);
    res = await send();
  }
  lastRequest = `${opts.method} ${String(opts.url).slice(0, 200)}`;
  return res;
}

/** Who may call a route: nobody for public ones, the Chilean admin when it may, else the super administrator. */
function callerFor(a: RouteAccess | undefined): Role | null {
  if (!a || a === 'public') return null;
  if (a === 'authenticated') return 'admin';
  const keys: PermissionKey[] = Array.isArray(a) ? a : [a];
  const candidates: Role[] = ['admin', 'superAdmin', ...COMPANY_ROLES, 'watcher'];
  const cl = { country: 'CL', massiveBulks: true };
  return candidates.find((role) => keys.some((k) => can({ role, company: cl }, k))) ?? 'admin';
}

const rows = (body: unknown): Record<string, unknown>[] => {
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  if (body && typeof body === 'object') {
    for (const k of ['data', 'items', 'rows', 'results']) {
      const v = (body as Record<string, unknown>)[k];
      if (Array.isArray(v)) return v as Record<string, unknown>[];
    }
  }
  return [];
};

/** Real ids of the demo data: the first row of every list route, keyed by the list's path. */
async function collectIds() {
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!ops.get || path.includes('{') || path.startsWith('/api/docs') || SKIP.has(`GET ${path}`)) continue;
    const res = await call(callerFor(access.get(`GET ${path}`)), { method: 'GET', url: path });
    if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) continue;
    const first = rows(res.json()).find((r) => typeof r.id === 'string' || typeof r.id === 'number');
    if (first) ids.set(path, String(first.id));
    const withDni = rows(res.json()).find((r) => typeof r.dni === 'string');
    if (withDni && !byName.dni) byName.dni = String(withDni.dni);
  }
}

/** Routes whose {id} is a row of another list. */
const ALIASES: Record<string, string> = {
  '/api/fichas-clientes-beneficiaries': '/api/fichas-clientes',
  '/api/files/ficha': '/api/fichas-clientes',
  '/api/consultations/view': '/api/consultations',
  '/api/consultations/getGeneralFormStatus': '/api/consultations',
};

function realParam(route: Route, name: string): string {
  const prefix = route.path.slice(0, route.path.indexOf(`{${name}}`)).replace(/\/$/, '');
  // platform records the fuzz may change: a company and a user of its own
  if (prefix === '/api/companies') return byName.fuzzCompany as string;
  if (prefix === '/api/users') return byName.fuzzUser as string;
  const list = ALIASES[prefix] ?? prefix;
  if (name === 'id' && ids.has(list)) return ids.get(list) as string;
  const named: Record<string, string | undefined> = {
    companyId: t.companies.cl,
    configuredId: t.companies.cl,
    fichaId: ids.get('/api/fichas-clientes'),
    listId: ids.get('/api/lists'),
    dni: byName.dni,
    index: '0',
    versionId: '1',
    token: 'x'.repeat(32),
    name: `${ZERO_ID}.pdf`,
  };
  return named[name] ?? ids.get(prefix.replace(/\/[^/]*$/, '')) ?? ZERO_ID;
}

function caseArb(route: Route): fc.Arbitrary<Case> {
  const params = route.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = route.op.requestBody?.content?.['application/json']?.schema;
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  const answer = route.op.responses?.['200']?.content?.['application/json']?.schema;
  const item = answer?.type === 'array' ? answer.items : (answer?.properties?.data?.items ?? answer);
  const fields = Object.keys(item?.properties ?? {}).concat(['id', 'name', 'createdAt']);

  const parts: Part[] = [];
  if (pathParams.length) parts.push('path');
  if (queryParams.length) parts.push('query');
  if (hasBody || !parts.length) parts.push('body');

  const realPath = Object.fromEntries(pathParams.map((p) => [p.name, realParam(route, p.name)]));
  const validQuery = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valid(p.schema).map(asText)])), {
    requiredKeys: [],
  }) as fc.Arbitrary<Record<string, string>>;
  const validBody = hasBody ? valid(bodySchema) : fc.constant(undefined);

  return fc.constantFrom(...parts).chain((part): fc.Arbitrary<Case> => {
    if (part === 'path') {
      return fc
        .tuple(
          fc.constantFrom(...pathParams),
          fc.oneof(badParam(pathParams[0] as Param, fields)),
          validQuery,
          validBody,
        )
        .map(([p, bad, query, body]) => ({ part, path: { ...realPath, [p.name]: asText(bad) }, query, body }));
    }
    if (part === 'query') {
      return fc
        .tuple(fc.constantFrom(...queryParams), validQuery, validBody)
        .chain(([p, query, body]) =>
          badParam(p, fields).map((bad) => ({ part, path: realPath, query: { ...query, [p.name]: bad }, body })),
        );
    }
    return fc
      .tuple(validQuery, fc.oneof({ weight: 6, arbitrary: malformed(bodySchema) }, rawBodies))
      .map(([query, body]) => ({ part, path: realPath, query, body }));
  });
}

function urlOf(route: Route, c: Case): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => enc(c.path[name] ?? ZERO_ID));
  const qs = Object.entries(c.query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${enc(k)}=${enc(x)}`))
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

async function tableCounts(): Promise<Record<string, number>> {
  const selects = tenantTables.map((tb) => sql`(select count(*) from ${sql.table(tb)})::int as ${sql.ref(tb)}`);
  const r = await sql<Record<string, number>>`select ${sql.join(selects)}`.execute(t.deps.db);
  return r.rows[0] ?? {};
}

// ------------------------------------------------------------ the sweep

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  await seedDemo(t.deps);
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  for (const r of t.app.apiRoutes) access.set(`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access);
  const cols = await sql<{ name: string }>`
    select distinct table_name as name from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id' and table_name not like 'v\_%'
    order by 1`.execute(t.deps.db);
  tenantTables = cols.rows.map((r) => r.name);
  const company = await call('superAdmin', {
    method: 'POST',
    url: '/api/companies',
    payload: { name: 'Fuzz SpA', country: 'CL' },
  });
  byName.fuzzCompany = company.json().id;
  const user = await call('admin', {
    method: 'POST',
    url: '/api/users',
    payload: { name: 'Fuzz User', email: 'fuzz.user@example.cl', role: 'frontdesk' },
  });
  byName.fuzzUser = user.json().id ?? user.json().user?.id;
  // one record of each company list the demo data lacks, so that their {id} routes reach a real row
  const dni = '11111111-1';
  const made = [
    await call('admin', { method: 'POST', url: '/api/api-clients', payload: { name: 'fuzz client' } }),
    await call('admin', { method: 'POST', url: '/api/tags', payload: { name: 'fuzz tag' } }),
    await call('admin', { method: 'POST', url: '/api/blacklist-reasons', payload: { text: 'fuzz reason' } }),
    await call('admin', { method: 'POST', url: '/api/blacklists', payload: { dni, name: 'Fuzz Person' } }),
    await call('admin', { method: 'POST', url: '/api/list-interns', payload: { dni, name: 'Fuzz Person' } }),
    await call('superAdmin', {
      method: 'POST',
      url: '/api/risk-cities',
      payload: { name: 'Fuzz City', city: 'Fuzz City' },
    }),
    await call('superAdmin', { method: 'POST', url: '/api/keywords', payload: { name: 'fuzzword', word: 'fuzzword' } }),
  ];
  for (const r of made) expect(r.statusCode, r.body).toBeLessThan(300);
  await collectIds();
  const tx = await call('admin', {
    method: 'POST',
    url: '/api/transactions',
    payload: { dni: byName.dni, fichaId: ids.get('/api/fichas-clientes'), divisa: 'CLP', amount: 1000 },
  });
  if (tx.statusCode === 200) ids.set('/api/transactions', tx.json().id);
}, 1_200_000);
afterAll(async () => {
  await t?.close();
});

describe('schema-driven fuzzing of every route of the OpenAPI document', () => {
  it(`never answers 5xx, and a refused write changes nothing (seed ${SEED}, ${RUNS} per route)`, async () => {
    const routes: Route[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const r = { method: method.toUpperCase(), path, op };
        if (!SKIP.has(`${r.method} ${path}`)) routes.push(r);
      }
    }
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    let realIds = 0;
    let withPathIds = 0;
    const noRealIds: string[] = [];
    let writesChecked = 0;
    const started = Date.now();
    for (const [i, route] of routes.entries()) {
      const who = callerFor(access.get(`${route.method} ${route.path}`));
      const cases = fc.sample(caseArb(route), { seed: SEED + i, numRuns: RUNS });
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      if (names.length) withPathIds++;
      if (names.some((n) => realParam(route, n) !== ZERO_ID)) realIds++;
      else if (names.length) noRealIds.push(route.path);
      for (const c of cases) {
        const url = urlOf(route, c);
        const write = route.method !== 'GET';
        const target =
          write && route.method !== 'POST' && doc.paths[route.path]?.get ? urlOf(route, { ...c, query: {} }) : null;
        const signInsBefore = signIns;
        // (read first: some reads are audited on purpose, e.g. an allegation's detail)
        const targetBefore = target ? (await call(who, { method: 'GET', url: target })).body : null;
        // (the list changes of earlier requests enqueue monitoring jobs after their answer: let that settle first)
        if (write) await startedState()?.idle();
        const before = write ? await tableCounts() : null;
        const payload =
          c.body instanceof RawJson ? c.body.text : c.body === undefined ? undefined : JSON.stringify(c.body);
        const res = await call(who, {
          method: route.method as 'GET',
          url,
          payload,
          headers: payload === undefined ? {} : { 'content-type': 'application/json' },
        });
        requests++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const what = `${route.method} ${url.slice(0, 300)} [${c.part}] body=${(payload ?? '').slice(0, 300)}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what} -> ${res.body.slice(0, 300)}`);
        // (a sign-in again in between writes its own session and audit rows)
        if (write && res.statusCode >= 400 && res.statusCode < 500 && before && signIns === signInsBefore) {
          writesChecked++;
          await startedState()?.idle();
          const after = await tableCounts();
          const allowed = RECORDS_REFUSAL[`${route.method} ${route.path}`] ?? [];
          const changed = Object.keys(after).filter((k) => after[k] !== before[k] && !allowed.includes(k));
          if (changed.length)
            failures.push(`rows changed by a refused ${res.statusCode} ${what}: ${changed.join(', ')}`);
          if (target) {
            const targetAfter = (await call(who, { method: 'GET', url: target })).body;
            if (targetAfter !== targetBefore) failures.push(`target changed by a refused ${res.statusCode} ${what}`);
          }
        }
        if (res.statusCode === 401 && who) failures.push(`the session of ${who} was lost at ${what}`);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz: ${requests} requests over ${routes.length} routes (${realIds} of ${withPathIds} with path parameters ` +
        `given real ids; none for ${[...new Set(noRealIds)].join(' ')}), ` +
        `${writesChecked} refused writes checked for row changes, ${seconds} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `sessions ended: ${sessionsEnded.join('; ') || 'none'}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
    expect(routes.length).toBeGreaterThan(150);
  }, 1_200_000);
});
