import type http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANA_ROJAS_RUT, fichaIdOf, postFicha } from '../../../test/fichas-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  type Answer,
  PROVIDER_TEST_ENV,
  startProviderStub,
  withShortProviderTimeout,
} from '../../../test/provider-stub';

/** The PEP Mexico adapter against a local server speaking our documented shape: found, not found, failures. */

let script: Answer[] = [];
const hits: string[] = [];
let server: http.Server;
let base: string;
let t: TestApp;
let fichaId: string;

const FOUND = {
  matches: [
    {
      fullName: 'ANA ROJAS',
      documentType: 'RFC',
      birthDate: '1965-11-03',
      nationality: 'Mexicana',
      activity: 'Presidenta municipal',
      type: 'PEP local',
      entity: 'Ayuntamiento de Puebla',
      personType: 'Persona física',
      matchPercentage: 0.615,
    },
    {
      fullName: 'ANA ROJAS PÉREZ',
      documentType: 'CURP',
      birthDate: null,
      nationality: 'Mexicana',
      activity: 'Senadora',
      type: 'PEP nacional',
      entity: 'Senado de la República',
      personType: 'Persona física',
      matchPercentage: 93,
    },
  ],
};

const pep = (id: string, as: 'frontdesk' | 'admin' = 'frontdesk', company: 'cl' | 'br' = 'cl') =>
  t.get({ as, company }, `/api/person-records/${id}/pep-mexico`);

beforeAll(async () => {
  ({ server, base } = await startProviderStub((req) => {
    hits.push(req.url ?? '');
    return script.shift();
  }));
  t = await createTestApp(PROVIDER_TEST_ENV);
  fichaId = await fichaIdOf(t, ANA_ROJAS_RUT, { as: 'admin', company: 'cl' });
});
afterAll(async () => {
  await t?.close();
  server?.close();
});
beforeEach(() => {
  script = [];
  hits.length = 0;
});

describe('PEP Mexico', () => {
  it('401 without a session, 403 for the super administrator, 404 for another company ficha', async () => {
    expect((await t.call({ method: 'GET', url: `/api/person-records/${fichaId}/pep-mexico` })).statusCode).toBe(401);
    const sa = await t.get('superAdmin', `/api/person-records/${fichaId}/pep-mexico`);
    expect(sa.statusCode).toBe(403);
    expect((await pep(fichaId, 'admin', 'br')).statusCode).toBe(404);
  });

  it('not configured: the state, never a result, and no call to any provider', async () => {
    const res = await pep(fichaId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'notConfigured', matches: [], person: { name: 'Ana Rojas' } });
    expect(hits).toHaveLength(0);
  });

  describe('configured', () => {
    beforeAll(async () => {
      const res = await t.put('superAdmin', `/api/providers/${t.companies.cl}/pepMexico`, {
        baseUrl: base,
        requestLimit: null,
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('a failure (500 twice) answers 502 and is not cached; malformed JSON too', async () => {
      script = [{ status: 500 }, { status: 500 }];
      const bad = await pep(fichaId);
      expect(bad.statusCode).toBe(502);
      expect(bad.json().code).toBe('PROVIDER_UNAVAILABLE');
      script = [
        { status: 200, raw: '{"matches": [' },
        { status: 200, body: { matches: [{ name: 'x' }] } },
      ];
      expect((await pep(fichaId)).statusCode).toBe(502);
      expect(hits.length).toBeGreaterThanOrEqual(3);
    });

    it('a timeout answers 504, not cached', async () => {
      script = [
        { status: 200, body: FOUND, delayMs: 20_000 },
        { status: 200, body: FOUND, delayMs: 20_000 },
      ];
      const res = await withShortProviderTimeout(t, () => pep(fichaId));
      expect(res.statusCode).toBe(504);
      expect(res.json().code).toBe('PROVIDER_TIMEOUT');
    });

    it('found: searched by the full name, best match first, fractions read as percentages, then cached 24 h', async () => {
      script = [{ status: 200, body: FOUND }];
      const res = await pep(fichaId);
      expect(res.statusCode, res.body).toBe(200);
      expect(hits).toEqual(['/pep-mexico/v1?name=Ana%20Rojas']);
      const v = res.json();
      expect(v).toMatchObject({ state: 'found', cached: false, sample: false });
      expect(
        v.matches.map((m: { fullName: string; matchPercentage: number }) => [m.fullName, m.matchPercentage]),
      ).toEqual([
        ['ANA ROJAS PÉREZ', 93],
        ['ANA ROJAS', 61.5],
      ]);
      expect(v.matches[0]).toMatchObject({ entity: 'Senado de la República', type: 'PEP nacional', birthDate: null });
      const again = await pep(fichaId);
      expect(again.json()).toMatchObject({ state: 'found', cached: true });
      expect(hits).toHaveLength(1);
    });
  });
});

describe('PEP Mexico not found', () => {
  it('a 404 is an answer: an empty list, state notFound', async () => {
    const res = await postFicha(
      t,
      {
        personType: 'natural',
        dni: '11.111.111-1',
        dniType: { country: 'CL', document: 'RUT' },
        name: 'Pedro',
        fatherName: 'Soto',
      },
      { as: 'admin', company: 'cl' },
    );
    script = [{ status: 404, body: { message: 'not found' } }];
    const v = await pep(res.json().id);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({ state: 'notFound', matches: [] });
  });
});
