import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { countReports } from '../../../test/allegations-fixtures';
import { useTestApp } from '../../../test/harness';
import { up as migrate0600 } from '../../db/migrations/0600_allegations_brazil_categories';
import { fileReport } from './allegations.test-helpers';

/** Issue 23, point 3 (decisions 136 to 138): the channel follows the company's country, Ley Karin is Chile's. */
const t = useTestApp({ RATE_LIMIT_MAX: '1000' });

const BR_REPORT = {
  description: 'Meu gerente faz comentários de cunho sexual e me humilha diante da equipe.',
  occurredWhere: 'Escritório de São Paulo',
  anonymous: false,
  reporterName: 'Joana Souza',
  reporterEmail: 'joana@example.com.br',
};

const rowOf = (code: string) =>
  t.deps.db.selectFrom('allegations').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

describe('categories by country', () => {
  it("the public channel offers each company its country's categories: Ley Karin in Chile only, Lei 14.457/2022 in Brazil", async () => {
    const cl = (await t.app.inject({ method: 'GET', url: `/api/denuncia-public/channel/${t.companies.cl}` })).json();
    const br = (await t.app.inject({ method: 'GET', url: `/api/denuncia-public/channel/${t.companies.br}` })).json();
    expect(cl).toMatchObject({ country: 'CL' });
    expect(cl.categories).toEqual([
      'fraud',
      'corruption',
      'moneyLaundering',
      'harassment',
      'conflictOfInterest',
      'other',
    ]);
    expect(br).toMatchObject({ country: 'BR' });
    expect(br.categories).toEqual([
      'fraud',
      'corruption',
      'moneyLaundering',
      'harassmentBr',
      'conflictOfInterest',
      'other',
    ]);
  });

  it('a Brazilian harassment report gets no Ley Karin flag nor its 30-business-day deadline, only the general ones', async () => {
    const res = await fileReport(t, { ...BR_REPORT, companyId: t.companies.br, category: 'harassmentBr' });
    expect(res.statusCode).toBe(200);
    const row = await rowOf(res.json().id_denuncia);
    expect(row).toMatchObject({ category: 'harassmentBr', leyKarin: false, investigationDue: null });
    const detail = (await t.get({ as: 'denouncesAdmin', company: 'br' }, `/api/denuncia/${row.id}`)).json();
    expect(detail).toMatchObject({ leyKarin: false, investigationDue: null });
    expect(detail.nextDeadline).toMatchObject({ deadline: 'acknowledge' });
    // the general flow: a Brazilian harassment report can be dismissed with its reason, which Ley Karin forbids
    const dismissed = await t.patch({ as: 'denouncesAdmin', company: 'br' }, `/api/denuncia/${row.id}`, {
      status: 'dismissed',
      reason: 'Fatos fora do âmbito do canal',
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', leyKarin: false });
  });

  it("the public filing of another country's category is refused naming the field, in pt-BR, es and en, and nothing is written", async () => {
    const before = await countReports(t);
    const messages: Record<string, string> = {};
    for (const lang of ['pt-BR', 'es', 'en']) {
      const res = await fileReport(t, { ...BR_REPORT, companyId: t.companies.br, category: 'harassment' }, [], {
        'accept-language': lang,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ALLEGATION_CATEGORY_OTHER_COUNTRY', field: 'category' });
      messages[lang] = res.json().message;
    }
    expect(messages['pt-BR']).toContain('Escolha uma categoria da lista');
    expect(messages.es).toContain('Elija una categoría de la lista');
    expect(messages.en).toContain('Choose a category from the list');
    // and Brazil's category in a Chilean channel
    const cl = await fileReport(t, { category: 'harassmentBr' });
    expect(cl.statusCode).toBe(400);
    expect(cl.json()).toMatchObject({ code: 'ALLEGATION_CATEGORY_OTHER_COUNTRY', field: 'category' });
    expect(await countReports(t)).toBe(before);
  });

  it('a Chilean harassment report is still Ley Karin, with its 30-business-day deadline', async () => {
    const res = await fileReport(t, {
      category: 'harassment',
      anonymous: false,
      reporterName: 'Ana Pérez',
      reporterEmail: 'ana@example.cl',
    });
    const row = await rowOf(res.json().id_denuncia);
    expect(row.leyKarin).toBe(true);
    expect(row.investigationDue).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("internal screens: a Brazilian report cannot be given the Ley Karin category; Brazil's harassment gives no deadline", async () => {
    const filed = await fileReport(t, { ...BR_REPORT, companyId: t.companies.br, category: 'other' });
    const row = await rowOf(filed.json().id_denuncia);
    const patch = (payload: Record<string, string>) =>
      t.patch({ as: 'denouncesCoordinator', company: 'br' }, `/api/denuncia/${row.id}`, payload);
    const karin = await patch({ category: 'harassment' });
    expect(karin.statusCode).toBe(400);
    expect(karin.json()).toMatchObject({ code: 'ALLEGATION_CATEGORY_OTHER_COUNTRY', field: 'category' });
    expect((await rowOf(filed.json().id_denuncia)).category).toBe('other');
    const br = await patch({ category: 'harassmentBr' });
    expect(br.statusCode).toBe(200);
    expect(br.json()).toMatchObject({ category: 'harassmentBr', leyKarin: false, investigationDue: null });
  });

  it("the settings show a Brazilian company Brazil's categories and refuse Ley Karin naming the entry; Chile keeps its own", async () => {
    const get = await t.get({ as: 'denouncesAdmin', company: 'br' }, '/api/denuncia-settings');
    expect(get.json()).toMatchObject({ country: 'BR' });
    expect(get.json().categories).toContain('harassmentBr');
    expect(get.json().categories).not.toContain('harassment');
    const body = { ...get.json(), categories: ['fraud', 'harassment', 'Outro assunto'] };
    const put = await t.call({
      as: 'denouncesAdmin',
      company: 'br',
      method: 'PUT',
      url: '/api/denuncia-settings',
      payload: body,
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ code: 'ALLEGATION_CATEGORY_OTHER_COUNTRY', field: 'categories.1' });
    const own = await t.put({ as: 'denouncesAdmin', company: 'br' }, '/api/denuncia-settings', {
      ...body,
      categories: ['fraud', 'harassmentBr', 'Outro assunto'],
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().categories).toEqual(['fraud', 'harassmentBr', 'Outro assunto']);
    const cl = await t.get({ as: 'denouncesAdmin', company: 'cl' }, '/api/denuncia-settings');
    expect(cl.json()).toMatchObject({ country: 'CL' });
    expect(cl.json().categories).toContain('harassment');
  });
});

describe('migration 0600: Brazilian reports stored under Ley Karin', () => {
  it('become Lei 14.457/2022 harassment without the Ley Karin deadline, with a history line and an audit row; Chile untouched', async () => {
    const br = await fileReport(t, { ...BR_REPORT, companyId: t.companies.br, category: 'fraud' });
    const cl = await fileReport(t, {
      category: 'harassment',
      anonymous: false,
      reporterName: 'Ana',
      reporterEmail: 'a@b.cl',
    });
    const brRow = await rowOf(br.json().id_denuncia);
    const clRow = await rowOf(cl.json().id_denuncia);
    // as the channel stored them before: a Brazilian report under the Ley Karin category, with its deadline
    await t.deps.db
      .updateTable('allegations')
      .set({ category: 'harassment', leyKarin: true, investigationDue: '2027-01-13' })
      .where('id', '=', brRow.id)
      .execute();
    await sql`update allegation_settings set categories = '["fraud","harassment","other"]'::jsonb where company_id = ${t.companies.br}`.execute(
      t.deps.db,
    );
    await migrate0600(t.deps.db as never);
    expect(await rowOf(br.json().id_denuncia)).toMatchObject({
      category: 'harassmentBr',
      leyKarin: false,
      investigationDue: null,
    });
    expect(await rowOf(cl.json().id_denuncia)).toMatchObject({ category: 'harassment', leyKarin: true });
    const history = await t.deps.db
      .selectFrom('allegationStatusChanges')
      .selectAll()
      .where('allegationId', '=', brRow.id)
      .orderBy('createdAt')
      .execute();
    expect(history.at(-1)?.reason).toContain('Lei 14.457/2022');
    expect(history.at(-1)?.reason).toContain('não se aplica a empresas do Brasil');
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', brRow.id)
      .where('action', '=', 'allegation.updated')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      companyId: t.companies.br,
      before: { category: 'harassment', leyKarin: true, investigationDue: '2027-01-13' },
      after: { category: 'harassmentBr', leyKarin: false, migration: '0600' },
    });
    expect(
      await t.deps.db
        .selectFrom('auditLog')
        .select('id')
        .where('entityId', '=', clRow.id)
        .where('action', '=', 'allegation.updated')
        .execute(),
    ).toHaveLength(0);
    const stored = await t.deps.db
      .selectFrom('allegationSettings')
      .select('categories')
      .where('companyId', '=', t.companies.br)
      .executeTakeFirstOrThrow();
    expect(stored.categories).toEqual(['fraud', 'harassmentBr', 'other']);
  });
});

describe("a company whose country is written 'BRA' or 'Brasil'", () => {
  it('follows Brazil as the ROE rule reads it: in the channel and in migration 0600', async () => {
    const setCountry = (country: string) =>
      t.deps.db.updateTable('companies').set({ country }).where('id', '=', t.companies.br).execute();
    try {
      await setCountry('BRA');
      const bra = (await t.app.inject({ method: 'GET', url: `/api/denuncia-public/channel/${t.companies.br}` })).json();
      expect(bra).toMatchObject({ country: 'BR' });
      expect(bra.categories).toContain('harassmentBr');
      expect(bra.categories).not.toContain('harassment');
      await setCountry(' Brasil ');
      const filed = await fileReport(t, { ...BR_REPORT, companyId: t.companies.br, category: 'fraud' });
      const row = await rowOf(filed.json().id_denuncia);
      await t.deps.db
        .updateTable('allegations')
        .set({ category: 'harassment', leyKarin: true, investigationDue: '2027-01-13' })
        .where('id', '=', row.id)
        .execute();
      await migrate0600(t.deps.db as never);
      expect(await rowOf(filed.json().id_denuncia)).toMatchObject({
        category: 'harassmentBr',
        leyKarin: false,
        investigationDue: null,
      });
    } finally {
      await setCountry('BR');
    }
  });
});
