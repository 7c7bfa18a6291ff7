import { COMPANY_ROLES, can, type PermissionKey, type Role } from '@regcheck/shared';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/demo-seed';
import type { RouteAccess } from '../src/plugins/context';
import { createTestApp, type TestApp } from './harness';

/*
 * The cross-tenant sweep (issue 17, 5a). Every route of the OpenAPI document with an id in its path or its body is
 * called by the Brazilian demo company's user who may call it, with the CHILEAN company's ids. Each call must
 * answer 404 and change nothing: every tenant table (every table with a company_id) is fingerprinted (row count
 * and a hash of its rows) before and after. A new route is swept without writing anything here: its ids are found
 * in the document (path parameters, `…Id`/`…Ids` fields of its body) and its resource from its first path segment
 * (an unknown resource is called with every kind of Chilean id).
 *
 * A call answered with another 4xx is repeated with the Brazilian company's own ids (the control): when the control
 * answers the same status the refusal does not depend on the id (a policy rule, a body the generator cannot make
 * valid) and the route is reported as "refused regardless"; when the control passes, the other company's id was
 * told apart from a missing one: a failure.
 */

type Kind =
  | 'ficha'
  | 'operation'
  | 'transaction'
  | 'relationship'
  | 'tag'
  | 'blacklist'
  | 'blacklistReason'
  | 'listIntern'
  | 'user'
  | 'notification'
  | 'searchLog'
  | 'apiClient'
  | 'company';
const KINDS: Kind[] = [
  'ficha',
  'operation',
  'transaction',
  'relationship',
  'tag',
  'blacklist',
  'blacklistReason',
  'listIntern',
  'user',
  'notification',
  'searchLog',
  'apiClient',
  'company',
];
type Ids = Record<Kind, string> & { dni: string; fileName: string };

/** The record a route's `{id}` names, by the first segment of its path; null: global data, not a company's. */
const RESOURCES: Record<string, Kind | null> = {
  users: 'user',
  companies: 'company',
  'api-clients': 'apiClient',
  consultations: 'operation',
  transactions: 'transaction',
  'search-logs': 'searchLog',
  'list-interns': 'listIntern',
  blacklists: 'blacklist',
  'blacklist-reasons': 'blacklistReason',
  'fichas-clientes': 'ficha',
  'fichas-clientes-beneficiaries': 'ficha',
  'automatic-relations': 'ficha',
  files: 'ficha',
  'ficha-relationship': 'relationship',
  tags: 'tag',
  notifications: 'notification',
  // global: list sources, public lists and their entries, feature flags, the captcha
  lists: null,
  gafi: null,
  interpol: null,
  keywords: null,
  ofac: null,
  onu: null,
  pdi: null,
  rtp: null,
  'risk-cities': null,
  'feature-flags': null,
  captcha: null,
  // a list entry whole (issue 15): global data
  screening: null,
};

/** The kind of record a body field names (`fichaId`, `relatedFichaId`, `consultationIds`...). */
const FIELD_KINDS: [RegExp, Kind][] = [
  [/ficha/i, 'ficha'],
  [/operation|consultation/i, 'operation'],
  [/transaction/i, 'transaction'],
  [/relationship/i, 'relationship'],
  [/reason/i, 'blacklistReason'],
  [/blacklist/i, 'blacklist'],
  [/intern/i, 'listIntern'],
  [/searchLog/i, 'searchLog'],
  [/notification/i, 'notification'],
  [/client/i, 'apiClient'],
  [/compan/i, 'company'],
  [/user/i, 'user'],
  [/tag/i, 'tag'],
];

const ID_FIELD = /^(id|ids)$|Ids?$/;

/**
 * Body fields that look like ids but name no record of ours: `personId` is the ficha's identifier in the company's
 * own systems (a "System" field of spec 000), stored as given. Any other `…Id` whose kind is not known above is
 * tried with every kind of the other company's ids.
 */
const NOT_REFERENCES = new Set(['personId']);
const RANDOM_ID = '7d3c6a52-3b1e-4c8e-9f41-2a6b0c9d8e17';

interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}
interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const isUuid = (s: JsonSchema | undefined): boolean =>
  !!s && (s.format === 'uuid' || (s.type === 'array' && isUuid(s.items)) || (s.anyOf ?? []).some(isUuid));

function kindOfField(key: string, resource: Kind | null | undefined): Kind | 'any' | null {
  if (NOT_REFERENCES.has(key)) return null;
  if (key === 'id' || key === 'ids') return resource === undefined ? 'any' : resource;
  for (const [re, kind] of FIELD_KINDS) if (re.test(key)) return kind;
  return 'any';
}

function containsId(s: JsonSchema | undefined, depth = 0): boolean {
  if (!s || depth > 6) return false;
  if (
    s.properties &&
    Object.entries(s.properties).some(
      ([k, v]) => (ID_FIELD.test(k) && !NOT_REFERENCES.has(k) && isUuid(v)) || containsId(v, depth + 1),
    )
  )
    return true;
  return [s.items, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].some((x) => containsId(x, depth + 1));
}

/** The names of the id fields of a body schema, at any depth. */
function idFieldsOf(s: JsonSchema | undefined, depth = 0): string[] {
  if (!s || depth > 6) return [];
  const own = Object.entries(s.properties ?? {}).flatMap(([k, v]) => [
    ...(ID_FIELD.test(k) && !NOT_REFERENCES.has(k) && isUuid(v) ? [k] : []),
    ...idFieldsOf(v, depth + 1),
  ]);
  const nested = [s.items, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap((x) =>
    idFieldsOf(x, depth + 1),
  );
  return [...own, ...nested];
}

/** A minimal value of the schema (required fields and the branches holding an id); `idOf` fills each id field. */
function sample(s: JsonSchema, idOf: (key: string) => string | null, key = ''): unknown {
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x) => sample(x, idOf, key)));
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sample(alt.find((x) => x.type !== 'null') ?? (alt[0] as JsonSchema), idOf, key);
  if (ID_FIELD.test(key) && isUuid(s)) {
    const id = idOf(key) ?? RANDOM_ID;
    return s.type === 'array' ? [id] : id;
  }
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        const isReference = ID_FIELD.test(k) && !NOT_REFERENCES.has(k) && isUuid(v);
        if ((s.required ?? []).includes(k) || isReference || containsId(v)) out[k] = sample(v, idOf, k);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 0, s.items && containsId(s.items) ? 1 : 0) }, () =>
        sample(s.items ?? {}, idOf, ''),
      );
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum ? 1 : 0) : 1;
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'uuid') return RANDOM_ID;
      if (s.format === 'email') return 'sweep@example.test';
      if (s.pattern?.includes('\\d{4}')) return '2025-01-02';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return s.default ?? null;
  }
}

interface Call {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

let t: TestApp;
let pdf: Buffer;
const ids: { cl: Ids; br: Ids } = { cl: {} as Ids, br: {} as Ids };
let tenantTables: string[] = [];

async function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Records of every kind in one company (created through the API where the demo data has none). */
async function seed(company: 'cl' | 'br'): Promise<Ids> {
  const companyId = t.companies[company];
  const as = 'admin';
  const post = (url: string, payload: Record<string, unknown>) => t.call({ as, company, method: 'POST', url, payload });
  const db = t.deps.db;
  const ficha = await db
    .selectFrom('fichas')
    .select(['id', 'dni'])
    .where('companyId', '=', companyId)
    .orderBy('createdAt')
    .executeTakeFirstOrThrow();
  const operation = await db
    .selectFrom('operations')
    .select('id')
    .where('companyId', '=', companyId)
    .where('state', '=', 'open')
    .orderBy('codigo')
    .executeTakeFirstOrThrow();
  const relationship = await db
    .selectFrom('fichaRelationships')
    .select('id')
    .where('companyId', '=', companyId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('companyId', '=', companyId)
    .where('role', '=', 'userMonitoring')
    .executeTakeFirstOrThrow();
  const transaction = await ok(
    await post('/api/transactions', {
      dni: ficha.dni,
      divisa: 'USD',
      amount: 10,
      fichaId: ficha.id,
      operationId: operation.id,
    }),
    'transaction',
  );
  const upload = await t.call({
    as,
    company,
    method: 'POST',
    url: `/api/transactions/${transaction.id}/upload-files`,
    ...multipartPdf(),
  });
  const fileName = String((await ok(upload, 'transaction file')).url)
    .split('/')
    .pop() as string;
  const tag = await ok(await post('/api/tags', { name: `sweep-${company}`, appliesTo: 'fichas' }), 'tag');
  const reason = await ok(await post('/api/blacklist-reasons', { text: `sweep ${company}` }), 'reason');
  const blacklist = await ok(
    await post('/api/blacklists', { dni: `77.${company === 'cl' ? 1 : 2}`, reasonId: reason.id }),
    'blacklist',
  );
  const intern = await ok(await post('/api/list-interns', { dni: `88.${company === 'cl' ? 1 : 2}` }), 'list intern');
  const log = await ok(await post('/api/search-logs', { name: 'sweep', dni: '1' }), 'search log');
  const client = await ok(await post('/api/api-clients', { name: `sweep ${company}` }), 'api client');
  let notification = await db
    .selectFrom('notifications')
    .select('id')
    .where('companyId', '=', companyId)
    .executeTakeFirst();
  if (!notification)
    notification = await db
      .insertInto('notifications')
      .values({ companyId, title: 'sweep', description: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
  return {
    ficha: ficha.id,
    dni: ficha.dni,
    operation: operation.id,
    transaction: transaction.id,
    fileName,
    relationship: relationship.id,
    tag: tag.id,
    blacklist: blacklist.id,
    blacklistReason: reason.id,
    listIntern: intern.id,
    user: user.id,
    notification: notification.id,
    searchLog: log.id,
    apiClient: client.client.id,
    company: companyId,
  };
}

/** Row count and a hash of the rows of every tenant table (sessions left out: each request touches its own). */
async function fingerprint(): Promise<Map<string, string>> {
  const parts = tenantTables.map(
    (name) =>
      `select '${name}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as f from ${name} x`,
  );
  const rows = await sql.raw<{ t: string; f: string }>(parts.join(' union all ')).execute(t.deps.db);
  return new Map(rows.rows.map((r) => [r.t, r.f]));
}

function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()].filter((k) => a.get(k) !== b.get(k));
}

/** The Brazilian role that may call a route: the administrator when they may, else the first role that may. */
function brRoleFor(access: RouteAccess | undefined): Role | null {
  if (!access || access === 'public') return null;
  if (access === 'authenticated') return 'admin';
  const keys: PermissionKey[] = Array.isArray(access) ? access : [access];
  const roles: Role[] = ['admin', ...COMPANY_ROLES.filter((r) => r !== 'admin')];
  return (
    roles.find((role) => keys.some((k) => can({ role, company: { country: 'BR', massiveBulks: false } }, k))) ?? null
  );
}

interface Target {
  method: string;
  path: string;
  role: Role;
  /** the kinds an ambiguous id (an unknown resource's `{id}`, a body's bare `ids`) is tried as */
  kinds: (Kind | 'any')[];
  hasPathId: boolean;
  hasBodyId: boolean;
  /** the call with the path's ids of one company and the body's ids of another */
  build: (pathIds: Ids, bodyIds: Ids, kind: Kind | 'any') => Call;
}

/** Values the generator cannot guess (a valid document for a participant), merged over the generated body. */
const EXAMPLES: Record<string, (own: Ids) => Record<string, unknown>> = {
  'POST /api/consultations': (own) => ({ divisa: 'BRL', associates: [{ dni: own.dni, type: 'natural', monto: 1 }] }),
  'PATCH /api/consultations/{id}': (own) => ({ associates: [{ dni: own.dni, type: 'natural', monto: 1 }] }),
};

function merge(base: unknown, over: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(over)) return over.map((o, i) => (i < base.length ? merge(base[i], o) : o));
  if (base && over && typeof base === 'object' && typeof over === 'object' && !Array.isArray(over)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(over)) out[k] = merge(out[k], v);
    return out;
  }
  return over;
}

function multipartPdf() {
  const boundary = '----sweep';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const isIdParam = (p: { name: string; schema: JsonSchema }) =>
  p.name === 'id' || p.name === 'dni' || /Id$/.test(p.name) || !!p.schema.pattern?.includes('pdf');

function targetsOf(
  doc: { paths: Record<string, Record<string, Operation>> },
  routes: { method: string; url: string; access: RouteAccess }[],
) {
  const targets: Target[] = [];
  const skipped: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
      const access = routes.find((r) => r.method === method && r.url === fastifyPath)?.access;
      const segment = path.split('/')[2] ?? '';
      const resource = segment in RESOURCES ? RESOURCES[segment] : undefined;
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      const body = op.requestBody?.content?.['application/json']?.schema;
      const hasPathId = pathParams.some(isIdParam);
      const hasBodyId = containsId(body);
      if (!hasPathId && !hasBodyId) continue;
      const label = `${method} ${path}`;
      if (resource === null) {
        skipped.push(`${label} (global data)`);
        continue;
      }
      const role = brRoleFor(access);
      if (!role) {
        skipped.push(`${label} (${access === 'public' ? 'public' : 'no company role may call it'})`);
        continue;
      }
      const ambiguous =
        (resource === undefined && pathParams.some((p) => p.name === 'id')) ||
        idFieldsOf(body).some((k) => kindOfField(k, resource) === 'any');
      const kinds: (Kind | 'any')[] = ambiguous ? KINDS : ['any'];
      const example = EXAMPLES[label];
      const build = (pathIds: Ids, bodyIds: Ids, kind: Kind | 'any'): Call => {
        const idOf = (own: Ids) => (key: string) => {
          const named = kindOfField(key, resource);
          const k = named === 'any' ? kind : named;
          return k === 'any' || k === null ? RANDOM_ID : own[k];
        };
        let url = path;
        for (const p of pathParams) {
          let v: string;
          if (p.name === 'dni') v = pathIds.dni;
          else if (p.schema.pattern?.includes('pdf')) v = pathIds.fileName;
          else if (p.name === 'id' || (/Id$/.test(p.name) && p.schema.format === 'uuid')) v = idOf(pathIds)(p.name);
          else v = String(sample(p.schema, () => null));
          url = url.replace(`{${p.name}}`, encodeURIComponent(v));
        }
        if (body) {
          const generated = sample(body, idOf(bodyIds));
          return { method, url, payload: example ? merge(generated, example(ids.br)) : generated };
        }
        if (method === 'POST' || method === 'PUT') return { method, url, ...multipartPdf() };
        return { method, url };
      };
      targets.push({ method, path, role, kinds, hasPathId, hasBodyId, build });
    }
  }
  return { targets, skipped };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  const doc = await PDFDocument.create();
  doc.addPage();
  pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
  await seedDemo(t.deps);
  ids.cl = await seed('cl');
  ids.br = await seed('br');
  await t.deps.queue.drain();
  const tables = await sql<{ tableName: string }>`select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id' and table_name <> 'sessions'
    order by table_name`.execute(t.deps.db);
  tenantTables = tables.rows.map((r) => r.tableName);
  // every Brazilian role signs in now, so that no sign-in happens between two fingerprints
  for (const role of COMPANY_ROLES) await t.token(role, 'br').catch(() => undefined);
}, 1_200_000);
afterAll(async () => {
  await t?.close();
});

describe("the other company's ids, in the path or the body, answer 404 and change nothing", () => {
  it('sweeps every route of the OpenAPI document that names an id', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const { targets, skipped } = targetsOf(doc, t.app.apiRoutes);
    const leaks: string[] = [];
    const refusedRegardless: string[] = [];
    let calls = 0;
    let notFound = 0;
    for (const target of targets) {
      for (const kind of target.kinds) {
        // the other company's ids everywhere; and, when the path names a record too, the caller's own record in the
        // path with the other company's ids in the body
        const variants: [Ids, Ids][] = [[ids.cl, ids.cl]];
        if (target.hasPathId && target.hasBodyId) variants.push([ids.br, ids.cl]);
        for (const [pathIds, bodyIds] of variants) {
          const call = target.build(pathIds, bodyIds, kind);
          const shown = call.payload && !Buffer.isBuffer(call.payload) ? ` ${JSON.stringify(call.payload)}` : '';
          const label = `${target.role}@br ${call.method} ${call.url}${shown}`;
          const as = { as: target.role, company: 'br' as const };
          const before = await fingerprint();
          const res = await t.call({ ...as, ...call } as Parameters<TestApp['call']>[0]);
          await t.deps.queue.drain();
          const after = await fingerprint();
          calls++;
          const diff = changed(before, after);
          if (diff.length) leaks.push(`${label}: ${res.statusCode}, changed ${diff.join(', ')}`);
          if (res.statusCode === 404) {
            notFound++;
            continue;
          }
          if (res.statusCode < 400 || res.statusCode >= 500) {
            // a document is no id: a route that answers for an unknown document as for the other company's
            // (a count of 0) tells nothing
            if (target.path.includes('{dni}') && res.statusCode < 300) {
              const unknown = await t.call({
                ...as,
                ...target.build({ ...pathIds, dni: '99999999-9' }, bodyIds, kind),
              } as Parameters<TestApp['call']>[0]);
              if (unknown.statusCode === res.statusCode && unknown.body === res.body) continue;
            }
            leaks.push(`${label}: answered ${res.statusCode} ${res.body.slice(0, 200)}`);
            continue;
          }
          // another refusal: does it depend on the id? the same call with the caller's own ids tells
          const control = await t.call({ ...as, ...target.build(ids.br, ids.br, kind) } as Parameters<
            TestApp['call']
          >[0]);
          await t.deps.queue.drain();
          if (control.statusCode === res.statusCode) {
            refusedRegardless.push(`${target.method} ${target.path}: ${res.statusCode} ${res.json().code ?? ''}`);
          } else {
            leaks.push(
              `${label}: answered ${res.statusCode} ${res.body.slice(0, 160)} where its own ids answer ${control.statusCode}`,
            );
          }
        }
      }
    }
    console.info(
      [
        `cross-tenant sweep: ${targets.length} routes, ${calls} calls, ${notFound} answered 404, ${leaks.length} leaks`,
        `refused whatever the id (${refusedRegardless.length}):`,
        ...refusedRegardless.map((r) => `  ${r}`),
        `not swept (${skipped.length}):`,
        ...skipped.map((r) => `  ${r}`),
      ].join('\n'),
    );
    expect(leaks).toEqual([]);
    expect(targets.length).toBeGreaterThan(50);
    expect(notFound).toBeGreaterThan(50);
  }, 1_200_000);
});
