// Over 400 lines: one table of every adapter's recorded answers, so each adapter meets the same five cases.
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
import { PROVIDERS } from './providers.adapter';

/**
 * Every adapter against a local HTTP server speaking its protocol (docs/providers.md) with recorded answers: a
 * failure (500, malformed JSON, timeout) answers 502/504 and leaves nothing cached nor counted, 429 is retried, a
 * found answer is cached 24 h and counted once, 404 is "not found" (an answer, cached).
 */

let script: Record<string, Answer[]> = {};
const hits: string[] = [];
let server: http.Server;
let base: string;
let t: TestApp;
const fichas = { rut: '', cpf: '', cnpj: '' };

const CPF = '52998224725';
const CNPJ = '44038188000132';
const RUT = '123456785';

interface Case {
  name: string;
  provider: (typeof PROVIDERS)[number];
  company: 'cl' | 'br';
  /** the provider path our server calls */
  path: string;
  found: unknown;
  call: () => Promise<{ statusCode: number; body: string; json: () => Record<string, unknown> }>;
  expectFound: (body: Record<string, unknown>) => void;
  /** how "not found" reaches the page (a state for most, a modal error for the commercial report) */
  expectNotFound: (res: { statusCode: number; json: () => Record<string, unknown> }) => void;
}

const get = (company: 'cl' | 'br', url: string, as = 'frontdesk') => t.get({ as, company }, url);
const stateNotFound = (res: { statusCode: number; json: () => Record<string, unknown> }) => {
  expect(res.statusCode).toBe(200);
  expect(res.json().state).toBe('notFound');
};

const CASES: Case[] = [
  {
    name: 'CNPJ registry (BrasilAPI)',
    provider: 'cnpj',
    company: 'br',
    path: `/cnpj/v1/${CNPJ}`,
    found: {
      cnpj: CNPJ,
      razao_social: 'ALFA E BETA LTDA',
      situacao_cadastral: 2,
      descricao_situacao_cadastral: 'ATIVA',
      cnae_fiscal: 4751201,
    },
    call: () => get('br', `/api/person-records/${fichas.cnpj}/registry`),
    expectFound: (b) => expect(b.data).toMatchObject({ kind: 'cnpj', razao_social: 'ALFA E BETA LTDA', risk: 'low' }),
    expectNotFound: stateNotFound,
  },
  {
    name: 'CPF registry',
    provider: 'cpf',
    company: 'br',
    path: `/cpf/v1/${CPF}`,
    found: { cpf: CPF, nome: 'MARIA SOUZA', situacao_cadastral: 'SUSPENSA' },
    call: () => get('br', `/api/person-records/${fichas.cpf}/registry`),
    expectFound: (b) => expect(b.data).toMatchObject({ kind: 'cpf', name: 'MARIA SOUZA', status: 'suspended' }),
    expectNotFound: stateNotFound,
  },
  {
    name: 'court cases (Chile)',
    provider: 'courtCases',
    company: 'cl',
    path: `/court-cases/v1/causasLaboralesChile/${RUT}`,
    found: {
      cases: [{ id: 7, rol: 'O-12-2024', court: '1º Juzgado de Letras del Trabajo', title: 'ROJAS / EJEMPLO' }],
    },
    call: () => get('cl', `/api/person-records/${fichas.rut}/court-cases/causasLaboralesChile`),
    expectFound: (b) =>
      expect(b).toMatchObject({ count: 1, data: [{ id: '7', rol: 'O-12-2024', filedAt: null, status: null }] }),
    expectNotFound: (res) => expect(res.json()).toMatchObject({ state: 'notFound', count: 0, data: [] }),
  },
  {
    name: 'court case detail (a person of the company)',
    provider: 'courtCases',
    company: 'br',
    path: '/court-cases/v1/detail/CNJ-1',
    found: {
      id: 'CNJ-1',
      number: '1000100-10.2024.8.26.0100',
      court: 'TJSP',
      value: '35000.50',
      parties: [{ name: 'AUTOR', role: 'Polo ativo' }],
      movements: [
        { date: '2024-01-01', description: 'Distribuído' },
        { date: '2024-05-01T10:00:00Z', description: 'Sentença' },
      ],
    },
    call: () => get('br', `/api/person-records/${fichas.cpf}/court-cases/judiciaryBrazil/CNJ-1`),
    expectFound: (b) =>
      expect(b.detail).toMatchObject({
        number: '1000100-10.2024.8.26.0100',
        value: 35000.5,
        parties: [{ name: 'AUTOR', document: null, role: 'Polo ativo' }],
        movements: [{ date: '2024-05-01', description: 'Sentença' }, { date: '2024-01-01' }],
      }),
    expectNotFound: (res) => expect(res.json()).toMatchObject({ state: 'notFound', detail: null }),
  },
  {
    name: 'ProcessosJudiciais (super administrator, on the company contract)',
    provider: 'courtCases',
    company: 'br',
    path: `/court-cases/v1/judiciaryBrazil/${CNPJ}`,
    found: { cases: [{ id: 'X-1', rol: '0001-1.2024', court: 'TJRJ', title: 'EXEMPLO' }] },
    call: () =>
      t.get('superAdmin', `/api/processos-judiciais/${t.companies.br}/${encodeURIComponent('44.038.188/0001-32')}`),
    expectFound: (b) => expect(b).toMatchObject({ document: CNPJ, count: 1, data: [{ id: 'X-1' }] }),
    expectNotFound: stateNotFound,
  },
  {
    name: 'commercial report',
    provider: 'commercialReport',
    company: 'cl',
    path: `/commercial-report/v1/${RUT}`,
    found: { personType: 'natural', identification: { name: 'ANA ROJAS', rut: RUT } },
    call: () => t.post({ as: 'admin', company: 'cl' }, '/api/commercial-report', { fichaId: fichas.rut }),
    expectFound: (b) => expect(b).toMatchObject({ risk: 'low', report: { identification: { name: 'ANA ROJAS' } } }),
    expectNotFound: (res) => {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'COMMERCIAL_REPORT_NOT_FOUND', details: { showModal: true } });
    },
  },
  {
    name: 'PEP Mexico',
    provider: 'pepMexico',
    company: 'cl',
    path: `/pep-mexico/v1?name=${encodeURIComponent('Ana Rojas')}`,
    found: { matches: [{ fullName: 'ANA ROJAS', matchPercentage: 0.9 }] },
    call: () => get('cl', `/api/person-records/${fichas.rut}/pep-mexico`),
    expectFound: (b) => expect(b.matches).toMatchObject([{ fullName: 'ANA ROJAS', matchPercentage: 90, entity: null }]),
    expectNotFound: (res) => expect(res.json()).toMatchObject({ state: 'notFound', matches: [] }),
  },
  {
    name: 'other restrictions (pepOutrasRestricoes)',
    provider: 'restrictions',
    company: 'br',
    path: `/restrictions/v1/${CPF}`,
    found: {
      sanctions: [
        { source: 'CEIS', sanction: 'Impedimento', startDate: '2020-01-01', endDate: '2021-01-01' },
        { source: 'CNEP', sanction: 'Multa', startDate: '2024-01-01', endDate: null },
      ],
      electoralDonations: [{ election: '2022', candidate: 'FULANO', amount: '1500.5' }],
    },
    call: () => get('br', `/api/person-records/${fichas.cpf}/restrictions`),
    expectFound: (b) => {
      expect(b.sanctions).toMatchObject([
        { source: 'CNEP', active: true, organ: null },
        { source: 'CEIS', active: false },
      ]);
      expect(b.electoralDonations).toMatchObject([{ election: 2022, candidate: 'FULANO', amount: 1500.5, uf: null }]);
    },
    expectNotFound: (res) => expect(res.json()).toMatchObject({ state: 'notFound', sanctions: [] }),
  },
  {
    name: 'insolvency bulletin (boletinConcursal)',
    provider: 'insolvency',
    company: 'cl',
    path: `/boletin-concursal/v1/${RUT}`,
    found: {
      proceedings: [
        { id: 1, rol: 'C-1-2020', procedure: 'liquidacionForzosa', startedAt: '2020-01-01' },
        {
          id: 2,
          rol: 'C-2-2023',
          procedure: 'quiebra antigua',
          publications: [{ date: '2023-02-01', title: 'Inicio' }],
        },
      ],
    },
    call: () => get('cl', `/api/person-records/${fichas.rut}/insolvency`),
    expectFound: (b) =>
      expect(b.proceedings).toMatchObject([
        // no start date sorts last; an unknown procedure is "other"
        { id: '1', procedure: 'liquidacionForzosa', publications: [] },
        { id: '2', procedure: 'other', publications: [{ title: 'Inicio' }] },
      ]),
    expectNotFound: (res) => expect(res.json()).toMatchObject({ state: 'notFound', proceedings: [] }),
  },
  {
    name: 'SII tax folder (carpetaTributaria)',
    provider: 'taxFolder',
    company: 'cl',
    path: `/carpeta-tributaria/v1/${RUT}`,
    found: {
      taxpayer: { rut: RUT, name: 'ANA ROJAS' },
      vatDeclarations: [
        { id: 'a', period: '2025-01', salesAmount: 10 },
        { id: 'b', period: '2025-03', salesAmount: '20' },
      ],
      incomeDeclarations: [{ id: 'y', taxYear: '2024', taxAmount: 5 }],
    },
    call: () => get('cl', `/api/person-records/${fichas.rut}/tax-folder`),
    expectFound: (b) =>
      expect(b.folder).toMatchObject({
        taxpayer: { name: 'ANA ROJAS', region: null },
        vatDeclarations: [{ period: '2025-03', salesAmount: 20 }, { period: '2025-01' }],
        incomeDeclarations: [{ taxYear: 2024 }],
        partners: [],
      }),
    expectNotFound: (res) => expect(res.json()).toMatchObject({ state: 'notFound', folder: null }),
  },
  {
    name: "the insurer's operations (consorcio-operations)",
    provider: 'insurer',
    company: 'cl',
    path: `/insurer/v1/operations/${RUT}`,
    found: {
      operations: [
        { id: 1, date: '2024-01-01', type: 'Pago de prima', amount: 100 },
        { id: 2, date: '2025-01-01', type: 'Rescate', amount: '50' },
      ],
    },
    call: () => get('cl', `/api/person-records/${fichas.rut}/insurer/operations`),
    expectFound: (b) =>
      expect(b.operations).toMatchObject([
        { id: '2', amount: 50 },
        { id: '1', policyNumber: null },
      ]),
    expectNotFound: (res) => expect(res.json()).toMatchObject({ state: 'notFound', operations: [] }),
  },
  {
    name: "the insurer's products (products-asociados)",
    provider: 'insurer',
    company: 'cl',
    path: `/insurer/v1/products/${RUT}`,
    found: {
      products: [
        { product: 'Vida', role: 'insured' },
        { product: 'Hogar', role: 'tutor' },
      ],
    },
    call: () => get('cl', `/api/person-records/${fichas.rut}/insurer/products`),
    expectFound: (b) =>
      expect(b.products).toMatchObject([
        { product: 'Vida', role: 'insured' },
        { product: 'Hogar', role: 'other' },
      ]),
    expectNotFound: (res) => expect(res.json()).toMatchObject({ state: 'notFound', products: [] }),
  },
  {
    name: "the insurer's policies (policy-detail)",
    provider: 'insurer',
    company: 'cl',
    path: `/insurer/v1/policies/${RUT}`,
    found: {
      policies: [
        {
          policyNumber: 100200,
          product: 'Vida',
          premiumSFP: '38000',
          policyStatus: 'Vigente',
          paymentChannel: 'PAC',
          paymentMethod: 'Mensual',
          policyValueAtClosure: null,
          beneficiaries: [{ name: 'B', share: 100 }],
        },
      ],
    },
    call: () => get('cl', `/api/person-records/${fichas.rut}/insurer/policies`),
    expectFound: (b) =>
      expect(b.policies).toMatchObject([
        {
          policyNumber: '100200',
          premiumSFP: 38000,
          policyStatus: 'Vigente',
          paymentChannel: 'PAC',
          paymentMethod: 'Mensual',
          policyValueAtClosure: null,
          holder: null,
          beneficiaries: [{ name: 'B', document: null, share: 100 }],
        },
      ]),
    expectNotFound: (res) => expect(res.json()).toMatchObject({ state: 'notFound', policies: [] }),
  },
];

async function used(company: 'cl' | 'br', provider: string) {
  const res = await t.get('superAdmin', `/api/providers/${t.companies[company]}`);
  return (res.json() as { provider: string; requestsUsed: number }[]).find((c) => c.provider === provider)
    ?.requestsUsed;
}
const cacheRows = (provider: string) =>
  t.deps.db.selectFrom('providerCache').select('cacheKey').where('provider', '=', provider).execute();

beforeAll(async () => {
  ({ server, base } = await startProviderStub((req) => {
    hits.push(req.url ?? '');
    return script[req.url ?? '']?.shift();
  }));
  // (at 250 ms a local answer timed out at load 10 and the retry took the next scripted answer)
  t = await createTestApp({ ...PROVIDER_TEST_ENV, PROVIDER_DEADLINE_MS: '5000' });
  for (const company of ['cl', 'br'] as const)
    for (const provider of PROVIDERS) {
      const res = await t.put('superAdmin', `/api/providers/${t.companies[company]}/${provider}`, {
        baseUrl: base,
        requestLimit: null,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  fichas.rut = await fichaIdOf(t, ANA_ROJAS_RUT, { as: 'admin', company: 'cl' });
  fichas.cpf = await fichaIdOf(t, MARIA_CPF, { as: 'admin', company: 'br' });
  fichas.cnpj = await fichaIdOf(t, ALFA_BETA_CNPJ, { as: 'admin', company: 'br' });
});
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  server?.close();
});
beforeEach(async () => {
  script = {};
  hits.length = 0;
  await t.deps.db.deleteFrom('providerCache').execute();
});

describe.each(CASES)('$name', (c) => {
  it('500 twice: 502 after one retry; nothing cached, nothing counted; the next lookup asks again', async () => {
    const before = await used(c.company, c.provider);
    script[c.path] = [{ status: 500 }, { status: 503 }];
    const res = await c.call();
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().code).toBe('PROVIDER_UNAVAILABLE');
    expect(hits).toEqual([c.path, c.path]);
    expect(await cacheRows(c.provider)).toHaveLength(0);
    expect(await used(c.company, c.provider)).toBe(before);
  });

  it('malformed JSON and a body of another shape: 502, not retried, not cached', async () => {
    script[c.path] = [
      { status: 200, raw: '{"half": ' },
      { status: 200, body: { unexpected: [1, 2, 3] } },
    ];
    expect((await c.call()).statusCode).toBe(502);
    expect(hits).toHaveLength(1);
    expect((await c.call()).statusCode).toBe(502);
    expect(await cacheRows(c.provider)).toHaveLength(0);
  });

  it('a provider slower than the timeout: 504 after the retry, nothing cached', async () => {
    script[c.path] = [
      { status: 200, body: c.found, delayMs: 20_000 },
      { status: 200, body: c.found, delayMs: 20_000 },
    ];
    const res = await withShortProviderTimeout(t, c.call);
    expect(res.statusCode).toBe(504);
    expect(res.json().code).toBe('PROVIDER_TIMEOUT');
    expect(hits).toHaveLength(2);
    expect(await cacheRows(c.provider)).toHaveLength(0);
  });

  it('429 then found: the retry answers; counted once, then served from the 24-hour cache', async () => {
    const before = (await used(c.company, c.provider)) ?? 0;
    script[c.path] = [
      { status: 429, body: {} },
      { status: 200, body: c.found },
    ];
    const res = await c.call();
    expect(res.statusCode, res.body).toBe(200);
    c.expectFound(res.json());
    expect(hits).toHaveLength(2);
    expect(await used(c.company, c.provider)).toBe(before + 1);
    const again = await c.call();
    expect(again.statusCode).toBe(200);
    c.expectFound(again.json());
    expect(hits).toHaveLength(2);
    if (c.provider !== 'commercialReport') expect(again.json().cached).toBe(true);
  });

  it('404 is "not found": an answer, cached', async () => {
    script[c.path] = [{ status: 404, body: { message: 'none' } }];
    c.expectNotFound(await c.call());
    expect(await cacheRows(c.provider)).toHaveLength(1);
    c.expectNotFound(await c.call());
    expect(hits).toHaveLength(1);
  });
});
