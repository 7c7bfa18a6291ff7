import { translate } from '@regcheck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { runDeadlines } from './allegations.jobs';
import { fileReport, multipart, PNG, smallPdf, solved } from './allegations.test-helpers';

let t: TestApp;
let report: { id: string; code: string; pin: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  const res = (await fileReport(t, {}, [{ name: 'foto.png', bytes: PNG }])).json();
  const row = await t.deps.db
    .selectFrom('allegations')
    .select('id')
    .where('code', '=', res.id_denuncia)
    .executeTakeFirstOrThrow();
  report = { id: row.id, code: res.id_denuncia, pin: res.pin };
});
afterAll(async () => {
  await t?.close();
});

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const reporterView = async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/chat-denuncias-public/detail',
      payload: { companyId: t.companies.cl, denunciaId: report.code, pin: report.pin, captcha: await solved(t) },
    })
  ).json();

describe('/api/denuncia (case handling)', () => {
  it('401 without a session, 403 for roles other than the two allegation roles, 404 for another company', async () => {
    expect((await t.call({ method: 'GET', url: '/api/denuncia' })).statusCode).toBe(401);
    for (const role of ['admin', 'frontdesk', 'supervisor'] as const) {
      expect((await t.get(role, '/api/denuncia')).statusCode).toBe(403);
      expect((await t.get(role, `/api/denuncia/${report.id}`)).statusCode).toBe(403);
    }
    const other = await t.get({ as: 'denouncesCoordinator', company: 'br' }, `/api/denuncia/${report.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('ALLEGATION_NOT_FOUND');
    const otherPatch = await t.patch({ as: 'denouncesAdmin', company: 'br' }, `/api/denuncia/${report.id}`, {
      status: 'dismissed',
      reason: 'No corresponde',
    });
    expect(otherPatch.statusCode).toBe(404);
    const brList = (await t.get({ as: 'denouncesAdmin', company: 'br' }, '/api/denuncia')).json();
    expect(brList.map((i: { id: string }) => i.id)).not.toContain(report.id);
  });

  it('lists with filters and the open deadline; every read is audited', async () => {
    const list = await t.get('denouncesCoordinator', `/api/denuncia?filter=${q({ status: 'received' })}`);
    expect(list.statusCode).toBe(200);
    const item = list.json().find((i: { id: string }) => i.id === report.id);
    expect(item).toMatchObject({ code: report.code, category: 'fraud', status: 'received', overdue: false });
    expect(item.nextDeadline.deadline).toBe('acknowledge');
    const none = await t.get('denouncesCoordinator', `/api/denuncia?filter=${q({ status: 'resolved' })}`);
    expect(none.json()).toEqual([]);
    const overdue = await t.get('denouncesCoordinator', `/api/denuncia?filter=${q({ overdue: true })}`);
    expect(overdue.json()).toEqual([]);
    // the list answers an array (the spec's GET /denuncia); its number is GET /denuncia/count?where
    const count = (where: object) => t.get('denouncesCoordinator', `/api/denuncia/count?where=${q(where)}`);
    const all = await t.get('denouncesCoordinator', `/api/denuncia?filter=${q({ limit: 100 })}`);
    expect(all.json().length).toBeGreaterThan(0);
    expect((await count({})).json()).toEqual({ count: all.json().length });
    expect((await count({ status: 'received' })).json()).toEqual({
      count: all.json().filter((i: { status: string }) => i.status === 'received').length,
    });
    expect((await count({ status: 'resolved' })).json()).toEqual({ count: 0 });
    expect((await count({ overdue: true })).json()).toEqual({ count: 0 });
    expect((await count({ status: 'lost' })).json()).toMatchObject({ statusCode: 400, field: 'where.status' });
    expect((await t.call({ method: 'GET', url: '/api/denuncia/count' })).statusCode).toBe(401);
    expect((await t.get('admin', '/api/denuncia/count')).statusCode).toBe(403);
    const bad = await t.get('denouncesCoordinator', `/api/denuncia?filter=${q({ status: 'lost' })}`);
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'filter.status' });
    const detail = await t.get('denouncesCoordinator', `/api/denuncia/${report.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: report.id, anonymous: true, reporterName: null });
    expect(detail.json().files[0]).toMatchObject({ name: 'foto.png', mime: 'image/png' });
    expect(JSON.stringify(detail.json())).not.toMatch(/pinHash|storedName|\$argon2/);
    const viewed = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', report.id)
      .where('action', '=', 'allegation.viewed')
      .execute();
    expect(viewed).toHaveLength(1);
    expect(viewed[0]?.userId).toBeTruthy();
    const listed = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'allegation.listed')
      .execute();
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const file = await t.get('denouncesAdmin', `/api/denuncia/${report.id}/files/${detail.json().files[0].id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    const brFile = await t.get(
      { as: 'denouncesAdmin', company: 'br' },
      `/api/denuncia/${report.id}/files/${detail.json().files[0].id}`,
    );
    expect(brFile.statusCode).toBe(404);
  });

  it('messages reach the reporter, internal notes never do; the reporter answer reaches the handlers', async () => {
    const msg = await t.post('denouncesCoordinator', `/api/denuncia/${report.id}/messages`, {
      message: '¿Puede indicar el número de las facturas?',
    });
    expect(msg.statusCode).toBe(200);
    const note = await t.post('denouncesCoordinator', `/api/denuncia/${report.id}/notes`, {
      message: 'Nota interna: revisar al proveedor Acme',
    });
    expect(note.json().notes.map((n: { body: string }) => n.body)).toEqual(['Nota interna: revisar al proveedor Acme']);
    expect(note.json().messages.map((m: { body: string }) => m.body)).not.toContain(
      'Nota interna: revisar al proveedor Acme',
    );
    const seen = await reporterView();
    const bodies = seen.messages.map((m: { body: string }) => m.body);
    expect(bodies).toContain('¿Puede indicar el número de las facturas?');
    expect(JSON.stringify(seen)).not.toContain('Nota interna');
    expect(JSON.stringify(seen)).not.toContain('CL denouncesCoordinator');
    const empty = await t.post('denouncesCoordinator', `/api/denuncia/${report.id}/notes`, { message: '' });
    expect(empty.json()).toMatchObject({ statusCode: 400, field: 'message' });
    const otherNote = await t.post({ as: 'denouncesCoordinator', company: 'br' }, `/api/denuncia/${report.id}/notes`, {
      message: 'x',
    });
    expect(otherNote.statusCode).toBe(404);
  });

  it('handlers attach files to a message (the reporter gets them) and to a note (the reporter never does)', async () => {
    const pdf = await smallPdf();
    const msgParts = multipart({ message: 'Adjunto el formulario de ampliación.' }, [
      { name: 'formulario.pdf', bytes: pdf },
    ]);
    const msg = await t.call({
      as: 'denouncesAdmin',
      method: 'POST',
      url: `/api/denuncia/${report.id}/messages`,
      headers: msgParts.headers,
      payload: msgParts.payload,
    });
    expect(msg.statusCode).toBe(200);
    const sent = msg.json().messages.find((m: { body: string }) => m.body === 'Adjunto el formulario de ampliación.');
    expect(sent.files.map((f: { name: string }) => f.name)).toEqual(['formulario.pdf']);
    const noteParts = multipart({ message: 'Nota con el informe de Finanzas' }, [{ name: 'finanzas.png', bytes: PNG }]);
    const note = await t.call({
      as: 'denouncesCoordinator',
      method: 'POST',
      url: `/api/denuncia/${report.id}/notes`,
      headers: noteParts.headers,
      payload: noteParts.payload,
    });
    expect(note.statusCode).toBe(200);
    const added = note.json().notes.find((n: { body: string }) => n.body === 'Nota con el informe de Finanzas');
    expect(added.files.map((f: { name: string }) => f.name)).toEqual(['finanzas.png']);
    expect(note.json().files.map((f: { name: string }) => f.name)).not.toContain('finanzas.png');
    const noteFileId = added.files[0].id;
    const msgFileId = sent.files[0].id;

    // the reporter: sees the message's file, never the note's, and cannot download the note's with id and pin
    const seen = await reporterView();
    expect(JSON.stringify(seen)).toContain('formulario.pdf');
    expect(JSON.stringify(seen)).not.toContain('finanzas.png');
    const detail = await t.app.inject({
      method: 'POST',
      url: '/api/denuncia-public/detail',
      payload: { companyId: t.companies.cl, id_denuncia: report.code, pin: report.pin, captcha: await solved(t) },
    });
    expect(JSON.stringify(detail.json())).not.toContain('finanzas.png');
    const download = async (fileId: string, pin = report.pin) =>
      t.app.inject({
        method: 'POST',
        url: `/api/denuncia-public/files/${fileId}`,
        payload: { companyId: t.companies.cl, id_denuncia: report.code, pin, captcha: await solved(t) },
      });
    const got = await download(msgFileId);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(got.rawPayload, pdf)).toBe(0);
    expect((await download(noteFileId)).statusCode).toBe(404);
    expect((await download(msgFileId, '00000000')).statusCode).not.toBe(200);

    // the handlers download both; other roles, no session and another company do not
    const staffGet = (fileId: string, as: string, company?: 'br') =>
      t.call({ as, company, method: 'GET', url: `/api/denuncia/${report.id}/files/${fileId}` } as Parameters<
        TestApp['call']
      >[0]);
    expect((await staffGet(noteFileId, 'denouncesAdmin')).statusCode).toBe(200);
    expect((await staffGet(msgFileId, 'denouncesCoordinator')).statusCode).toBe(200);
    expect((await staffGet(noteFileId, 'admin')).statusCode).toBe(403);
    expect((await staffGet(noteFileId, 'denouncesCoordinator', 'br')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/denuncia/${report.id}/files/${noteFileId}` })).statusCode,
    ).toBe(401);

    // same content checks as the reporter's: an executable renamed .pdf is refused, nothing is written
    const before = await t.deps.db.selectFrom('allegationNotes').select('id').execute();
    const bad = multipart({ message: 'Nota con un ejecutable' }, [
      { name: 'informe.pdf', bytes: Buffer.from('MZ\x90\x00 this is not a pdf') },
    ]);
    const refused = await t.call({
      as: 'denouncesAdmin',
      method: 'POST',
      url: `/api/denuncia/${report.id}/notes`,
      headers: bad.headers,
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('files');
    expect(await t.deps.db.selectFrom('allegationNotes').select('id').execute()).toHaveLength(before.length);
  });

  it('status changes need a reason and follow the flow; each one is in the history and the audit log', async () => {
    const noReason = await t.patch('denouncesAdmin', `/api/denuncia/${report.id}`, { status: 'acknowledged' });
    expect(noReason.json()).toMatchObject({ statusCode: 400, code: 'ALLEGATION_REASON_REQUIRED', field: 'reason' });
    const jump = await t.patch('denouncesAdmin', `/api/denuncia/${report.id}`, {
      status: 'resolved',
      reason: 'Sin más antecedentes',
    });
    expect(jump.json()).toMatchObject({ statusCode: 409, code: 'ALLEGATION_STATUS_TRANSITION' });
    const unknown = await t.patch('denouncesAdmin', `/api/denuncia/${report.id}`, { status: 'closed' });
    expect(unknown.json()).toMatchObject({ statusCode: 400, field: 'status' });
    const ack = await t.patch('denouncesAdmin', `/api/denuncia/${report.id}`, {
      status: 'acknowledged',
      reason: 'Acuse de recibo enviado al denunciante',
    });
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ status: 'acknowledged', nextDeadline: { deadline: 'feedback' } });
    expect(ack.json().acknowledgedAt).toBeTruthy();
    expect(ack.json().history.at(-1)).toMatchObject({
      fromStatus: 'received',
      toStatus: 'acknowledged',
      userName: 'CL denouncesAdmin',
    });
    expect((await reporterView()).messages).toBeDefined();
    const seen = (
      await t.app.inject({
        method: 'POST',
        url: '/api/denuncia-public/detail',
        payload: { companyId: t.companies.cl, id_denuncia: report.code, pin: report.pin, captcha: await solved(t) },
      })
    ).json();
    expect(seen.status).toBe('acknowledged');
    const karin = await t.patch('denouncesAdmin', `/api/denuncia/${report.id}`, { category: 'harassment' });
    expect(karin.json()).toMatchObject({ leyKarin: true, category: 'harassment' });
    expect(karin.json().investigationDue).toBeTruthy();
    const changed = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'before', 'after'])
      .where('entityId', '=', report.id)
      .where('action', 'in', ['allegation.status.changed', 'allegation.updated'])
      .execute();
    expect(changed.map((c) => c.action).sort()).toEqual(['allegation.status.changed', 'allegation.updated']);
  });

  it('assigns to an allegation handler of the company only', async () => {
    const users = await t.get('denouncesAdmin', `/api/users/denounces/${t.companies.cl}`);
    expect(users.statusCode).toBe(200);
    expect(
      users
        .json()
        .map((u: { role: string }) => u.role)
        .sort(),
    ).toEqual(['denouncesAdmin', 'denouncesCoordinator']);
    expect((await t.get('denouncesAdmin', `/api/users/denounces/${t.companies.br}`)).statusCode).toBe(404);
    expect((await t.get('admin', `/api/users/denounces/${t.companies.cl}`)).statusCode).toBe(403);
    const frontdesk = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'frontdesk.cl@demo.regcheck.app')
      .executeTakeFirstOrThrow();
    const refused = await t.post('denouncesAdmin', '/api/denuncia-assign', {
      denunciaId: report.id,
      userId: frontdesk.id,
    });
    expect(refused.json()).toMatchObject({ statusCode: 400, code: 'ALLEGATION_ASSIGNEE_INVALID' });
    const coordinator = users.json().find((u: { role: string }) => u.role === 'denouncesCoordinator');
    const ok = await t.post('denouncesAdmin', '/api/denuncia-assign', {
      denunciaId: report.id,
      userId: coordinator.id,
    });
    expect(ok.json()).toMatchObject({ assignedTo: coordinator.id, assignedName: 'CL denouncesCoordinator' });
    const filtered = await t.get('denouncesAdmin', `/api/denuncia?filter=${q({ assignedTo: coordinator.id })}`);
    expect(filtered.json().map((i: { id: string }) => i.id)).toEqual([report.id]);
    const brAssign = await t.post({ as: 'denouncesAdmin', company: 'br' }, '/api/denuncia-assign', {
      denunciaId: report.id,
      userId: null,
    });
    expect(brAssign.statusCode).toBe(404);
  });

  it('exports the list as xlsx (audited)', async () => {
    const x = await t.get('denouncesCoordinator', '/api/denuncia/export');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('settings, dashboard and reports (allegations administrator)', () => {
  it('settings: coordinator reads, only the administrator changes them', async () => {
    const s = await t.get('denouncesCoordinator', '/api/denuncia-settings');
    expect(s.json()).toMatchObject({ acknowledgeDays: 7, feedbackMonths: 3, karinBusinessDays: 30 });
    const body = { ...s.json(), categories: [...s.json().categories, 'Uso indebido de información'] };
    expect((await t.put('denouncesCoordinator', '/api/denuncia-settings', body)).statusCode).toBe(403);
    const put = await t.put('denouncesAdmin', '/api/denuncia-settings', body);
    expect(put.json().categories).toContain('Uso indebido de información');
    const channel = await t.app.inject({ method: 'GET', url: `/api/denuncia-public/channel/${t.companies.cl}` });
    expect(channel.json().categories).toContain('Uso indebido de información');
    const bad = await t.put('denouncesAdmin', '/api/denuncia-settings', { ...body, acknowledgeDays: 0 });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'acknowledgeDays' });
  });

  it('six modes, all at once, and Modo inválido for any other', async () => {
    const base = `/api/informes/denuncias/${t.companies.cl}`;
    expect((await t.call({ method: 'GET', url: `${base}/all` })).statusCode).toBe(401);
    expect((await t.get('denouncesCoordinator', `${base}/all`)).statusCode).toBe(403);
    expect((await t.get({ as: 'denouncesAdmin', company: 'br' }, `${base}/all`)).statusCode).toBe(404);
    const all = await t.get('denouncesAdmin', `${base}/all`);
    expect(all.statusCode).toBe(200);
    expect(Object.keys(all.json().modes).sort()).toEqual(
      ['anonymous', 'assigned_person', 'category', 'client_relationship', 'status', 'timeframes'].sort(),
    );
    expect(all.json().total).toBe(1);
    const anon = await t.get('denouncesAdmin', `${base}/anonymous`);
    expect(anon.json()).toEqual({ mode: 'anonymous', data: [{ key: 'anonymous', label: null, count: 1 }] });
    const who = await t.get('denouncesAdmin', `${base}/assigned_person`);
    expect(who.json().data[0].label).toBe('CL denouncesCoordinator');
    const invalid = await t.get('denouncesAdmin', `${base}/weekly`);
    expect(invalid.json()).toMatchObject({ statusCode: 400, message: 'Modo inválido' });
    const range = await t.get('denouncesAdmin', `${base}/all?init=2020-01-01&end=2020-12-31`);
    expect(range.json().total).toBe(0);
    const reversed = await t.get('denouncesAdmin', `${base}/all?init=2026-12-01&end=2026-01-01`);
    expect(reversed.statusCode).toBe(400);
    const agg = await t.get('denouncesAdmin', '/api/dashboard/aggregates');
    expect(agg.json().total).toBe(1);
    const rep = await t.get('denouncesAdmin', `/api/informes/reportes-denuncias/${t.companies.cl}`);
    expect(rep.json().map((i: { id: string }) => i.id)).toEqual([report.id]);
    expect((await t.get('denouncesAdmin', `/api/informes/reportes-denuncias/${t.companies.br}`)).statusCode).toBe(404);
  });
});

describe('the daily deadline job', () => {
  it('e-mails the assignee and the administrator and writes a notification, once per deadline and stage', async () => {
    await t.deps.db
      .updateTable('allegations')
      .set({ feedbackDue: '2026-01-05', investigationDue: null })
      .where('id', '=', report.id)
      .execute();
    const sent = await runDeadlines(t.deps, '2026-01-10');
    expect(sent).toBe(1);
    const mails = await t.deps.db.selectFrom('outbox').selectAll().where('kind', '=', 'allegation.deadline').execute();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      'denouncesadmin.cl@demo.regcheck.app',
      'denouncescoordinator.cl@demo.regcheck.app',
    ]);
    expect(mails[0]?.subject).toContain(report.code);
    expect(mails[0]?.subject).toContain('05/01/2026');
    expect(JSON.stringify(mails)).not.toContain('Facturas');
    const notes = await t.deps.db.selectFrom('notifications').selectAll().where('kind', '=', 'allegation').execute();
    expect(notes).toHaveLength(1);
    expect(await runDeadlines(t.deps, '2026-01-11')).toBe(0);
    // the list shows it overdue
    const list = await t.get('denouncesAdmin', `/api/denuncia?filter=${q({ overdue: true })}`);
    expect(list.json().map((i: { id: string }) => i.id)).toEqual([report.id]);
  });
});

describe('a Ley Karin complaint is investigated, never screened out (Ley 21.643)', () => {
  const fileKarin = async () => {
    const res = await fileReport(t, { category: 'harassment', description: 'Acoso laboral reiterado de un jefe.' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.deps.db
      .selectFrom('allegations')
      .select(['id', 'leyKarin'])
      .where('code', '=', res.json().id_denuncia)
      .executeTakeFirstOrThrow();
    expect(row.leyKarin).toBe(true);
    return row.id;
  };
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.patch('denouncesAdmin', `/api/denuncia/${id}`, payload);
  const statusOf = async (id: string) => (await t.get('denouncesAdmin', `/api/denuncia/${id}`)).json().status;

  it('cannot be dismissed from received, nor after acknowledgement or investigation, naming the status', async () => {
    const id = await fileKarin();
    const straight = await patch(id, { status: 'dismissed', reason: 'No admisible' });
    expect(straight.statusCode).toBe(409);
    expect(straight.json()).toMatchObject({ code: 'ALLEGATION_KARIN_NOT_DISMISSED', field: 'status' });
    // the Chilean demo user reads Spanish: the message names the status as the page shows it
    expect(straight.json().message).toContain('"Desestimada"');
    expect(await statusOf(id)).toBe('received');
    expect((await patch(id, { status: 'acknowledged', reason: 'Acuse de recibo enviado' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'dismissed', reason: 'No admisible' })).json().code).toBe(
      'ALLEGATION_KARIN_NOT_DISMISSED',
    );
    expect((await patch(id, { status: 'investigating', reason: 'Se abre la investigación' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'dismissed', reason: 'Sin mérito' })).json().code).toBe(
      'ALLEGATION_KARIN_NOT_DISMISSED',
    );
    expect(await statusOf(id)).toBe('investigating');
    const rows = await t.deps.db
      .selectFrom('allegationStatusChanges')
      .select('toStatus')
      .where('allegationId', '=', id)
      .execute();
    expect(rows.map((r) => r.toStatus)).not.toContain('dismissed');
  });

  it('is resolved only after its investigation, with the outcome as the reason', async () => {
    const id = await fileKarin();
    const early = await patch(id, { status: 'resolved', reason: 'Se resolvió conversando con las partes' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'ALLEGATION_KARIN_INVESTIGATION_FIRST', field: 'status' });
    expect(early.json().message).toContain('"En investigación"');
    expect((await patch(id, { status: 'investigating', reason: 'Se abre la investigación' })).statusCode).toBe(200);
    const short = await patch(id, { status: 'resolved', reason: 'Cerrada' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'ALLEGATION_KARIN_RESOLUTION_REQUIRED', field: 'reason' });
    const outcome = 'Se acreditó el acoso; amonestación escrita y cambio de jefatura.';
    const closed = await patch(id, { status: 'resolved', reason: outcome });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('resolved');
    expect(closed.json().history.at(-1)).toMatchObject({
      fromStatus: 'investigating',
      toStatus: 'resolved',
      reason: outcome,
    });
  });

  it('a complaint given the Ley Karin category in the same call cannot be dismissed; another category still can', async () => {
    const res = await fileReport(t, { category: 'fraud' });
    const id = (
      await t.deps.db
        .selectFrom('allegations')
        .select('id')
        .where('code', '=', res.json().id_denuncia)
        .executeTakeFirstOrThrow()
    ).id;
    const both = await patch(id, { category: 'harassment', status: 'dismissed', reason: 'No admisible' });
    expect(both.json().code).toBe('ALLEGATION_KARIN_NOT_DISMISSED');
    expect(await statusOf(id)).toBe('received');
    const fraud = await patch(id, { status: 'dismissed', reason: 'Hechos ajenos a la empresa' });
    expect(fraud.statusCode, fraud.body).toBe(200);
    expect(fraud.json().status).toBe('dismissed');
  });

  it('the messages exist in es, pt-BR and en, each naming the status in its language', () => {
    const labels = { es: 'Desestimada', 'pt-BR': 'Arquivada', en: 'Dismissed' } as const;
    for (const [lang, label] of Object.entries(labels))
      expect(translate(lang as keyof typeof labels, 'allegations:errors.ALLEGATION_KARIN_NOT_DISMISSED')).toContain(
        `"${label}"`,
      );
    const min = translate('en', 'allegations:errors.ALLEGATION_KARIN_RESOLUTION_REQUIRED', { min: 20 });
    expect(min).toContain('20');
  });
});
