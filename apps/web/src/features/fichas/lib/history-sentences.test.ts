import { resources } from '@regcheck/shared/locales/index';
import type { FichaHistoryEntryT } from '@regcheck/shared/schemas/fichas';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { historySentences, historyValue } from './history-sentences';
import { explainRisk, scalePositions } from './risk-explain';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources, lng: 'es', fallbackLng: 'en', interpolation: { escapeValue: false } });
});
const ctx = (lng = 'es') => ({
  t: i18n.getFixedT(lng) as (k: string, p?: Record<string, unknown>) => string,
  exists: (k: string) => i18n.exists(k, { lng }),
  locale: lng,
});
const entry = (action: string, changes: FichaHistoryEntryT['changes'], over: Partial<FichaHistoryEntryT> = {}) =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    action,
    entity: 'ficha',
    entityId: null,
    userId: '00000000-0000-4000-8000-000000000002',
    userName: 'Camila Soto',
    createdAt: '2026-11-23T23:33:15.000Z',
    changes,
    ...over,
  }) as FichaHistoryEntryT;

/** No code, id, key or JSON in what a reader sees. */
const readable = (s: string) => {
  expect(s).not.toMatch(/[{}[\]]|\b[a-z]+\.[a-z]+[A-Za-z]*\b|undefined|null|NaN/);
};

describe('history as sentences', () => {
  it('a new list match says who found it: the monitoring run, the user whose change screened, or neither (decision 246)', () => {
    const match = (extra: FichaHistoryEntryT['changes'], over: Partial<FichaHistoryEntryT> = {}) =>
      entry('ficha.monitoring.match', [{ field: 'listId', before: null, after: 'ofac' }, ...extra], over);
    const byRun = match([{ field: 'source', before: null, after: 'monitoring' }], { userId: null, userName: null });
    const byUser = match([]);
    const byJob = match([], { userId: null, userName: null });
    const said = (lng: string) => [byRun, byUser, byJob].map((e) => historySentences(e, ctx(lng))[0] as string);
    const [runEs, userEs, jobEs] = said('es');
    expect(runEs).toBe('El monitoreo diario encontró una nueva coincidencia en las listas');
    expect(userEs).toMatch(
      /^Se notificó una nueva coincidencia en .+, encontrada en la consulta hecha por Camila Soto$/,
    );
    expect(userEs).not.toContain('monitoreo');
    expect(jobEs).toMatch(/^Se notificó una nueva coincidencia en .+$/);
    expect(jobEs).not.toMatch(/monitoreo|Camila/);
    const [runPt, userPt] = said('pt-BR');
    expect(runPt).toBe('O monitoramento diário encontrou uma nova coincidência nas listas');
    expect(userPt).toMatch(
      /^Foi notificada uma nova coincidência em .+, encontrada na consulta feita por Camila Soto$/,
    );
    const [, userEn, jobEn] = said('en');
    expect(userEn).toMatch(/^A new match in .+ was notified, found by the screening Camila Soto ran$/);
    expect(jobEn).toMatch(/^A new match in .+ was notified$/);
    for (const s of [...said('es'), ...said('pt-BR'), ...said('en')]) readable(s);
  });

  it('a changed e-mail names the user and both values', () => {
    const [s] = historySentences(
      entry('ficha.updated', [{ field: 'email', before: 'a@x.cl', after: 'b@x.cl' }]),
      ctx(),
    );
    expect(s).toBe('Camila Soto cambió correo electrónico de a@x.cl a b@x.cl');
  });

  it('keeps silent the bookkeeping and risk fields of an update and never prints JSON', () => {
    const lines = historySentences(
      entry('ficha.updated', [
        { field: 'riskReasons', before: [], after: [{ rule: 'pep.direct' }] },
        { field: 'fichaId', before: null, after: 'x' },
        { field: 'dniType', before: { country: 'CL', document: 'RUT' }, after: { country: 'PE', document: 'DNI' } },
        { field: 'pepStatus', before: null, after: 'direct' },
        { field: 'birthDate', before: null, after: '1980-02-01T12:00:00.000Z' },
      ]),
      ctx(),
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('RUT · Chile');
    expect(lines[0]).toContain('DNI · Perú');
    expect(lines[1]).toContain('PEP directo');
    expect(lines[2]).toContain('01/02/1980');
    for (const l of lines) expect(l).not.toContain('{');
  });

  it('the inspector\'s file asked for and downloaded is said so, not "actualizó la ficha" (issue 28)', () => {
    const after = (x: string) => [{ field: 'fileId', before: null, after: x }];
    expect(historySentences(entry('inspection.file.requested', after('f1')), ctx())).toEqual([
      'Camila Soto pidió el expediente para el inspector',
    ]);
    expect(historySentences(entry('inspection.file.downloaded', after('f1')), ctx('pt-BR'))).toEqual([
      'Camila Soto baixou o dossiê para o fiscal',
    ]);
    expect(historySentences(entry('inspection.file.downloaded', after('f1')), ctx('en'))).toEqual([
      "Camila Soto downloaded the inspector's file",
    ]);
  });

  it('an uploaded file is "subió el documento", not "Nombres: cedula.pdf"', () => {
    const [s] = historySentences(
      entry('ficha.file.uploaded', [{ field: 'name', before: null, after: 'cedula.pdf' }]),
      ctx(),
    );
    expect(s).toBe('Camila Soto subió el documento cedula.pdf');
  });

  it('a risk change tells from, to and the beneficial owner that caused it', () => {
    const [s] = historySentences(
      entry('ficha.risk.changed', [
        { field: 'risk', before: 'high', after: 'low' },
        { field: 'cause', before: null, after: 'relationshipChanged' },
        {
          field: 'removed',
          before: null,
          after: [{ rule: 'beneficialOwner.unresolved', factor: 'customerType', score: 3 }],
        },
        { field: 'added', before: null, after: [] },
        { field: 'beneficialOwners', before: null, after: [{ name: 'Juan Pérez', participation: 35 }] },
      ]),
      ctx(),
    );
    expect(s).toBe('El riesgo pasó de Alto a Bajo: se identificó al beneficiario final Juan Pérez (35 %)');
    readable(s ?? '');
  });

  it('a risk change for another cause lists the rules in words, in Portuguese too', () => {
    const e = entry('ficha.risk.changed', [
      { field: 'risk', before: 'low', after: 'high' },
      { field: 'cause', before: null, after: 'fichaUpdated' },
      { field: 'added', before: null, after: [{ rule: 'pep.direct', factor: 'pep', score: 3 }] },
    ]);
    expect(historySentences(e, ctx())[0]).toBe(
      'El riesgo pasó de Bajo a Alto: cambiaron los datos de la ficha: Es una persona expuesta políticamente',
    );
    expect(historySentences(e, ctx('pt-BR'))[0]).toContain('O risco passou de Baixo para Alto');
  });

  it('a relationship names the related person, the relation and the share; the system when no user', () => {
    const [s] = historySentences(
      entry(
        'ficha.relationship.created',
        [
          { field: 'relationType', before: null, after: 'partners' },
          { field: 'participation', before: null, after: 35 },
        ],
        { userName: null, relatedName: 'Juan Pérez', entity: 'fichaRelationship' },
      ),
      ctx(),
    );
    expect(s).toBe('Sistema agregó a Juan Pérez como Socio (35 %)');
  });

  it('an unknown action or field still reads as a sentence without its code', () => {
    const lines = historySentences(entry('ficha.somethingNew', [{ field: 'weirdField', before: 1, after: 2 }]), ctx());
    expect(lines).toEqual(['Camila Soto actualizó la ficha']);
  });

  it('values: numbers in the locale, RUT formatted, countries by name', () => {
    expect(historyValue('income', 1234567.5, ctx())).toBe('1.234.567,5');
    expect(historyValue('income', 1234567.5, ctx('en'))).toBe('1,234,567.5');
    expect(historyValue('dni', '96789012-K'.replace('K', '0'), ctx())).not.toBe('');
    expect(historyValue('nationality', 'BR', ctx())).toBe('Brasil');
  });
});

describe('risk explained', () => {
  const config = {
    weights: { customerType: 1, pep: 1, activity: 1, income: 1, geography: 1, lists: 1, related: 1 },
    cutoffs: { medium: 1.5, high: 2.2 },
  };
  it('sentences per factor with the points each adds, never a rule code', () => {
    const lines = explainRisk(
      [
        { rule: 'customerType.natural', factor: 'customerType', score: 1 },
        { rule: 'geography.fatfIncreasedMonitoring', factor: 'geography', score: 2, detail: 'PA' },
        { rule: 'lists.sanction', factor: 'lists', score: 3, forced: true, detail: 'ofac-sdn' },
      ],
      config,
      ctx().t,
      'es',
    );
    expect(lines.map((l) => l.sentences[0])).toEqual([
      'Es una persona natural',
      'Panamá está bajo vigilancia reforzada del GAFI',
      'Coincide con la lista de sanciones ofac-sdn',
    ]);
    expect(lines.map((l) => l.points)).toEqual([0.14, 0.29, 0.43]);
    expect(lines[2]?.forced).toBe(true);
  });
  it('places the score and the cut-offs on the 1-to-3 scale', () => {
    expect(scalePositions(1.77, { medium: 1.5, high: 2.2 })).toEqual({
      score: 38.5,
      medium: 25,
      high: 60.00000000000001,
    });
    expect(scalePositions(5, { medium: 1.5, high: 2.2 }).score).toBe(100);
  });
});

// moved from fichas-lib.test.ts when HistoryTable's value-per-field table (lib/history.ts) gave way to sentences;
// the two JSON assertions of the old formatter no longer hold (a reader sees no JSON) and were not carried over
describe('history values', () => {
  const plain = { t: (k: string) => k, exists: () => false, locale: 'es' };
  it('formats dates, booleans, tag lists and empties', () => {
    expect(historyValue('lastReview', '2024-05-17T12:00:00.000Z', plain)).toBe('17/05/2024');
    expect(historyValue('email', 'plain', plain)).toBe('plain');
    expect(historyValue('isPep', true, plain)).toBe('fichas:lists.yes');
    expect(historyValue('tags', [{ name: 'vip' }, { name: 'gold' }], plain)).toBe('vip, gold');
    expect(historyValue('email', null, plain)).toBe('');
    expect(historyValue('tags', [], plain)).toBe('');
  });
});

describe('a list in a risk reason', () => {
  it('is named in the reader’s language, never by its id', () => {
    const reason = { rule: 'lists.pep', factor: 'lists', score: 3, detail: 'pep-register' };
    const [es] = explainRisk([reason], undefined, ctx('es').t, 'es');
    expect(es?.sentences).toEqual(['Coincide con la lista de personas expuestas Registro PEP de RegCheck']);
    const [pt] = explainRisk([reason], undefined, ctx('pt-BR').t, 'pt-BR');
    expect(pt?.sentences[0]).toContain('Cadastro PEP da RegCheck');
    expect(pt?.sentences[0]).not.toContain('pep-register');
  });
});

describe('periodic reviews in the history', () => {
  it('a review names who, the outcome, what was checked and the next review day', () => {
    const [s] = historySentences(
      entry('ficha.reviewed', [
        { field: 'outcome', before: undefined, after: 'informationUpdated' },
        { field: 'checked', before: undefined, after: 'Cédula vigente y domicilio actualizado.' },
        { field: 'nextReviewAt', before: '2026-12-01', after: '2028-11-23' },
      ]),
      ctx(),
    );
    expect(s).toBe(
      'Camila Soto registró una revisión periódica: Información actualizada. Se revisó: Cédula vigente y domicilio actualizado. Próxima revisión: 23/11/2028',
    );
    const [ended] = historySentences(
      entry('ficha.reviewed', [
        { field: 'outcome', before: undefined, after: 'relationshipEnded' },
        { field: 'checked', before: undefined, after: 'Cuenta cerrada' },
        { field: 'nextReviewAt', before: '2026-12-01', after: null },
      ]),
      ctx('en'),
    );
    expect(ended).toBe(
      'Camila Soto recorded a periodic review: Relationship ended. Checked: Cuenta cerrada. No next review is scheduled',
    );
    readable(ended as string);
  });

  it('a risk change tells how it moved the next review; an update never prints the review fields', () => {
    const lines = historySentences(
      entry('ficha.risk.overwritten', [
        { field: 'overwrittenRisk', before: null, after: 'high' },
        { field: 'reason', before: undefined, after: 'Prensa negativa' },
        { field: 'risk', before: 'low', after: 'high' },
        { field: 'nextReviewAt', before: '2029-11-23', after: '2027-11-23' },
      ]),
      ctx(),
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('La próxima revisión pasó del 23/11/2029 al 23/11/2027');
    const update = historySentences(
      entry('ficha.updated', [
        { field: 'nextReviewAt', before: '2029-11-23', after: '2027-11-23' },
        { field: 'reviewState', before: 'upToDate', after: 'overdue' },
      ]),
      ctx(),
    );
    expect(update).toEqual(['Camila Soto actualizó la ficha']);
  });
});
