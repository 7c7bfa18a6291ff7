import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

/** Every route of the ROE (Chile's cash report to the UAF), with a period that has ended. */
const PERIOD = 'from=2026-01-01&to=2026-03-31';
const ROE_ROUTES = [
  { method: 'GET' as const, url: `/api/informes/roe-uaf?${PERIOD}` },
  { method: 'GET' as const, url: `/api/informes/roe-uaf?${PERIOD}&format=txt` },
  { method: 'GET' as const, url: `/api/informes/roe-uaf/filings?${PERIOD}` },
  { method: 'GET' as const, url: `/api/consultations/roe?${PERIOD}` },
  { method: 'GET' as const, url: `/api/uaf-operations?${PERIOD}` },
  { method: 'GET' as const, url: `/api/uaf-operations/count?${PERIOD}` },
];

describe('the ROE is Chile’s report (issue 23, point 3)', () => {
  it('a Chilean company’s administrator reads every ROE route; a Brazilian one is refused on each, and cannot file', async () => {
    for (const r of ROE_ROUTES) {
      const cl = await t.call({ as: 'admin', company: 'cl', ...r });
      expect(cl.statusCode, `${r.url} for Chile: ${cl.body.slice(0, 200)}`).toBe(200);
      for (const role of ['admin', 'adminNoUser', 'userMonitoring', 'frontdesk'] as const) {
        const br = await t.call({ as: role, company: 'br', ...r });
        expect(br.statusCode, `${r.url} for Brazil's ${role}`).toBe(403);
      }
    }
    const file = await t.post({ as: 'admin', company: 'br' }, '/api/informes/roe-uaf/filings', {
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(file.statusCode).toBe(403);
    const filings = await sql<{ n: number }>`
      select count(*)::int as n from roe_filings where company_id = ${t.companies.br}`.execute(t.deps.db);
    expect(filings.rows[0]?.n).toBe(0);
  });
});
