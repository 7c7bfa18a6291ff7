import { addYears, DEFAULT_REVIEW_PERIODS, isoWeek, reviewWindow, utcDay } from '@regcheck/shared';
import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { beforeAll, describe, expect, it } from 'vitest';
import { startBulkLoad } from '../../../test/bulk-load-fixtures';
import { useTestApp } from '../../../test/harness';
import { readInLanguages } from '../../../test/notification-languages';
import * as m0570 from '../../db/migrations/0570_ficha_reviews';
import { headerRow, rutOf, sheetBuffer } from '../bulk-loads/bulk-loads.samples';
import { OVERDUE_NOTIFICATION_KIND, runOverdueReviews, scheduleOverdueReviews } from './ficha-reviews.jobs';

/*
 * The periodic review of customers (issue 24, point 4; docs/regulatory.md): the next review day from the risk and the
 * company's periods, rescheduled by a risk change, the review action, the list filter, the dashboard's figures, the
 * weekly notification of the overdue ones and the first date migration 0570 gives the fichas that existed.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

type Risk = 'low' | 'medium' | 'high';
interface Ficha {
  id: string;
  risk: Risk | null;
  createdAt: string;
  lastReviewedAt: string | null;
  lastReviewOutcome: string | null;
  nextReviewAt: string | null;
  reviewState: string;
}

const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;
const DAY = 86_400_000;
const shift = (day: string, days: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY));

async function newFicha(body: number, name: string, personType: 'natural' | 'legal' = 'natural'): Promise<Ficha> {
  const payload =
    personType === 'natural'
      ? { personType, dni: rut(body), dniType: { country: 'CL', document: 'RUT' }, name, fatherName: 'Revisión' }
      : { personType, dni: rut(body), socialReason: name };
  const res = await t.post('admin', '/api/fichas-clientes', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const read = async (id: string, as = 'admin'): Promise<Ficha> => (await t.get(as, `/api/fichas-clientes/${id}`)).json();

async function overwrite(id: string, level: Risk | null) {
  const res = await t.patch('admin', `/api/fichas-clientes/${id}/risk`, {
    overwrittenRisk: level,
    reason: 'Revisión de prueba',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Ficha;
}

const review = (id: string, payload: Record<string, unknown>, as = 'admin', company: 'cl' | 'br' = 'cl') =>
  t.post({ as, company }, `/api/fichas-clientes/${id}/reviews`, payload);

const rules = (payload: Record<string, unknown>, lang = 'es') =>
  t.call({
    as: 'superAdmin',
    method: 'PATCH',
    url: `/api/companies/${t.companies.cl}/business-rules`,
    payload,
    headers: { 'accept-language': lang },
  });

/** Puts a ficha's next review on a given day (as time would have brought it there). */
const setNext = (id: string, day: string | null) =>
  t.deps.db
    .updateTable('fichas')
    .set({ nextReviewAt: day ? new Date(`${day}T00:00:00.000Z`) : null })
    .where('id', '=', id)
    .execute();

const auditsOf = (id: string, action: string) =>
  t.deps.db
    .selectFrom('auditLog')
    .selectAll()
    .where('entityId', '=', id)
    .where('action', '=', action)
    .orderBy('createdAt')
    .execute();

const listIds = async (where: unknown, as = 'admin') => {
  const filter = encodeURIComponent(JSON.stringify({ where, limit: 1000 }));
  const res = await t.get(as, `/api/fichas-clientes?filter=${filter}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Ficha[]).map((f) => f.id);
};

const countOf = async (where: unknown) =>
  (await t.get('admin', `/api/fichas-clientes/count?where=${encodeURIComponent(JSON.stringify(where))}`)).json()
    .count as number;

describe('the next review follows the risk and the company periods', () => {
  it('a new ficha is reviewed its risk’s period after its creation: high 1 year, medium 2, low 3', async () => {
    const f = await newFicha(17_570_001, 'Periodo');
    expect(f.risk).not.toBeNull();
    const created = utcDay(f.createdAt);
    expect(f.nextReviewAt).toBe(addYears(created, DEFAULT_REVIEW_PERIODS[f.risk as Risk]));
    expect(f.lastReviewedAt).toBeNull();
    for (const [level, years] of [
      ['high', 1],
      ['medium', 2],
      ['low', 3],
    ] as const) {
      const after = await overwrite(f.id, level);
      expect(after.risk).toBe(level);
      expect(after.nextReviewAt, level).toBe(addYears(created, years));
      expect(after.reviewState).toBe('upToDate');
    }
    // a legal person without its beneficial owner is rated high by the computed rule: one year
    const company = await newFicha(76_570_002, 'Periodo Legal SpA', 'legal');
    expect(company.risk).toBe('high');
    expect(company.nextReviewAt).toBe(addYears(utcDay(company.createdAt), 1));
  });

  it('the periods are company settings of whole years 1 to 10, refused naming the field in es, pt-BR and en', async () => {
    const defaults = await t.get('superAdmin', `/api/companies/${t.companies.cl}/business-rules`);
    expect(defaults.json()).toMatchObject({ reviewYearsHigh: 1, reviewYearsMedium: 2, reviewYearsLow: 3 });
    const messages = new Set<string>();
    for (const lang of ['es', 'pt-BR', 'en']) {
      const res = await rules({ reviewYearsHigh: 0 }, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'reviewYearsHigh' });
      messages.add(res.json().message);
    }
    expect(messages.size).toBe(3);
    expect([...messages].some((m) => m.includes('riesgo alto') && m.includes('1 y 10'))).toBe(true);
    expect([...messages].some((m) => m.includes('risco alto'))).toBe(true);
    expect([...messages].some((m) => m.includes('high-risk customers'))).toBe(true);
    for (const bad of [{ reviewYearsMedium: 11 }, { reviewYearsLow: 2.5 }, { reviewYearsLow: '3' }]) {
      const res = await rules(bad, 'en');
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().field).toBe(Object.keys(bad)[0]);
    }
    // the company settings route meets the same bound
    const viaCompany = await t.patch('superAdmin', `/api/companies/${t.companies.cl}`, {
      settings: { reviewYearsMedium: 20 },
    });
    expect(viaCompany.statusCode).toBe(400);
    expect(viaCompany.json().field).toBe('settings.reviewYearsMedium');
    expect(await auditsOf(t.companies.cl, 'company.businessRules.changed')).toHaveLength(0);
  });

  it('new periods schedule every ficha again from its last review or its creation, once the job has run', async () => {
    const f = await newFicha(17_570_003, 'Reprogramada');
    await overwrite(f.id, 'high');
    const never = await newFicha(17_570_004, 'Nunca Revisada');
    await overwrite(never.id, 'medium');
    // reviewed 400 days ago, as a review would have left it
    const reviewedAt = new Date(Date.now() - 400 * DAY);
    await t.deps.db
      .updateTable('fichas')
      .set({ lastReviewedAt: reviewedAt, lastReviewOutcome: 'noChanges' })
      .where('id', '=', f.id)
      .execute();
    const res = await rules({ reviewYearsHigh: 4, reviewYearsMedium: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reviewYearsHigh: 4, reviewYearsMedium: 5, reviewYearsLow: 3 });
    const [row] = await auditsOf(t.companies.cl, 'company.businessRules.changed');
    expect(row?.before).toMatchObject({ reviewYearsHigh: 1, reviewYearsMedium: 2 });
    expect(row?.after).toMatchObject({ reviewYearsHigh: 4, reviewYearsMedium: 5 });
    await t.deps.queue.drain();
    expect((await read(f.id)).nextReviewAt).toBe(addYears(utcDay(reviewedAt), 4));
    expect((await read(never.id)).nextReviewAt).toBe(addYears(utcDay(never.createdAt), 5));
    // a new ficha rated high now gets four years
    const fresh = await newFicha(76_570_005, 'Cuatro Años SpA', 'legal');
    expect(fresh.nextReviewAt).toBe(addYears(utcDay(fresh.createdAt), 4));
    // back to the defaults for the other tests
    expect((await rules({ reviewYearsHigh: 1, reviewYearsMedium: 2 })).statusCode).toBe(200);
    await t.deps.queue.drain();
    expect((await read(never.id)).nextReviewAt).toBe(addYears(utcDay(never.createdAt), 2));
  });

  it('a bulk-loaded ficha gets its first date from its creation', async () => {
    const dni = rutOf(17_570_006);
    const bytes = await sheetBuffer([
      headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName']),
      ['natural', dni, 'Carga', 'Masiva'],
    ]);
    await startBulkLoad(t, bytes, { customName: 'Revisiones', loadType: 'fichas', country: 'CL' });
    await t.deps.queue.drain();
    const [id] = await listIds({ dni });
    expect(id).toBeTruthy();
    const f = await read(id as string);
    expect(f.risk).not.toBeNull();
    expect(f.nextReviewAt).toBe(addYears(utcDay(f.createdAt), DEFAULT_REVIEW_PERIODS[f.risk as Risk]));
  });
});

describe('a risk change reschedules the next review', () => {
  it('from the creation when never reviewed, from the last review once reviewed; the risk change is audited with it', async () => {
    const f = await newFicha(17_570_010, 'Cambio Riesgo');
    const created = utcDay(f.createdAt);
    const high = await overwrite(f.id, 'high');
    expect(high.nextReviewAt).toBe(addYears(created, 1));
    const [changed] = (await auditsOf(f.id, 'ficha.risk.overwritten')).slice(-1);
    expect(changed?.before).toMatchObject({ nextReviewAt: f.nextReviewAt });
    expect(changed?.after).toMatchObject({ risk: 'high', nextReviewAt: addYears(created, 1) });

    const done = await review(f.id, { checked: 'Documentos y listas revisados', outcome: 'noChanges' });
    expect(done.statusCode, done.body).toBe(200);
    const reviewedDay = utcDay(done.json().reviewedAt);
    expect(done.json().nextReviewAt).toBe(addYears(reviewedDay, 1));
    // the overwrite removed: the computed risk's period counts from the review, not from the creation
    const back = await overwrite(f.id, null);
    expect(back.risk).not.toBe('high');
    expect(back.nextReviewAt).toBe(addYears(reviewedDay, DEFAULT_REVIEW_PERIODS[back.risk as Risk]));
  });

  it('a computed risk change (the beneficial owner identified) reschedules it too', async () => {
    const company = await newFicha(76_570_011, 'Dueño Identificado SpA', 'legal');
    expect(company.risk).toBe('high');
    const owner = await t.post('admin', '/api/ficha-relationship', {
      fichaId: company.id,
      relationType: 'partners',
      dni: rut(18_570_012),
      name: 'Dueña',
      fatherName: 'Final',
      participation: 40,
    });
    expect(owner.statusCode, owner.body).toBe(200);
    const after = await read(company.id);
    expect(after.risk).not.toBe('high');
    const next = addYears(utcDay(company.createdAt), DEFAULT_REVIEW_PERIODS[after.risk as Risk]);
    expect(after.nextReviewAt).toBe(next);
    const [changed] = await auditsOf(company.id, 'ficha.risk.changed');
    expect(changed?.before).toMatchObject({ risk: 'high', nextReviewAt: company.nextReviewAt });
    expect(changed?.after).toMatchObject({ risk: after.risk, nextReviewAt: next, cause: 'relationshipChanged' });
  });
});

describe('POST and GET /fichas-clientes/{id}/reviews', () => {
  let ficha: Ficha;
  beforeAll(async () => {
    ficha = await newFicha(17_570_020, 'Revisada');
    await overwrite(ficha.id, 'medium');
  });
  const body = { checked: 'Cédula vigente, listas sin coincidencias, actividad coherente', outcome: 'noChanges' };

  it('401 without a session, 403 for a role that only reads fichas, 404 for another company’s ficha', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/fichas-clientes/${ficha.id}/reviews`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/fichas-clientes/${ficha.id}/reviews` })).statusCode).toBe(
      401,
    );
    for (const role of ['auditor', 'supervisor']) {
      const res = await review(ficha.id, body, role);
      expect(res.statusCode, role).toBe(403);
      const list = await t.get(role, `/api/fichas-clientes/${ficha.id}/reviews`);
      expect(list.statusCode, role).toBe(200);
    }
    const foreign = await review(ficha.id, body, 'admin', 'br');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('FICHA_NOT_FOUND');
    const foreignList = await t.get({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${ficha.id}/reviews`);
    expect(foreignList.statusCode).toBe(404);
    expect(await t.deps.db.selectFrom('fichaReviews').selectAll().where('fichaId', '=', ficha.id).execute()).toEqual(
      [],
    );
  });

  it('refuses a review without what was checked or with an unknown outcome, naming the field', async () => {
    const short = await t.post('admin', `/api/fichas-clientes/${ficha.id}/reviews`, {
      checked: 'ok',
      outcome: 'noChanges',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('checked');
    // the demo administrator reads Spanish
    expect(short.json().message).toContain('Describe lo que se revisó en al menos 10 caracteres');
    const outcome = await review(ficha.id, { checked: body.checked, outcome: 'fine' });
    expect(outcome.statusCode).toBe(400);
    expect(outcome.json().field).toBe('outcome');
  });

  it('records who and when, sets the next review from the risk, and audits it in the same transaction', async () => {
    const before = await read(ficha.id);
    const res = await review(ficha.id, body, 'frontdesk');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    const day = utcDay(r.reviewedAt);
    expect(Math.abs(Date.parse(r.reviewedAt) - Date.now())).toBeLessThan(10 * 60_000);
    expect(r).toMatchObject({ fichaId: ficha.id, outcome: 'noChanges', risk: 'medium', checked: body.checked });
    expect(r.reviewedByName).toBeTruthy();
    expect(r.nextReviewAt).toBe(addYears(day, 2));
    const after = await read(ficha.id, 'auditor');
    expect(after).toMatchObject({
      lastReviewedAt: r.reviewedAt,
      lastReviewOutcome: 'noChanges',
      nextReviewAt: addYears(day, 2),
      reviewState: 'upToDate',
    });
    const [row] = await auditsOf(ficha.id, 'ficha.reviewed');
    expect(row?.userId).toBe(r.reviewedBy);
    expect(row?.before).toMatchObject({ lastReviewedAt: null, nextReviewAt: before.nextReviewAt });
    expect(row?.after).toMatchObject({ reviewId: r.id, outcome: 'noChanges', nextReviewAt: addYears(day, 2) });
    // the history of the ficha tells it
    const history = await t.get('auditor', `/api/fichas-clientes/${ficha.id}/history`);
    expect((history.json().data as { action: string }[]).map((e) => e.action)).toContain('ficha.reviewed');
  });

  it('"relationship ended" schedules no next review; the list answers the reviews newest first', async () => {
    const res = await review(ficha.id, {
      checked: 'El cliente cerró su cuenta en la sucursal',
      outcome: 'relationshipEnded',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nextReviewAt).toBeNull();
    const after = await read(ficha.id);
    expect(after).toMatchObject({
      nextReviewAt: null,
      reviewState: 'notScheduled',
      lastReviewOutcome: 'relationshipEnded',
    });
    // a risk change does not bring a next review back after the relationship ended
    expect((await overwrite(ficha.id, 'high')).nextReviewAt).toBeNull();
    const list = await t.get('auditor', `/api/fichas-clientes/${ficha.id}/reviews`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { outcome: string }[]).map((x) => x.outcome)).toEqual(['relationshipEnded', 'noChanges']);
  });

  it('a ficha in the trash is not reviewed (409 naming why)', async () => {
    const f = await newFicha(17_570_021, 'En Papelera');
    const del = await t.patch('admin', '/api/fichas-clientes/soft-delete', { fichasIds: [f.id] });
    expect(del.statusCode, del.body).toBe(200);
    const res = await t.call({
      as: 'admin',
      method: 'POST',
      url: `/api/fichas-clientes/${f.id}/reviews`,
      payload: body,
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'FICHA_REVIEW_INACTIVE' });
    expect(res.json().message).toContain('papelera');
  });
});

describe('the review state: list filter, dashboard and weekly notification', () => {
  const ids = { overdue: '', due: '', upToDate: '', none: '' };
  const { today, monthEnd } = reviewWindow();
  beforeAll(async () => {
    ids.overdue = (await newFicha(17_570_030, 'Vencida')).id;
    ids.due = (await newFicha(17_570_031, 'Vence Este Mes')).id;
    ids.upToDate = (await newFicha(17_570_032, 'Al Dia')).id;
    ids.none = (await newFicha(17_570_033, 'Sin Programar')).id;
    await setNext(ids.overdue, shift(today, -1));
    await setNext(ids.due, today);
    await setNext(ids.upToDate, shift(monthEnd, 1));
    await setNext(ids.none, null);
  });

  it('the fichas list filters by review state, and its count agrees', async () => {
    for (const [state, id] of [
      ['overdue', ids.overdue],
      ['dueThisMonth', ids.due],
      ['upToDate', ids.upToDate],
      ['notScheduled', ids.none],
    ] as const) {
      const found = await listIds({ reviewState: state });
      expect(found, state).toContain(id);
      for (const other of Object.values(ids).filter((x) => x !== id)) expect(found, state).not.toContain(other);
      expect(await countOf({ reviewState: state })).toBe(found.length);
      expect((await read(id)).reviewState).toBe(state);
    }
    const both = await listIds({ reviewState: { inq: ['overdue', 'dueThisMonth'] } });
    expect(both).toEqual(expect.arrayContaining([ids.overdue, ids.due]));
    expect(both).not.toContain(ids.upToDate);
    // the month's last day is still "due this month", the next day is up to date
    await setNext(ids.due, monthEnd);
    expect(await listIds({ reviewState: 'dueThisMonth' })).toContain(ids.due);
    const bad = await t.get(
      'admin',
      `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where: { reviewState: 'late' } }))}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('where.reviewState');
  });

  it('the dashboard counts the reviews due this month and the overdue ones as the list filters them', async () => {
    const dash = async () => {
      const res = await t.get('admin', '/api/home-dashboard');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().reviews as { asOf: string; overdue: number; dueThisMonth: number };
    };
    const first = await dash();
    expect(first.asOf).toBe(today);
    expect(first.overdue).toBe(await countOf({ reviewState: 'overdue' }));
    expect(first.dueThisMonth).toBe(await countOf({ reviewState: 'dueThisMonth' }));
    expect(first.overdue).toBeGreaterThan(0);
    // one more overdue, one fewer due this month; a ficha in the trash is not counted
    await setNext(ids.due, shift(today, -30));
    const second = await dash();
    expect(second.overdue).toBe(first.overdue + 1);
    expect(second.dueThisMonth).toBe(first.dueThisMonth - 1);
    await t.patch('admin', '/api/fichas-clientes/soft-delete', { fichasIds: [ids.due] });
    expect((await dash()).overdue).toBe(first.overdue);
    await t.patch('admin', '/api/fichas-clientes/restore', { fichasIds: [ids.due] });
    // the other company sees its own figures only
    const br = await t.get({ as: 'admin', company: 'br' }, '/api/home-dashboard');
    expect(br.json().reviews).toMatchObject({ overdue: 0, dueThisMonth: 0 });
  });

  it('the weekly job writes one notification per company and week for the customer roles, naming the overdue ones', async () => {
    const now = new Date();
    const notes = () =>
      t.deps.db
        .selectFrom('notifications')
        .selectAll()
        .where('companyId', '=', t.companies.cl)
        .where('kind', '=', OVERDUE_NOTIFICATION_KIND)
        .execute();
    expect(await notes()).toHaveLength(0);
    expect(await scheduleOverdueReviews(t.deps, now)).toBe(true);
    expect(await scheduleOverdueReviews(t.deps, now)).toBe(false);
    await t.deps.queue.drain();
    const written = await notes();
    expect(written).toHaveLength(1);
    const overdue = await countOf({ reviewState: 'overdue' });
    expect(written[0]?.title).toBe(`Revisiones periódicas vencidas: ${overdue}`);
    expect(written[0]?.description).toContain('Vencida Revisión');
    expect(written[0]?.description).toContain('Vence Este Mes Revisión');
    expect(written[0]?.description).not.toContain('Al Dia');
    // run again in the same week (a second worker, a restart): nothing more
    expect(await runOverdueReviews(t.deps, now)).toBe(0);
    expect(await notes()).toHaveLength(1);
    const audits = await auditsOf(t.companies.cl, 'ficha.reviews.overdueNotified');
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ week: isoWeek(now), total: overdue });
    // the Brazilian company has none overdue: no notification
    const br = await t.deps.db
      .selectFrom('notifications')
      .select('id')
      .where('companyId', '=', t.companies.br)
      .where('kind', '=', OVERDUE_NOTIFICATION_KIND)
      .execute();
    expect(br).toHaveLength(0);
    // the customer roles read it, the allegation roles do not
    const filter = encodeURIComponent(JSON.stringify({ where: { kind: OVERDUE_NOTIFICATION_KIND } }));
    const admin = await t.get('admin', `/api/notifications?filter=${filter}`);
    expect(admin.json()).toHaveLength(1);
    const allegations = await t.get('denouncesAdmin', `/api/notifications?filter=${filter}`);
    expect(allegations.statusCode).toBe(200);
    expect(allegations.json()).toHaveLength(0);
    // each reader reads it in their own language (keys and values, decision 190), the names and dates kept
    const read = await readInLanguages(t, 'admin', 'cl', OVERDUE_NOTIFICATION_KIND);
    expect(read.es?.[0]?.title).toBe(`Revisiones periódicas vencidas: ${overdue}`);
    expect(read.en?.[0]?.title).toBe(`Overdue periodic reviews: ${overdue}`);
    expect(read.en?.[0]?.description).toMatch(
      /^The periodic review of these customers is overdue: .*Vencida Revisión \(due /,
    );
    expect(read.br?.[0]?.title).toBe(`Revisões periódicas vencidas: ${overdue}`);
    // next week: a new one
    expect(await runOverdueReviews(t.deps, new Date(now.getTime() + 7 * DAY))).toBe(1);
    expect(await notes()).toHaveLength(2);
  });
});

describe('migration 0570', () => {
  it('gives the fichas that existed their first date from their creation and risk (29 February to 28 February)', async () => {
    const leap = await newFicha(76_570_040, 'Bisiesta SpA', 'legal');
    expect(leap.risk).toBe('high');
    const late = await newFicha(17_570_041, 'Creada De Noche');
    const lateRisk = late.risk as Risk;
    await t.deps.db
      .updateTable('fichas')
      .set({ createdAt: new Date('2024-02-29T15:00:00.000Z') })
      .where('id', '=', leap.id)
      .execute();
    // 23:30 in Santiago is already the next day in UTC, the day the dates are counted in (decision 92)
    await t.deps.db
      .updateTable('fichas')
      .set({ createdAt: new Date('2023-06-10T23:30:00-04:00') })
      .where('id', '=', late.id)
      .execute();
    await m0570.down(t.deps.db as never);
    await m0570.up(t.deps.db as never);
    expect((await read(leap.id)).nextReviewAt).toBe('2025-02-28');
    expect((await read(late.id)).nextReviewAt).toBe(addYears('2023-06-11', DEFAULT_REVIEW_PERIODS[lateRisk]));
    const rows = await t.deps.db
      .selectFrom('fichas')
      .select(['risk', 'createdAt', 'nextReviewAt', 'lastReviewedAt'])
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r.lastReviewedAt).toBeNull();
      const expected = r.risk ? addYears(utcDay(r.createdAt), DEFAULT_REVIEW_PERIODS[r.risk]) : null;
      expect(r.nextReviewAt ? utcDay(r.nextReviewAt) : null).toBe(expected);
    }
  });
});
