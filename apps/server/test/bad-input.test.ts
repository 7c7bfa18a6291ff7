import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListFilter } from '../src/lib/filter';
import { registerErrorHandling } from '../src/plugins/errors';
import { createTestApp, type TestApp } from './harness';

// Issue 17, item 2: bad input answers a 4xx naming what is wrong, never a 500. One test per example of the issue.
let t: TestApp;
let adminId: string;
let tagId: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  adminId = (await t.call({ as: 'admin', method: 'GET', url: '/api/users/me' })).json().user.id;
  const tag = await t.call({ as: 'admin', method: 'POST', url: '/api/tags', payload: { name: 'bad-input' } });
  expect(tag.statusCode, tag.body).toBe(200);
  tagId = tag.json().id;
});
afterAll(async () => {
  await t?.close();
});

const NUL = 'a\u0000b';
const LONE = '\ud800';
const q = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));

function expectRefused(res: LightMyRequestResponse, field: string, code = 'INVALID_CHARACTERS') {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ statusCode: 400, code, field });
  expect(res.json().message).toContain(field);
}

describe('NUL characters and lone surrogates answer 400 naming the field', () => {
  it('PATCH /api/users/{id}: the name is refused and the user is unchanged', async () => {
    for (const bad of [NUL, LONE]) {
      const res = await t.call({ as: 'admin', method: 'PATCH', url: `/api/users/${adminId}`, payload: { name: bad } });
      expectRefused(res, 'name');
    }
    const me = (await t.call({ as: 'admin', method: 'GET', url: '/api/users/me' })).json();
    expect(me.user.name).toBe('CL admin');
  });

  it('the message is in the caller language', async () => {
    const es = await t.call({ as: 'admin', method: 'PATCH', url: `/api/users/${adminId}`, payload: { name: NUL } });
    const br = await t.call({
      as: 'admin',
      company: 'br',
      method: 'PATCH',
      url: `/api/users/${adminId}`,
      payload: { name: NUL },
    });
    const en = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${adminId}`,
      payload: { name: NUL },
      headers: { authorization: `Bearer ${await t.token('superAdmin')}`, 'accept-language': 'en' },
    });
    expect(new Set([es.json().message, br.json().message, en.json().message]).size).toBe(3);
    expect(en.json().message).toMatch(/^Invalid value in name/);
  });

  it('POST and PATCH /api/consultations', async () => {
    const body = { divisa: 'CLP', transactionDate: '2025-01-10', referenceNumber: NUL, associates: [] };
    expectRefused(
      await t.call({ as: 'admin', method: 'POST', url: '/api/consultations', payload: body }),
      'referenceNumber',
    );
    const nested = { divisa: 'CLP', associates: [{ dni: '1-9', type: 'natural', newFicha: { name: LONE } }] };
    expectRefused(
      await t.call({ as: 'admin', method: 'POST', url: '/api/consultations', payload: nested }),
      'associates.0.newFicha.name',
    );
    const id = '00000000-0000-4000-8000-000000000000';
    expectRefused(
      await t.call({
        as: 'admin',
        method: 'PATCH',
        url: `/api/consultations/${id}`,
        payload: { transactionComments: NUL },
      }),
      'transactionComments',
    );
  });

  it('POST /api/api-clients, POST /api/positions, POST and PATCH /api/tags', async () => {
    expectRefused(
      await t.call({ as: 'admin', method: 'POST', url: '/api/api-clients', payload: { name: NUL } }),
      'name',
    );
    expectRefused(await t.call({ as: 'admin', method: 'POST', url: '/api/positions', payload: { name: NUL } }), 'name');
    expectRefused(await t.call({ as: 'admin', method: 'POST', url: '/api/tags', payload: { name: LONE } }), 'name');
    expectRefused(
      await t.call({ as: 'admin', method: 'PATCH', url: `/api/tags/${tagId}`, payload: { name: NUL } }),
      'name',
    );
  });

  it('PATCH /api/companies/{id} and PUT /api/risk-configuration', async () => {
    expectRefused(
      await t.call({
        as: 'superAdmin',
        method: 'PATCH',
        url: `/api/companies/${t.companies.cl}`,
        payload: { name: NUL },
      }),
      'name',
    );
    const company = (await t.call({ as: 'superAdmin', method: 'GET', url: `/api/companies/${t.companies.cl}` })).json();
    expect(company.name).not.toContain('\u0000');
    expectRefused(
      await t.call({
        as: 'admin',
        method: 'PUT',
        url: '/api/risk-configuration',
        payload: { weights: { customerType: NUL } },
      }),
      'weights.customerType',
    );
  });

  it('search texts of /api/informes/tabla-consultas and /api/consultations-resume; GET /api/outbox?to=%00', async () => {
    expectRefused(
      await t.call({ as: 'admin', method: 'POST', url: '/api/informes/tabla-consultas', payload: { search: NUL } }),
      'search',
    );
    expectRefused(await t.call({ as: 'admin', method: 'GET', url: '/api/consultations-resume?search=%00' }), 'search');
    expectRefused(await t.call({ as: 'superAdmin', method: 'GET', url: '/api/outbox?to=%00' }), 'to');
  });

  it('a path parameter', async () => {
    expectRefused(await t.call({ as: 'admin', method: 'GET', url: '/api/fichas-clientes/by-dni/a%00b' }), 'dni');
  });

  it('inside the JSON of a LoopBack filter or where', async () => {
    expectRefused(
      await t.call({ as: 'admin', method: 'GET', url: `/api/blacklists?filter=${q({ where: { name: NUL } })}` }),
      'where.name',
    );
    expectRefused(
      await t.call({ as: 'admin', method: 'GET', url: `/api/blacklists/count?where=${q({ name: { like: LONE } })}` }),
      'where.name.like',
    );
  });
});

describe('prototype names in a LoopBack filter or where answer 400 naming the field', () => {
  const filters: [unknown, string][] = [
    [{ where: { __proto__: 1 } }, 'where.__proto__'],
    [{ where: { constructor: 1 } }, 'where.constructor'],
    [{ where: { toString: 'x' } }, 'where.toString'],
    [{ where: { hasOwnProperty: { eq: 1 } } }, 'where.hasOwnProperty'],
    [{ order: 'constructor ASC' }, 'filter.order[0]'],
    [{ order: ['__proto__ DESC'] }, 'filter.order[0]'],
  ];
  // JSON.stringify drops a literal __proto__ key, so the text is written by hand
  const text = (f: unknown) => JSON.stringify(f).replace('"where":{}', '"where":{"__proto__":1}');

  it('on every list route with a filter and every count route with a where', async () => {
    const doc = (await t.call({ as: 'superAdmin', method: 'GET', url: '/api/docs/json' })).json();
    let lists = 0;
    let counts = 0;
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>,
    )) {
      const get = ops.get;
      if (!get || path.includes('{')) continue;
      const names = (get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const superOnly = ['/api/users', '/api/companies', '/api/people'].some((p) => path.startsWith(p));
      // the whistleblowing channel's lists answer only its own roles (the company administrator gets 403 first)
      const as = superOnly ? 'superAdmin' : path.startsWith('/api/denuncia') ? 'denouncesAdmin' : 'admin';
      if (names.includes('filter')) {
        lists++;
        for (const [f, field] of filters) {
          const res = await t.call({ as, method: 'GET', url: `${path}?filter=${encodeURIComponent(text(f))}` });
          expect(res.statusCode, `${path} ${text(f)}: ${res.body}`).toBeLessThan(500);
          // lists that read only limit/skip (users, companies) may ignore the where; those that read it answer 400
          // (a match call first asks for the name it matches)
          const named = res.statusCode === 400 && res.json().code === 'VALIDATION_ERROR' && !path.endsWith('/match');
          if (named) expect(res.json().field, path).toBe(field);
        }
      }
      if (names.includes('where')) {
        counts++;
        for (const [f, field] of filters.slice(0, 4)) {
          const where = text(f).replace(/^\{"where":(.*)\}$/, '$1');
          const res = await t.call({ as, method: 'GET', url: `${path}?where=${encodeURIComponent(where)}` });
          expect(res.statusCode, `${path} ${where}: ${res.body}`).toBe(400);
          expect(res.json().field).toBe(field);
        }
      }
    }
    expect(lists).toBeGreaterThan(10);
    expect(counts).toBeGreaterThan(10);
  });

  it('the named list routes of the issue answer 400 with the field', async () => {
    for (const path of [
      '/api/consultations',
      '/api/blacklists',
      '/api/list-interns',
      '/api/search-logs',
      '/api/ofac',
    ]) {
      for (const [f, field] of filters) {
        const res = await t.call({ as: 'admin', method: 'GET', url: `${path}?filter=${encodeURIComponent(text(f))}` });
        expect(res.statusCode, `${path} ${text(f)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
      }
    }
  });
});

describe('limit and skip are bounded', () => {
  it('filter={"skip":1e20} on /api/users and /api/companies answers 400 naming filter.skip', async () => {
    for (const path of ['/api/users', '/api/companies']) {
      const res = await t.call({ as: 'superAdmin', method: 'GET', url: `${path}?filter=${q('{"skip":1e20}')}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'filter.skip' });
    }
  });
  it('skip up to 10,000,000 is a page (empty), one more is refused', async () => {
    const ok = await t.call({ as: 'admin', method: 'GET', url: `/api/blacklists?filter=${q({ skip: 10_000_000 })}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual([]);
    const bad = await t.call({ as: 'admin', method: 'GET', url: `/api/blacklists?filter=${q({ skip: 10_000_001 })}` });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'filter.skip' });
  });
  it('a limit above the route maximum is refused', async () => {
    const res = await t.call({ as: 'admin', method: 'GET', url: `/api/blacklists?filter=${q({ limit: 1e20 })}` });
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'filter.limit' });
    // a route may set a smaller maximum (listAndCountRoutes' maxLimit)
    expect(() => parseListFilter('{"limit":50}', { max: 20 })).toThrow(
      expect.objectContaining({ field: 'filter.limit' }),
    );
    expect(parseListFilter('{"limit":20}', { max: 20 }).limit).toBe(20);
  });
  it('a limit or skip that is an object answers 400, not a TypeError', async () => {
    const limit = { toString: 'x', valueOf: 1 };
    const res = await t.call({ as: 'admin', method: 'GET', url: `/api/transactions?filter=${q({ limit })}` });
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'filter.limit' });
    const skip = await t.call({ as: 'admin', method: 'GET', url: `/api/blacklist-reasons?filter=${q({ skip: {} })}` });
    expect(skip.json()).toMatchObject({ statusCode: 400, field: 'filter.skip' });
  });
});

describe('a LoopBack where that the database cannot hold', () => {
  it('a date out of the database range answers 400 naming the field', async () => {
    for (const d of ['-200000-01-01', '+200000-01-01']) {
      const res = await t.call({
        as: 'admin',
        method: 'GET',
        url: `/api/blacklists?filter=${q({ where: { createdAt: { gt: d } } })}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'where.createdAt.gt' });
    }
  });
  it('a where nested thousands of levels deep answers 400, not a stack overflow', async () => {
    const deep = `${'{"or":[{"and":['.repeat(3000)}{"name":"x"}${']}]}'.repeat(3000)}`;
    for (const path of ['/api/blacklists/count', '/api/fichas-clientes/count', '/api/search-logs/count']) {
      const res = await t.call({ as: 'admin', method: 'GET', url: `${path}?where=${encodeURIComponent(deep)}` });
      expect(res.json(), path).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', field: 'where' });
    }
  });
  it('an unparseable where on /api/tags/count answers 400', async () => {
    const res = await t.call({ as: 'admin', method: 'GET', url: '/api/tags/count?where=%7B' });
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', field: 'where' });
  });
});

describe('a body above the limit answers 413 PAYLOAD_TOO_LARGE', () => {
  const big = JSON.stringify({ name: 'x'.repeat(2_500_000) });
  for (const [method, url] of [
    ['POST', '/api/oauth/token'],
    ['PATCH', '/api/consultations/public/00000000-0000-4000-8000-000000000000'],
  ] as const) {
    it(`${method} ${url}`, async () => {
      const res = await t.app.inject({
        method,
        url,
        payload: big,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        statusCode: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request is too large: at most 2 MB',
      });
    });
  }
});

describe('a body above the limit over a real socket answers 413 PAYLOAD_TOO_LARGE', () => {
  it('with a Content-Length and streamed in chunks', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const text = JSON.stringify({ name: 'x'.repeat(2_500_000) });
    for (const [method, path] of [
      ['POST', '/api/oauth/token'],
      ['PATCH', '/api/consultations/public/00000000-0000-4000-8000-000000000000'],
    ]) {
      for (const body of [text, new Blob([text]).stream()]) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method,
          headers: { 'content-type': 'application/json', 'accept-language': 'pt-BR' },
          body,
          duplex: 'half',
        } as RequestInit);
        expect(res.status).toBe(413);
        expect(await res.json()).toEqual({
          statusCode: 413,
          code: 'PAYLOAD_TOO_LARGE',
          message: 'A solicitação é grande demais: no máximo 2 MB',
        });
      }
    }
  });
});

describe('database errors that are the caller fault', () => {
  async function answer(err: Record<string, unknown>) {
    const app = Fastify({ logger: false });
    const warned: unknown[] = [];
    registerErrorHandling(app);
    app.get('/x', async (req) => {
      req.log.warn = ((...a: unknown[]) => warned.push(a)) as never;
      throw Object.assign(new Error('db'), { severity: 'ERROR', ...err });
    });
    const res = await app.inject({ method: 'GET', url: '/x', headers: { 'accept-language': 'en' } });
    await app.close();
    return { status: res.statusCode, code: res.json().code, warned: warned.length };
  }
  it('map by SQLSTATE to 400, 404 and 409, logged at warn; others stay 500', async () => {
    for (const s of ['22P02', '22021', '22001', '22003', '22008', '22P05', '22007']) {
      expect(await answer({ code: s }), s).toEqual({ status: 400, code: 'INVALID_VALUE', warned: 1 });
    }
    expect(await answer({ code: '23505' })).toEqual({ status: 409, code: 'CONFLICT', warned: 1 });
    expect(await answer({ code: '23503', detail: 'Key (ficha_id)=(x) is not present in table "fichas".' })).toEqual({
      status: 404,
      code: 'REFERENCE_NOT_FOUND',
      warned: 1,
    });
    expect(await answer({ code: '23503', detail: 'Key (id)=(x) is still referenced from table "y".' })).toEqual({
      status: 409,
      code: 'CONFLICT',
      warned: 1,
    });
    expect(await answer({ code: '42P01' })).toMatchObject({ status: 500, code: 'INTERNAL', warned: 0 });
    expect(await answer({ code: 'ENOENT', severity: undefined })).toMatchObject({ status: 500, code: 'INTERNAL' });
  });
});
