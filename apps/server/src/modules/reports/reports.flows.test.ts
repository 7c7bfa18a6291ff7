import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { previousMonth, scheduleFlowReports } from './reports.flows';

/**
 * Report flows (decision 94): the person a company names for a report is printed on it and receives, each month,
 * that report built in their name, announced by an e-mail through the outbox.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

async function newUser(name: string, role: string) {
  const res = await t.post('superAdmin', '/api/users', {
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}.${Date.now()}@example.test`,
    role,
    companyId: t.companies.cl,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; email: string; name: string };
}
const setFlow = (reportType: string, user: { id: string; name: string }) =>
  t.patch('superAdmin', `/api/companies/reportFlows/${t.companies.cl}`, {
    reportType,
    userName: user.name,
    uniqueId: user.id,
  });
const mails = (to: string) =>
  t.deps.db
    .selectFrom('outbox')
    .select(['subject', 'textBody', 'kind', 'companyId'])
    .where('toAddress', '=', to)
    .where('kind', '=', 'report.flow.ready')
    .orderBy('createdAt')
    .execute();

describe('report flows', () => {
  it('previousMonth: the calendar month before, across a year', () => {
    expect(previousMonth(new Date('2026-01-15T10:00:00Z'))).toEqual({
      key: '2025-12',
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(previousMonth(new Date('2028-03-01T00:00:00Z'))).toMatchObject({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('the report prints its responsible person; each month it is built as them and they get an e-mail', async () => {
    const laura = await newUser('Laura Cumplimiento', 'admin');
    const jorge = await newUser('Jorge Monitoreo', 'userMonitoring');
    expect((await setFlow('conflictOfInterest', laura)).statusCode).toBe(200);
    expect((await setFlow('finalBeneficiaries', jorge)).statusCode).toBe(200);

    // the reports carry the flow's person (the demo admin reads them: the company's setting, not the reader)
    const cl = t.companies.cl;
    const conflict = (await t.get('admin', `/api/informes/conflicto-interes/${cl}/2026-01-01/2026-01-31`)).json();
    expect(conflict.period).toContain('Responsable: Laura Cumplimiento');
    const owners = (await t.get('admin', '/api/informes/final-beneficiaries')).json();
    expect(owners.period).toContain('Responsable: Jorge Monitoreo');

    const now = new Date('2026-02-03T09:00:00Z');
    expect(await scheduleFlowReports(t.deps, now)).toBe(2);
    // an hour later nothing new: one run per company, flow and month
    expect(await scheduleFlowReports(t.deps, new Date('2026-02-03T10:00:00Z'))).toBe(0);
    await t.deps.queue.drain();
    await t.deps.queue.drain();

    const exports = (await t.get('admin', '/api/informes/exports')).json();
    const byFlow = (flow: string) => exports.find((e: { options: { flow?: string } }) => e.options.flow === flow);
    expect(byFlow('conflictOfInterest')).toMatchObject({
      report: 'conflictOfInterest',
      from: '2026-01-01',
      to: '2026-01-31',
      status: 'ready',
      createdBy: 'Laura Cumplimiento',
    });
    expect(byFlow('finalBeneficiaries')).toMatchObject({
      report: 'finalBeneficiaries',
      from: null,
      status: 'ready',
      createdBy: 'Jorge Monitoreo',
    });

    const toLaura = await mails(laura.email);
    expect(toLaura).toHaveLength(1);
    expect(toLaura[0]).toMatchObject({ kind: 'report.flow.ready', companyId: cl });
    expect(toLaura[0]?.subject).toBe('Su informe mensual está listo: Conflicto de interés');
    expect(toLaura[0]?.textBody).toContain('01/01/2026 al 31/01/2026');
    expect(toLaura[0]?.textBody).toContain('/home/reports/exportReport');
    expect(await mails(jorge.email)).toHaveLength(1);

    // the user they named can no longer see reports: next month nobody gets it in their place
    const off = await t.patch('superAdmin', `/api/users/${jorge.id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    const before = (await t.get('admin', '/api/informes/exports/count')).json().count;
    expect(await scheduleFlowReports(t.deps, new Date('2026-03-02T09:00:00Z'))).toBe(2);
    await t.deps.queue.drain();
    await t.deps.queue.drain();
    const after = (await t.get('admin', '/api/informes/exports/count')).json().count;
    expect(after - before).toBe(1);
    expect(await mails(jorge.email)).toHaveLength(1);
    expect(await mails(laura.email)).toHaveLength(2);
  });
});
