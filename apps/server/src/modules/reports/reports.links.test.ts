import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';
import { withTenant } from '../../db/tenant';
import { insertForm } from '../forms/forms.repo';

/**
 * Every home dashboard figure is a link to a list, and the list counts exactly the figure (decision 90): the fichas
 * by creation date, the operations by transaction date, the portfolio as of the period's end (decision 91). The
 * wheres below are the ones the web's links build (fichas/lib/list-filter.ts, the history page's query).
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

let seq = 31_000_000;
const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const get = (url: string) => t.get('admin', url);
const dashboard = async (from: string, to: string) => {
  const res = await get(`/api/home-dashboard?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const fichasCount = async (where: unknown) =>
  (await get(`/api/fichas-clientes/count?where=${encodeURIComponent(JSON.stringify(where))}`)).json().count as number;
const historyCount = async (body: Record<string, unknown>) => {
  const res = await t.post('admin', '/api/informes/tabla-consultas/count', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().count as number;
};

async function natural(name: string, fatherName: string) {
  const res = await postFicha(t, {
    personType: 'natural',
    dni: rut(),
    dniType: { country: 'CL', document: 'RUT' },
    name,
    fatherName,
  });
  return res.json() as { id: string; risk: string | null };
}
const setCreated = (id: string, offset: number) =>
  t.deps.db
    .updateTable('fichas')
    .set({ createdAt: new Date(Date.now() + offset * DAY) })
    .where('id', '=', id)
    .execute();

async function operation(transactionDate: string | null, cash = 0) {
  const res = await t.post('admin', '/api/consultations', {
    transactionType: 'Compraventa',
    ...(transactionDate ? { transactionDate } : {}),
    divisa: 'CLP',
    associates: [
      {
        dni: rut(),
        type: 'natural',
        monto: 40_000_000,
        efective: cash,
        newFicha: { name: 'Participante', fatherName: 'Enlace', nationality: 'CL' },
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

async function form(operationId: string, status: string, isActive = true) {
  const companyId = t.companies.cl;
  await withTenant(t.deps.db, companyId, (trx) =>
    insertForm(trx, {
      companyId,
      type: 'formDOF',
      operationId,
      associateIndex: 0,
      dni: rut(),
      name: 'Formulario Enlace',
      language: 'es',
      status,
      isActive,
      template: JSON.stringify({}),
      data: JSON.stringify({}),
      files: JSON.stringify([]),
      steps: JSON.stringify([]),
    }),
  );
}

describe('portfolio risk: the whole active portfolio as of the period end', () => {
  it('counts fichas created before the period, not those after its end nor deactivated ones', async () => {
    const [from, to] = [day(-20), day(-10)];
    const before = await dashboard(from, to);
    const old = await natural('Cartera', 'Antigua'); // created 60 days ago: before the period, in the portfolio
    await setCreated(old.id, -60);
    const inside = await natural('Cartera', 'Periodo'); // created within the period
    await setCreated(inside.id, -15);
    await natural('Cartera', 'Posterior'); // created today: after the period's end, not yet in that portfolio
    const gone = await natural('Cartera', 'Eliminada');
    await setCreated(gone.id, -15);
    const del = await t.patch('admin', '/api/fichas-clientes/soft-delete', { fichasIds: [gone.id] });
    expect([200, 204], del.body).toContain(del.statusCode);
    const after = await dashboard(from, to);
    const total = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    expect(total(after.risk) - total(before.risk)).toBe(2);
    // the period's activity counts only what it created
    expect(after.activity.fichas - before.activity.fichas).toBe(1);
    for (const k of ['high', 'medium', 'low'] as const)
      expect(after.risk[k] - before.risk[k]).toBe([old, inside].filter((f) => (f.risk ?? 'none') === k).length);
  });
});

describe('every dashboard figure equals the count of the list its link opens', () => {
  it('fichas, matches, list matches, portfolio, operations, ROS, ROE, forms sent and signed, notifications', async () => {
    const [from, to] = [day(-6), day(0)];
    // data of the period: fichas (one with a list match), operations dated in and out of it, with ROS, cash, forms
    const matched = await natural('Enlace', 'Coincidencia');
    await t.deps.db
      .updateTable('fichas')
      .set({
        listas: JSON.stringify({
          total: 1,
          error: false,
          lists: [{ listId: 'links-test', listName: 'Lista de prueba', coincidence: true, hits: [] }],
        }),
        listasTotal: 1,
      })
      .where('id', '=', matched.id)
      .execute();
    const a = await operation(day(-2), 20_000_000); // cash above the ROE threshold
    const b = await operation(day(-1));
    await operation(day(-30)); // transaction date before the period: created today, but not of the period
    await operation(null); // no transaction date: in no period
    await t.patch('admin', `/api/consultations/${b.id}`, { ros: true, rosReason: 'Fraccionamiento' });
    // declaration forms: a's opened, b's signed and a required one; a deactivated signed form of a counts for nothing
    await form(a.id, 'opened');
    await form(b.id, 'signed');
    await form(b.id, 'required');
    await form(a.id, 'signed', false);

    const d = await dashboard(from, to);
    const created = [{ createdAt: { gte: `${from}T00:00:00.000Z` } }, { createdAt: { lte: `${to}T23:59:59.999Z` } }];
    const period = { dateFrom: from, dateTo: to };

    expect(d.activity.fichas).toBeGreaterThan(0);
    expect(await fichasCount({ and: created })).toBe(d.activity.fichas);
    expect(d.activity.matches).toBeGreaterThan(0);
    expect(await fichasCount({ and: [...created, { listasTotal: { gt: 0 } }] })).toBe(d.activity.matches);
    const byList = d.matchesByList.find((m: { listId: string }) => m.listId === 'links-test');
    expect(byList?.count).toBe(1);
    for (const m of d.matchesByList as { listId: string; count: number }[])
      expect(
        await fichasCount({ and: [...created, { listasTotal: { gt: 0 } }, { 'listas.listId': m.listId }] }),
        m.listId,
      ).toBe(m.count);
    for (const k of ['high', 'medium', 'low'] as const)
      expect(await fichasCount({ and: [{ risk: k }, { createdAt: { lte: `${to}T23:59:59.999Z` } }] }), k).toBe(
        d.risk[k],
      );

    expect(d.activity.operations).toBeGreaterThanOrEqual(2);
    expect(await historyCount(period)).toBe(d.activity.operations);
    expect(d.activity.ros).toBeGreaterThanOrEqual(1);
    expect(await historyCount({ ...period, ros: true })).toBe(d.activity.ros);
    expect(d.activity.roe).toBeGreaterThanOrEqual(1);
    expect((await get(`/api/uaf-operations/count?from=${from}&to=${to}`)).json().count).toBe(d.activity.roe);
    const roeReport = (await get(`/api/informes/roe-uaf?from=${from}&to=${to}`)).json();
    expect(new Set(roeReport.tables[0].rows.map((r: string[]) => r[0])).size).toBe(d.activity.roe);
    expect(d.forms.sent).toBeGreaterThanOrEqual(2);
    expect(await historyCount({ ...period, consultationStatus: ['sent', 'opened', 'filled', 'signed'] })).toBe(
      d.forms.sent,
    );
    expect(d.forms.signed).toBeGreaterThanOrEqual(1);
    expect(await historyCount({ ...period, consultationStatus: ['signed'] })).toBe(d.forms.signed);
    const notifications = (
      await get(`/api/notifications/count?where=${encodeURIComponent(JSON.stringify({ and: created }))}`)
    ).json().count;
    expect(notifications).toBe(d.activity.notifications);
    // the per-day chart adds up to the period's operations
    const perDay = d.perDay.reduce((n: number, p: { operations: number }) => n + p.operations, 0);
    expect(perDay).toBe(d.activity.operations);
  });

  it('the list filters refuse bad values: an unknown form status or a list id that is not text', async () => {
    const bad = await t.post('admin', '/api/informes/tabla-consultas/count', { consultationStatus: ['lost'] });
    expect(bad.statusCode).toBe(400);
    const res = await get(`/api/fichas-clientes/count?where=${encodeURIComponent('{"listas.listId":{"gt":1}}')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('where.listas.listId');
  });
});
