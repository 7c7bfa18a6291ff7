import { translate } from '@regcheck/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import * as m0556 from '../../db/migrations/0556_bacen_registration_lateness';
import { declarationPeriod } from './bacen.service';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const record = (over: Record<string, unknown> = {}) => ({
  suspectName: 'João Fraudador',
  suspectDocument: '529.982.247-25',
  description: 'Pix para conta de terceiro logo após troca de senha',
  registeringInstitution: 'Banco Demo S.A.',
  operationType: 'pix',
  destination: {
    institution: 'Banco Destino',
    branch: '0001',
    account: '12345-6',
    holder: 'Conta Laranja',
    holderDocument: '44.038.188/0001-32',
    pixKey: 'laranja@example.com',
  },
  consent: true,
  identifiedAt: hoursAgo(2),
  ...over,
});
const post = (payload: Record<string, unknown>, as = 'admin', company: 'cl' | 'br' = 'br') =>
  t.post({ as, company }, '/api/bacen-reports', payload);

describe('Bacen fraud-indication records', () => {
  let id: string;

  it('401 without a session; 403 for a role without the key and for a Chilean company; 404 for another company', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/bacen-reports/${t.companies.br}` })).statusCode).toBe(401);
    expect((await post(record(), 'frontdesk')).statusCode).toBe(403);
    expect((await post(record(), 'auditor')).statusCode).toBe(403);
    const cl = await t.get({ as: 'admin', company: 'cl' }, `/api/bacen-reports/${t.companies.cl}`);
    expect(cl.statusCode).toBe(403);
    expect((await post(record(), 'admin', 'cl')).statusCode).toBe(403);
    const other = await t.get({ as: 'admin', company: 'br' }, `/api/bacen-reports/${t.companies.cl}`);
    expect(other.statusCode).toBe(404);
  });

  it('registers a record within 24 hours: not late, with the deadline', async () => {
    const res = await post(record());
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    id = r.id;
    expect(r).toMatchObject({ late: false, consent: true, version: 1, operationType: 'pix', deletedAt: null });
    expect(new Date(r.deadlineAt).getTime() - new Date(r.identifiedAt).getTime()).toBe(24 * 3600_000);
    expect(r.destination).toMatchObject({ pixKey: 'laranja@example.com', holderDocument: '44.038.188/0001-32' });
  });

  it('a record registered more than 24 hours after the identification is flagged late', async () => {
    const res = await post(record({ identifiedAt: hoursAgo(30) }), 'adminNoUser');
    expect(res.statusCode).toBe(200);
    expect(res.json().late).toBe(true);
  });

  it('refuses a record without consent, an invalid CPF and a future identification', async () => {
    const noConsent = await post(record({ consent: false }));
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json()).toMatchObject({
      code: 'BACEN_CONSENT_REQUIRED',
      message: 'É necessário o consentimento prévio do cliente.',
    });
    const badCpf = await post(record({ suspectDocument: '111.111.111-11' }));
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.body).toContain('suspectDocument');
    expect((await post(record({ identifiedAt: new Date(Date.now() + 3600_000).toISOString() }))).statusCode).toBe(400);
    expect((await post(record({ description: '' }))).statusCode).toBe(400);
  });

  it('lists and reads the record; every access is traced in the audit log', async () => {
    const list = await t.get({ as: 'admin', company: 'br' }, `/api/bacen-reports/${t.companies.br}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().count).toBe(2);
    const one = await t.get({ as: 'adminNoUser', company: 'br' }, `/api/bacen-reports/${t.companies.br}/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, versions: [] });
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entityId'])
      .where('action', 'in', ['bacen.report.viewed', 'bacen.reports.listed'])
      .execute();
    expect(rows.some((r) => r.action === 'bacen.report.viewed' && r.entityId === id)).toBe(true);
    expect(rows.some((r) => r.action === 'bacen.reports.listed')).toBe(true);
  });

  it('a change keeps the previous version with its reason', async () => {
    const noReason = await t.put({ as: 'admin', company: 'br' }, `/api/bacen-reports/${id}`, {
      ...record(),
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await t.put({ as: 'admin', company: 'br' }, `/api/bacen-reports/${id}`, {
      ...record({ description: 'Descrição corrigida' }),
      reason: 'Correção da descrição',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, description: 'Descrição corrigida' });
    const one = await t.get({ as: 'admin', company: 'br' }, `/api/bacen-reports/${t.companies.br}/${id}`);
    expect(one.json().versions).toHaveLength(1);
    expect(one.json().versions[0]).toMatchObject({ version: 1, reason: 'Correção da descrição' });
    expect(one.json().versions[0].data.description).toBe('Pix para conta de terceiro logo após troca de senha');
    // who made the change: the user's name, for the auditor
    expect(one.json().versions[0].changedByName).toEqual(expect.any(String));
    expect(one.json().versions[0].changedByName.length).toBeGreaterThan(0);
  });

  it('a deletion needs a reason; the deleted record keeps its versions and leaves the list', async () => {
    const url = `/api/bacen-reports/${id}`;
    const none = await t.patch({ as: 'admin', company: 'br' }, url, { deletedReason: ' ' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('BACEN_REASON_REQUIRED');
    const other = await t.patch({ as: 'admin', company: 'cl' }, url, { deletedReason: 'x' });
    expect(other.statusCode).toBe(403);
    const res = await t.patch({ as: 'admin', company: 'br' }, url, { deletedReason: 'Registro em duplicidade' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deletedReason: 'Registro em duplicidade', version: 3 });
    const again = await t.patch({ as: 'admin', company: 'br' }, url, { deletedReason: 'x' });
    expect(again.statusCode).toBe(409);
    const list = await t.get({ as: 'admin', company: 'br' }, `/api/bacen-reports/${t.companies.br}`);
    expect(list.json().count).toBe(1);
    const deleted = await t.get({ as: 'admin', company: 'br' }, `/api/bacen-reports/${t.companies.br}?deleted=true`);
    expect(deleted.json().data[0]).toMatchObject({ id, deletedReason: 'Registro em duplicidade' });
  });

  it('an unknown record is a 404', async () => {
    const res = await t.get(
      { as: 'admin', company: 'br' },
      `/api/bacen-reports/${t.companies.br}/00000000-0000-4000-8000-000000000000`,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('monthly conformity declaration', () => {
  it('covers the previous month and is due by the 15th', () => {
    expect(declarationPeriod(new Date('2026-01-10T12:00:00Z'))).toEqual({
      month: '2025-12',
      dueDate: '2026-01-15',
      pastDue: false,
    });
    expect(declarationPeriod(new Date('2026-11-16T00:00:00Z')).pastDue).toBe(true);
  });

  it('is filed once and shown as filed', async () => {
    const before = await t.get({ as: 'admin', company: 'br' }, '/api/bacen-declarations/current');
    expect(before.statusCode).toBe(200);
    expect(before.json().declaredAt).toBeNull();
    const filed = await t.post({ as: 'admin', company: 'br' }, '/api/bacen-declarations');
    expect(filed.statusCode).toBe(200);
    expect(filed.json().declaredAt).not.toBeNull();
    expect((await t.post({ as: 'admin', company: 'cl' }, '/api/bacen-declarations')).statusCode).toBe(403);
  });
});

describe('records that cannot be bent (issue 23)', () => {
  const put = (id: string, payload: Record<string, unknown>) =>
    t.put({ as: 'admin', company: 'br' }, `/api/bacen-reports/${id}`, payload);
  const read = async (id: string) =>
    (await t.get({ as: 'admin', company: 'br' }, `/api/bacen-reports/${t.companies.br}/${id}`)).json();

  it('a late record stays late when a later identification time is given; the change is audited before and after', async () => {
    const identified = hoursAgo(30);
    const created = await post(record({ identifiedAt: identified }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(created.json().late).toBe(true);
    expect(new Date(created.json().firstIdentifiedAt).getTime()).toBe(new Date(identified).getTime());
    const later = hoursAgo(2);
    const res = await put(id, { ...record({ identifiedAt: later }), reason: 'Hora de identificação corrigida' });
    expect(res.statusCode, res.body).toBe(200);
    expect(new Date(res.json().identifiedAt).getTime()).toBe(new Date(later).getTime());
    expect(res.json().late).toBe(true);
    expect(new Date(res.json().firstIdentifiedAt).getTime()).toBe(new Date(identified).getTime());
    // the deadline still counts from the identification the record was registered with
    expect(new Date(res.json().deadlineAt).getTime()).toBe(new Date(identified).getTime() + 24 * 3600_000);
    expect((await read(id)).late).toBe(true);
    const list = await t.get({ as: 'admin', company: 'br' }, `/api/bacen-reports/${t.companies.br}`);
    expect(list.json().data.find((r: { id: string }) => r.id === id).late).toBe(true);
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['before', 'after'])
      .where('action', '=', 'bacen.report.identification.changed')
      .where('entityId', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0] as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(new Date(String(row.before.identifiedAt)).getTime()).toBe(new Date(identified).getTime());
    expect(row.before.late).toBe(true);
    expect(new Date(String(row.after.identifiedAt)).getTime()).toBe(new Date(later).getTime());
    expect(row.after).toMatchObject({ late: true, reason: 'Hora de identificação corrigida' });
  });

  it('an on-time record given an earlier identification that puts it over 24 hours becomes late, and never back', async () => {
    const created = await post(record({ identifiedAt: hoursAgo(1) }));
    const id = created.json().id as string;
    expect(created.json().late).toBe(false);
    const same = await put(id, { ...record({ identifiedAt: created.json().identifiedAt }), reason: 'Sem mudança' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().late).toBe(false);
    const earlier = await put(id, { ...record({ identifiedAt: hoursAgo(40) }), reason: 'Identificado antes' });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(earlier.json().late).toBe(true);
    const back = await put(id, { ...record({ identifiedAt: hoursAgo(1) }), reason: 'Voltando a hora' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().late).toBe(true);
    const audited = await t.deps.db
      .selectFrom('auditLog')
      .select('id')
      .where('action', '=', 'bacen.report.identification.changed')
      .where('entityId', '=', id)
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('a transfer needs its destination account: refused naming the field, with its message in pt-BR, es and en', async () => {
    const res = await post(record({ operationType: 'transfer', destination: null }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BACEN_DESTINATION_REQUIRED', field: 'destination.institution' });
    // the Brazilian demo user reads Portuguese; the same message exists in Spanish and English
    expect(res.json().message).toBe(
      translate('pt-BR', 'records:errors.BACEN_DESTINATION_REQUIRED', { field: 'institution' }),
    );
    const messages = (['pt-BR', 'es', 'en'] as const).map((l) =>
      translate(l, 'records:errors.BACEN_DESTINATION_REQUIRED', { field: 'institution' }),
    );
    expect(new Set(messages).size).toBe(3);
    for (const m of messages) expect(m).toContain('destination.institution');
    const noAccount = await post(record({ operationType: 'transfer', destination: { institution: 'Banco Destino' } }));
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().field).toBe('destination.account');
    const blank = await post(record({ operationType: 'transfer', destination: { institution: ' ', account: ' ' } }));
    expect(blank.json().field).toBe('destination.institution');
    const ok = await post(
      record({ operationType: 'transfer', destination: { institution: 'Banco Destino', account: '12345-6' } }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    // a change that turns a record into a transfer meets the same rule
    const other = await post(record({ operationType: 'other', destination: null }));
    expect(other.statusCode, other.body).toBe(200);
    const toTransfer = await put(other.json().id, {
      ...record({ operationType: 'transfer', destination: null }),
      reason: 'Era uma transferência',
    });
    expect(toTransfer.statusCode).toBe(400);
    expect(toTransfer.json().code).toBe('BACEN_DESTINATION_REQUIRED');
  });

  it('a Pix needs its key or the destination institution and account', async () => {
    const none = await post(record({ operationType: 'pix', destination: { holder: 'Alguém' } }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'BACEN_DESTINATION_REQUIRED', field: 'destination.pixKey' });
    const key = await post(record({ operationType: 'pix', destination: { pixKey: 'chave@example.com' } }));
    expect(key.statusCode, key.body).toBe(200);
    const account = await post(
      record({ operationType: 'pix', destination: { institution: 'Banco Destino', account: '999-1' } }),
    );
    expect(account.statusCode, account.body).toBe(200);
  });

  it('migration 0556 backfills the stored lateness and first identification of existing records from their values', async () => {
    const created = await post(record({ identifiedAt: hoursAgo(3) }));
    const id = created.json().id as string;
    expect(created.json().late).toBe(false);
    // a record as it stood before the migration: its identification had been moved 40 hours before registration
    const registered = new Date(created.json().registeredAt);
    const moved = new Date(registered.getTime() - 40 * 3600_000);
    await t.deps.db.updateTable('bacenReports').set({ identifiedAt: moved }).where('id', '=', id).execute();
    await m0556.down(t.deps.db as never);
    await m0556.up(t.deps.db as never);
    const row = await read(id);
    expect(row.late).toBe(true);
    expect(new Date(row.firstIdentifiedAt).getTime()).toBe(moved.getTime());
    const others = await t.deps.db
      .selectFrom('bacenReports')
      .select(['late', 'identifiedAt', 'registeredAt', 'firstIdentifiedAt'])
      .execute();
    for (const r of others) {
      expect(new Date(r.firstIdentifiedAt).getTime()).toBe(new Date(r.identifiedAt).getTime());
      expect(r.late).toBe(new Date(r.registeredAt).getTime() - new Date(r.identifiedAt).getTime() > 24 * 3600_000);
    }
  });
});
