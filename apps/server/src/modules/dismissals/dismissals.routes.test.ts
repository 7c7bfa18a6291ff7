import { can, type PermissionKey, ROLES } from '@regcheck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUAN_CARLOS, postFicha } from '../../../test/fichas-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type LocalScreening, useLocalScreening, useRealScreening } from '../fichas/screening.adapter';

let t: TestApp;
let lists: LocalScreening;
let fichaId: string;

const sdn = {
  id: 'sdn-77',
  listId: 'ofac',
  schema: 'Person' as const,
  names: ['Juan Carlos Malvado Rojas'],
  birthDates: ['1970-03-02'],
  countries: ['CL'],
};
const pep = { ...sdn, id: 'pep-9', listId: 'pep-br' };
const path = (list: string, id: string) => `/api/fichas-clientes/${fichaId}/matches/${list}/${id}/dismiss`;
const propose = { reasonCode: 'differentPerson', reasonText: 'Otra fecha de nacimiento y otro lugar de origen' };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  lists = useLocalScreening();
  await lists.replaceList('ofac', 'OFAC SDN', [sdn]);
  await lists.replaceList('pep-br', 'PEP Brazil', [pep]);
  const res = await postFicha(t, JUAN_CARLOS);
  fichaId = res.json().id;
  expect(res.json()).toMatchObject({ risk: 'high' });
});
afterAll(async () => {
  useRealScreening();
  await t?.close();
});

/**
 * The proposals (ficha names, matched entries, proposers) are read only by the roles that may propose or approve
 * them: those holding a key of the propose or approve route, read from the routes and the permission table.
 */
async function expectProposalsReadOnlyByReviewers() {
  const deciding = t.app.apiRoutes.filter(
    (r) => r.method === 'POST' && (r.url.endsWith('/dismiss') || r.url === '/api/match-dismissals/:id/approve'),
  );
  expect(deciding).toHaveLength(2);
  const keys = deciding.flatMap((r) => (Array.isArray(r.access) ? r.access : [r.access])) as PermissionKey[];
  const url = `/api/match-dismissals?fichaId=${fichaId}`;
  let refused = 0;
  for (const company of ['cl', 'br'] as const) {
    const companyRow = { country: company === 'cl' ? 'CL' : 'BR', massiveBulks: company === 'cl' };
    for (const role of ROLES) {
      const reviewer = keys.some((k) => can({ role, company: companyRow }, k));
      const res = await t.get({ as: role, company }, url);
      if (reviewer) {
        expect(res.statusCode, `${role}@${company}`).toBe(200);
        expect(res.json().count, `${role}@${company}`).toBe(company === 'cl' ? 1 : 0);
      } else {
        expect(res.statusCode, `${role}@${company}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
        expect(res.body).not.toContain('differentPerson');
        refused++;
      }
    }
  }
  expect(refused).toBeGreaterThan(0);
}

const ficha = async () => (await t.get('admin', `/api/fichas-clientes/${fichaId}`)).json();

describe('four-eyes dismissal of a sanctions match', () => {
  it('401 without a session, 403 for a role without the blacklist permission, 404 for another company', async () => {
    expect((await t.call({ method: 'POST', url: path('ofac', 'sdn-77'), payload: propose })).statusCode).toBe(401);
    for (const as of ['frontdesk', 'auditor', 'supervisor'] as const) {
      const r = await t.post(as, path('ofac', 'sdn-77'), propose);
      expect(r.statusCode, as).toBe(403);
    }
    const other = await t.post({ as: 'admin', company: 'br' }, path('ofac', 'sdn-77'), propose);
    expect(other.statusCode).toBe(404);
    expect((await ficha()).listas.total).toBeGreaterThan(0);
  });

  it('needs a company reason and, on a sanctions list, free text naming the field', async () => {
    const unknown = await t.post('userMonitoring', path('ofac', 'sdn-77'), {
      reasonCode: 'porque sí',
      reasonText: propose.reasonText,
    });
    expect(unknown.json()).toMatchObject({ statusCode: 400, code: 'DISMISSAL_REASON_UNKNOWN', field: 'reasonCode' });
    const short = await t.post('userMonitoring', path('ofac', 'sdn-77'), {
      reasonCode: 'differentPerson',
      reasonText: 'no',
    });
    expect(short.json()).toMatchObject({ statusCode: 400, code: 'DISMISSAL_TEXT_REQUIRED', field: 'reasonText' });
    expect(short.json().message).toMatch(/10/);
    const missing = await t.post('userMonitoring', path('ofac', 'nope'), propose);
    expect(missing.statusCode).toBe(404);
  });

  it('a proposal leaves the risk; the proposer cannot approve; a second user approves and only then the risk drops', async () => {
    const p = await t.post('userMonitoring', path('ofac', 'sdn-77'), propose);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ applied: false, proposal: { status: 'pending', listId: 'ofac' } });
    const id = p.json().proposal.id;
    expect(await ficha()).toMatchObject({ risk: 'high' });
    expect((await ficha()).listas.lists.find((l: { listId: string }) => l.listId === 'ofac').coincidence).toBe(true);

    const again = await t.post('admin', path('ofac', 'sdn-77'), propose);
    expect(again.json().code).toBe('DISMISSAL_PENDING');
    const own = await t.post('userMonitoring', `/api/match-dismissals/${id}/approve`, {});
    expect(own.json()).toMatchObject({ statusCode: 403, code: 'DISMISSAL_OWN_PROPOSAL' });
    const fd = await t.post('frontdesk', `/api/match-dismissals/${id}/approve`, {});
    expect(fd.statusCode).toBe(403);
    const otherCo = await t.post({ as: 'admin', company: 'br' }, `/api/match-dismissals/${id}/approve`, {});
    expect(otherCo.statusCode).toBe(404);

    const pending = await t.get('adminNoUser', `/api/match-dismissals?fichaId=${fichaId}`);
    expect(pending.json()).toMatchObject({ count: 1, data: [{ status: 'pending', reasonCode: 'differentPerson' }] });
    await expectProposalsReadOnlyByReviewers();

    const ok = await t.post('admin', `/api/match-dismissals/${id}/approve`, { comment: 'Revisado' });
    expect(ok.json()).toMatchObject({ status: 'approved', decisionComment: 'Revisado' });
    expect(ok.json().decidedByName).toBeTruthy();
    const f = await ficha();
    expect(f.listas.lists.find((l: { listId: string }) => l.listId === 'ofac').coincidence).toBe(false);
    const twice = await t.post('adminNoUser', `/api/match-dismissals/${id}/reject`, {});
    expect(twice.json().code).toBe('DISMISSAL_DECIDED');

    const history = (await t.get('admin', `/api/fichas-clientes/${fichaId}/history`)).json();
    const actions = (history.data ?? history).map((h: { action: string }) => h.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'ficha.match.dismissal.proposed',
        'ficha.match.dismissal.approved',
        'ficha.match.dismissed',
      ]),
    );
  });

  it('a rejected proposal changes nothing', async () => {
    await t.put('admin', '/api/screening-settings', { criticalLists: ['pep-br'] });
    const p = await t.post('admin', path('pep-br', 'pep-9'), propose);
    expect(p.json().applied).toBe(false);
    const r = await t.post('userMonitoring', `/api/match-dismissals/${p.json().proposal.id}/reject`, {
      comment: 'Es la misma persona',
    });
    expect(r.json()).toMatchObject({ status: 'rejected' });
    expect((await ficha()).listas.lists.find((l: { listId: string }) => l.listId === 'pep-br').coincidence).toBe(true);
  });
});

describe('screening settings', () => {
  it('read by reviewers, changed by administrators only; a non-critical list applies at once when the second step is off', async () => {
    expect((await t.call({ method: 'GET', url: '/api/screening-settings' })).statusCode).toBe(401);
    const s = (await t.get('userMonitoring', '/api/screening-settings')).json();
    expect(s.dismissalReasons).toContain('differentPerson');
    const um = await t.put('userMonitoring', '/api/screening-settings', { fourEyesNonCritical: false });
    expect(um.statusCode).toBe(403);
    const put = await t.put('admin', '/api/screening-settings', { fourEyesNonCritical: false, criticalLists: [] });
    expect(put.json()).toMatchObject({ fourEyesNonCritical: false, criticalLists: [] });
    const bad = await t.put('admin', '/api/screening-settings', { dismissalReasons: [] });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'dismissalReasons' });

    const p = await t.post('userMonitoring', path('pep-br', 'pep-9'), { reasonCode: 'commonName' });
    expect(p.json()).toMatchObject({ applied: true, proposal: { status: 'approved' } });
    expect((await ficha()).listas.lists.find((l: { listId: string }) => l.listId === 'pep-br').coincidence).toBe(false);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'screening.settings.updated')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });
});
