import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALFA_BETA_CNPJ, ANA_ROJAS_RUT, fichaIdOf, MARIA_CPF } from '../../../test/fichas-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  type Answer,
  PROVIDER_TEST_ENV,
  startProviderStub,
  withShortProviderTimeout,
} from '../../../test/provider-stub';

/**
 * Every adapter against a local HTTP server speaking its protocol with recorded answers: found, not found, timeout,
 * 429, 500 and malformed JSON; a failure is never cached and never counted against the contracted limit.
 */

let script: Record<string, Answer[]> = {};
const hits: { url: string; auth: string | undefined }[] = [];
let server: http.Server;
let base: string;

const BRASILAPI_FOUND = {
  cnpj: '44038188000132',
  razao_social: 'ALFA E BETA COMERCIO LTDA',
  nome_fantasia: 'ALFA BETA',
  situacao_cadastral: 2,
  descricao_situacao_cadastral: 'ATIVA',
  data_inicio_atividade: '2015-03-02',
  cnae_fiscal: 4751201,
  cnae_fiscal_descricao: 'Comércio varejista de informática',
  natureza_juridica: 'Sociedade Empresária Limitada',
  codigo_natureza_juridica: 2062,
  capital_social: 100000,
  opcao_pelo_simples: true,
  opcao_pelo_mei: false,
  qsa: [{ nome_socio: 'FULANO', qualificacao_socio: 'Sócio-Administrador' }],
  uf: 'SP',
  municipio: 'SAO PAULO',
};
const BRASILAPI_NOT_FOUND = {
  message: 'CNPJ 44.038.188/0001-32 não encontrado.',
  type: 'not_found',
  name: 'CnpjPromiseError',
};

let t: TestApp;
let cnpjFicha: string;
let cpfFicha: string;
let rutFicha: string;

async function configure(provider: string, body: Record<string, unknown>, company: 'cl' | 'br' = 'br') {
  const res = await t.put('superAdmin', `/api/providers/${t.companies[company]}/${provider}`, {
    baseUrl: base,
    requestLimit: null,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const registry = (id: string) => t.get({ as: 'frontdesk', company: 'br' }, `/api/person-records/${id}/registry`);
const cases = (id: string, type: string, q = '', company: 'cl' | 'br' = 'cl') =>
  t.get({ as: 'frontdesk', company }, `/api/person-records/${id}/court-cases/${type}${q}`);

beforeAll(async () => {
  ({ server, base } = await startProviderStub((req) => {
    hits.push({ url: req.url ?? '', auth: req.headers.authorization });
    return script[req.url ?? '']?.shift();
  }));
  t = await createTestApp(PROVIDER_TEST_ENV);
  cnpjFicha = await fichaIdOf(t, ALFA_BETA_CNPJ, { as: 'admin', company: 'br' });
  cpfFicha = await fichaIdOf(t, MARIA_CPF, { as: 'admin', company: 'br' });
  rutFicha = await fichaIdOf(t, ANA_ROJAS_RUT, { as: 'admin', company: 'cl' });
});
afterAll(async () => {
  await t?.close();
  server?.close();
});
beforeEach(() => {
  script = {};
  hits.length = 0;
});

describe('provider not configured', () => {
  it('answers the "not configured" state, never a result, and logs the call', async () => {
    const res = await registry(cnpjFicha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'notConfigured', person: { name: 'Alfa & Beta Ltda' } });
    expect(res.json().data).toBeUndefined();
    expect(hits).toHaveLength(0);
  });
});

describe('CNPJ (BrasilAPI protocol)', () => {
  beforeAll(async () => {
    const cfg = await configure('cnpj', { credentials: 'tok-123' });
    expect(cfg).toMatchObject({ hasCredentials: true, sample: false });
    expect(JSON.stringify(cfg)).not.toContain('tok-123');
  });

  it('a failure (500 twice) answers 502, is not cached: the next lookup calls again and finds', async () => {
    script['/cnpj/v1/44038188000132'] = [{ status: 500 }, { status: 500 }, { status: 200, body: BRASILAPI_FOUND }];
    const bad = await registry(cnpjFicha);
    expect(bad.statusCode).toBe(502);
    expect(bad.json().code).toBe('PROVIDER_UNAVAILABLE');
    expect(hits).toHaveLength(2); // one try + one retry
    const ok = await registry(cnpjFicha);
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json();
    expect(body).toMatchObject({ state: 'found', cached: false, sample: false });
    expect(body.data).toMatchObject({
      kind: 'cnpj',
      cnpj: '44038188000132',
      razao_social: 'ALFA E BETA COMERCIO LTDA',
      tradeName: 'ALFA BETA',
      situacao_cadastral: 'ATIVA',
      status: 'active',
      abertura_data: '2015-03-02',
      cnae: '4751201',
      legalNature: 'Sociedade Empresária Limitada',
      socialCapital: 100000,
      taxRegime: 'Simples Nacional',
      risk: 'low',
    });
    // the credentials went to the provider, decrypted
    expect(hits.at(-1)?.auth).toBe('Bearer tok-123');
  });

  it('serves the 24-hour cache without calling the provider again', async () => {
    const res = await registry(cnpjFicha);
    expect(res.json()).toMatchObject({ state: 'found', cached: true });
    expect(hits).toHaveLength(0);
  });

  it('stores the credentials encrypted at rest', async () => {
    const row = await t.deps.db
      .selectFrom('providerConfigs')
      .selectAll()
      .where('provider', '=', 'cnpj')
      .executeTakeFirstOrThrow();
    expect(row.credentialsEnc).not.toContain('tok-123');
    expect(row.credentialsEnc?.startsWith('v1.')).toBe(true);
  });

  it('a suspended registration raises the validator risk', async () => {
    await t.deps.db.deleteFrom('providerCache').execute();
    script['/cnpj/v1/44038188000132'] = [
      { status: 200, body: { ...BRASILAPI_FOUND, situacao_cadastral: 3, descricao_situacao_cadastral: 'SUSPENSA' } },
    ];
    const res = await registry(cnpjFicha);
    expect(res.json().data).toMatchObject({ status: 'suspended', risk: 'high', situacao_cadastral: 'SUSPENSA' });
  });

  it('not found (404) is an answer: state notFound, cached', async () => {
    await t.deps.db.deleteFrom('providerCache').execute();
    script['/cnpj/v1/44038188000132'] = [{ status: 404, body: BRASILAPI_NOT_FOUND }];
    const res = await registry(cnpjFicha);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'notFound', data: null });
    expect((await registry(cnpjFicha)).json()).toMatchObject({ state: 'notFound', cached: true });
  });

  it('timeout: retried, then 504 and nothing cached', async () => {
    await t.deps.db.deleteFrom('providerCache').execute();
    script['/cnpj/v1/44038188000132'] = [
      { status: 200, body: BRASILAPI_FOUND, delayMs: 20_000 },
      { status: 200, body: BRASILAPI_FOUND, delayMs: 20_000 },
    ];
    const res = await withShortProviderTimeout(t, () => registry(cnpjFicha));
    expect(res.statusCode).toBe(504);
    expect(res.json().code).toBe('PROVIDER_TIMEOUT');
    expect(hits).toHaveLength(2);
    const n = await t.deps.db.selectFrom('providerCache').select('cacheKey').execute();
    expect(n).toHaveLength(0);
  });

  it('429 then success: the retry after backoff answers', async () => {
    script['/cnpj/v1/44038188000132'] = [
      { status: 429, body: {} },
      { status: 200, body: BRASILAPI_FOUND },
    ];
    const res = await registry(cnpjFicha);
    expect(res.statusCode, res.body).toBe(200);
    expect(hits).toHaveLength(2);
  });

  it('malformed JSON and a body of another shape are provider errors, not cached', async () => {
    await t.deps.db.deleteFrom('providerCache').execute();
    script['/cnpj/v1/44038188000132'] = [
      { status: 200, raw: '{"cnpj": "4403' },
      { status: 200, body: { hello: 'world' } },
    ];
    expect((await registry(cnpjFicha)).statusCode).toBe(502);
    expect(hits).toHaveLength(1); // malformed is not retried
    expect((await registry(cnpjFicha)).statusCode).toBe(502);
    expect(await t.deps.db.selectFrom('providerCache').select('cacheKey').execute()).toHaveLength(0);
  });

  it('the contracted limit: once used up, the spec message in the caller language', async () => {
    await t.deps.db.deleteFrom('providerCache').execute();
    const used = (await configure('cnpj', {})).requestsUsed as number;
    await configure('cnpj', { requestLimit: used });
    const res = await registry(cnpjFicha);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PROVIDER_LIMIT_REACHED',
      message:
        'Não é possível fazer mais consultas, o limite contratado foi atingido; entre em contato com o Super Administrador',
    });
    expect(hits).toHaveLength(0);
    await configure('cnpj', { requestLimit: null });
  });
});

describe('CPF (our generic shape)', () => {
  it('found, with the deceased registration raising the risk', async () => {
    await configure('cpf', {});
    script['/cpf/v1/52998224725'] = [
      {
        status: 200,
        body: {
          cpf: '52998224725',
          nome: 'MARIA SOUZA',
          situacao_cadastral: 'TITULAR FALECIDO',
          data_nascimento: '1950-01-02',
          ano_obito: 2021,
          pis_pasep: '120.54478.29-1',
          nacionalidade: 'Brasileira',
        },
      },
    ];
    const res = await registry(cpfFicha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: 'cpf',
      name: 'MARIA SOUZA',
      ano_obito: '2021',
      pisPasep: '120.54478.29-1',
      nationality: 'Brasileira',
      status: 'deceased',
      risk: 'high',
    });
  });

  it('a Chilean RUT ficha cannot be looked up in the Brazilian registry', async () => {
    const res = await t.get('admin', `/api/person-records/${rutFicha}/registry`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RECORD_DOCUMENT_MISMATCH');
  });
});

describe('court cases (one generic adapter for every table)', () => {
  const many = (n: number) => ({
    cases: Array.from({ length: n }, (_, i) => ({
      rol: `C-${i + 1}-2024`,
      court: '1º Juzgado Civil de Santiago',
      title: `BANCO / ROJAS ${i + 1}`,
      filedAt: '2024-03-01',
      status: 'Tramitación',
      matter: null,
    })),
  });

  it("answers 'Tipo de causa no válido' for an unknown type", async () => {
    const res = await cases(rutFicha, 'causasInventadas');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CASE_TYPE', message: 'Tipo de causa no válido' });
  });

  it('pages of 10 by default, 25 and 50 allowed, other sizes refused', async () => {
    await configure('courtCases', {}, 'cl');
    script['/court-cases/v1/causasCivilesChile/123456785'] = [{ status: 200, body: many(27) }];
    const p1 = await cases(rutFicha, 'causasCivilesChile');
    expect(p1.statusCode, p1.body).toBe(200);
    expect(p1.json()).toMatchObject({ state: 'found', count: 27, type: 'causasCivilesChile' });
    expect(p1.json().data).toHaveLength(10);
    const p3 = await cases(rutFicha, 'causasCivilesChile', '?limit=25&skip=25');
    expect(p3.json().data.map((c: { rol: string }) => c.rol)).toEqual(['C-26-2024', 'C-27-2024']);
    expect(hits).toHaveLength(1); // the second page came from the cache
    expect((await cases(rutFicha, 'causasCivilesChile', '?limit=20')).statusCode).toBe(400);
  });

  it('each table has its own cache and the same failure rules (500 → 502, not cached)', async () => {
    script['/court-cases/v1/poderJudicialLaboral/123456785'] = [
      { status: 500 },
      { status: 503 },
      { status: 200, body: many(3) },
    ];
    expect((await cases(rutFicha, 'poderJudicialLaboral')).statusCode).toBe(502);
    const ok = await cases(rutFicha, 'poderJudicialLaboral');
    expect(ok.json()).toMatchObject({ state: 'found', count: 3, cached: false });
  });

  it('not found is an empty table', async () => {
    script['/court-cases/v1/causasMedioambientales/123456785'] = [{ status: 404, body: { message: 'none' } }];
    const res = await cases(rutFicha, 'causasMedioambientales');
    expect(res.json()).toMatchObject({ state: 'notFound', count: 0, data: [] });
  });

  it('judiciaryBrazil searches a CPF/CNPJ, not a RUT', async () => {
    expect((await cases(rutFicha, 'judiciaryBrazil')).statusCode).toBe(400);
  });
});

describe('access and the call log', () => {
  it('401 without a session, 404 for another company ficha, 403 for the super administrator', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/person-records/${rutFicha}/registry` })).statusCode).toBe(
      401,
    );
    expect((await cases(rutFicha, 'causasCivilesChile', '', 'br')).statusCode).toBe(404);
    expect((await t.get('superAdmin', `/api/person-records/${rutFicha}/registry`)).statusCode).toBe(403);
  });

  it('the page reaches the person by document too; an unknown or invalid document is a translated 404', async () => {
    const byDoc = await registry(encodeURIComponent('44.038.188/0001-32'));
    expect(byDoc.statusCode, byDoc.body).toBe(200);
    expect(byDoc.json().person.id).toBe(cnpjFicha);
    const bad = await registry('123');
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe('NO_RECORDS_FOR_DNI');
  });

  it('only the super administrator configures providers', async () => {
    const res = await t.put('admin', `/api/providers/${t.companies.cl}/cnpj`, { baseUrl: base, requestLimit: 1 });
    expect(res.statusCode).toBe(403);
  });

  it('every lookup is logged: who, which person, which provider, with what result', async () => {
    const res = await t.get({ as: 'auditor', company: 'br' }, '/api/person-records/calls?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const results = new Set(res.json().data.map((c: { result: string }) => c.result));
    for (const r of ['notConfigured', 'found', 'cached', 'notFound', 'error', 'timeout', 'limit'])
      expect(results).toContain(r);
    expect(res.json().data[0]).toMatchObject({
      userEmail: expect.stringContaining('@'),
      personDocument: expect.any(String),
    });
    expect((await t.get({ as: 'frontdesk', company: 'br' }, '/api/person-records/calls')).statusCode).toBe(403);
  });
});
