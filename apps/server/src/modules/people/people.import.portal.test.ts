import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { multipart } from '../../../test/forms-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { currentState } from '../lists/lists.index.service';

/*
 * Issue 24, point 2: the Brazil PEP file exactly as the Portal da Transparência publishes it (ISO-8859-1 bytes,
 * accented header, ';', CRLF, masked CPF, dd/mm/yyyy), read from test/fixtures/pep-br-portal.csv (invented people).
 * Before, the accented columns were not found: everyone was imported as PEP with no position, office, dates or end.
 */

const FIXTURE = path.resolve(__dirname, '../../../test/fixtures/pep-br-portal.csv');
const published = readFileSync(FIXTURE);
const text = new TextDecoder('windows-1252').decode(published);
const lines = text.split('\r\n');
/** The same file saved again as UTF-8 with a byte order mark (a spreadsheet's copy). */
const utf8Bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
/** The same file with the header written without accents (some tools drop them), in ISO-8859-1. */
const unaccented = Buffer.from(
  [lines[0]?.normalize('NFD').replace(/\p{M}/gu, ''), ...lines.slice(1)].join('\r\n'),
  'latin1',
);

let t: TestApp;
const fichas: Record<string, string> = {};
let firstImport = '';

async function upload(bytes: Buffer, name = '202611_PEP.csv', lang = 'en') {
  const body = multipart('file', name, bytes, 'text/csv');
  return t.call({
    as: 'superAdmin',
    method: 'POST',
    url: '/api/people/import',
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': lang },
  });
}

/** Uploads a file, runs the import, then the monitoring the register's change enqueued; answers the import. */
async function importFile(bytes: Buffer, name?: string) {
  const res = await upload(bytes, name);
  expect(res.statusCode, res.body).toBe(202);
  await t.deps.queue.drain();
  await currentState().idle();
  await t.deps.queue.drain();
  const id = res.json().id as string;
  return (await t.get('superAdmin', `/api/people/imports/${id}`)).json() as {
    id: string;
    status: string;
    lines: number;
    created: number;
    updated: number;
    unchanged: number;
    merged: number;
    errors: number;
  };
}

interface Line {
  line: number;
  status: string;
  name: string | null;
  code: string | null;
  message: string | null;
  notes: { code: string; message: string }[];
}
async function report(id: string, lang = 'en', status?: string) {
  const res = await t.call({
    as: 'superAdmin',
    method: 'GET',
    url: `/api/people/imports/${id}/lines?limit=50${status ? `&status=${status}` : ''}`,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; data: Line[] };
}

interface Person {
  id: string;
  name: string;
  dni: string;
  position: string | null;
  institution: string | null;
  officeStart: string | null;
  officeEnd: string | null;
  pepExpiration: string | null;
  pepStatus: string;
  isPep: boolean;
}
async function person(name: string) {
  const q = encodeURIComponent(JSON.stringify({ where: { name } }));
  const res = (await t.get('superAdmin', `/api/people?filter=${q}`)).json() as Person[];
  expect(res, name).toHaveLength(1);
  return res[0] as Person;
}

async function ficha(dni: string, name: string) {
  const res = await postFicha(
    t,
    {
      personType: 'natural',
      dni,
      dniType: { country: 'BR' },
      name,
    },
    { as: 'admin', company: 'br' },
  );
  return res.json().id as string;
}

interface Listas {
  lists: {
    listId: string;
    coincidence: boolean;
    hits: { entityId: string; score: number; explanation: { identifier?: { value: string } } }[];
  }[];
}
async function registerHits(fichaId: string) {
  const f = (await t.get({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${fichaId}`)).json();
  return (f.listas as Listas).lists.find((l) => l.listId === 'pep-register')?.hits ?? [];
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  // customers of the Brazilian company, there before the file
  fichas.marcos = await ficha('123.604.118-61', 'Marcos Vinícius Peçanha');
  fichas.ritaA = await ficha('213.390.275-93', 'Rita de Cássia Loureiro');
  fichas.ritaB = await ficha('874.390.275-82', 'Rita de Cassia Loureiro');
  fichas.alvaroOtherDigits = await ficha('555.812.431-82', 'Álvaro César Brandão');
  fichas.otherName = await ficha('300.551.062-00', 'Teresa Guimarães Lima');
  const imp = await importFile(published);
  expect(imp, JSON.stringify(imp)).toMatchObject({
    status: 'done',
    lines: 13,
    created: 6,
    updated: 0,
    unchanged: 0,
    merged: 1,
    errors: 6,
  });
  firstImport = imp.id;
});
afterAll(async () => {
  await t?.close();
});

describe('the Brazil PEP file as published (ISO-8859-1, accented header)', () => {
  it('reads the accented ISO-8859-1 file: position with acronym and level, institution, office dates and the PEP end', async () => {
    const jose = await person('JOSÉ ANTÔNIO DA CONCEIÇÃO');
    expect(jose).toMatchObject({
      dni: '***.456.789-**',
      position: 'CONSELHEIRO (CNE)',
      institution: 'Conselho Nacional de Educação',
      officeStart: '2026-03-01',
      officeEnd: null,
      pepExpiration: null,
      pepStatus: 'direct',
    });
    expect(await person('MARCOS VINÍCIUS PEÇANHA')).toMatchObject({
      position: 'SECRETÁRIO EXECUTIVO (NES)',
      institution: 'Ministério da Integração e do Desenvolvimento Regional',
      officeStart: '2022-03-01',
      officeEnd: '2026-10-31',
      // the Portal's end of grace period, not a date computed here
      pepExpiration: '2031-11-30',
      pepStatus: 'direct',
    });
    expect(await person('RITA DE CÁSSIA LOUREIRO')).toMatchObject({
      position: 'SECRETÁRIA NACIONAL (DAS 101.6)',
      officeStart: '2023-05-15',
    });
    const merged = (await report(firstImport, 'pt-BR', 'merged')).data;
    expect(merged.map((l) => [l.line, l.message])).toEqual([
      [
        2,
        'Outra função da pessoa da linha 3; o cadastro mantém a função em exercício ou a última (CONSELHEIRO (CNE)).',
      ],
    ]);
  });

  it('a person whose grace period ended in 2021 is imported as a former PEP, not current, and screens no one', async () => {
    const heloisa = await person('HELOÍSA MÜLLER DE ASSUNÇÃO');
    expect(heloisa).toMatchObject({
      position: 'DEPUTADO FEDERAL (DEP)',
      institution: 'Câmara dos Deputados',
      officeEnd: '2016-01-31',
      pepExpiration: '2021-01-31',
      pepStatus: 'expired',
      isPep: false,
    });
    const changes = await t.deps.db
      .selectFrom('peopleStatusChanges')
      .select(['fromStatus', 'toStatus', 'cause'])
      .where('personId', '=', heloisa.id)
      .execute();
    expect(changes).toEqual([{ fromStatus: null, toStatus: 'expired', cause: 'imported' }]);
    // not an entry of the register list: a search by her name finds no PEP
    const s = await t.post({ as: 'admin', company: 'br' }, '/api/search/individual', {
      name: 'Heloísa Müller de Assunção',
      personType: 'natural',
      country: 'BR',
    });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().lists.find((l: { listId: string }) => l.listId === 'pep-register').coincidence).toBe(false);
    const line = (await report(firstImport, 'es')).data.find((l) => l.line === 5);
    expect(line?.notes.map((n) => n.message)).toEqual([
      'Ex PEP: la condición de PEP terminó el 31 de enero de 2021. Se importó como no PEP a la fecha.',
    ]);
  });

  it('a line with no end of office nor grace period stays a current PEP and the report says so', async () => {
    expect(await person('ÁLVARO CÉSAR BRANDÃO')).toMatchObject({
      position: 'PREFEITO (PREF)',
      officeStart: '2025-01-01',
      officeEnd: null,
      pepExpiration: null,
      pepStatus: 'direct',
      isPep: true,
    });
    const all = (await report(firstImport, 'en')).data;
    expect(all.find((l) => l.line === 4)?.notes.map((n) => n.message)).toEqual([
      'The file gives no end of office and no end of grace period: imported as a current PEP, with no end, until a file gives one.',
    ]);
    // a function ended without a grace period given: five years after the end of office, and said
    expect(await person('TEREZINHA GUIMARÃES')).toMatchObject({
      officeEnd: '2024-12-31',
      pepExpiration: '2029-12-31',
      pepStatus: 'direct',
    });
    expect(all.find((l) => l.line === 8)?.notes.map((n) => n.code)).toEqual(['PEP_IMPORT_END_COMPUTED']);
    const pt = (await report(firstImport, 'pt-BR')).data.find((l) => l.line === 8);
    expect(pt?.notes[0]?.message).toBe(
      'O arquivo não informa o fim da carência: PEP até 31 de dezembro de 2029, cinco anos após o fim do exercício.',
    );
  });

  it('reports every skipped line by number with its reason in es, pt-BR and en', async () => {
    const en = (await report(firstImport, 'en', 'error')).data;
    expect(en.map((l) => [l.line, l.message])).toEqual([
      [9, 'The line has no name (column Nome_PEP).'],
      [10, "The CPF 'abc' is neither masked as the Portal publishes it (***.456.789-**) nor a valid CPF."],
      [11, "The column Data_Início_Exercício holds '31/02/2020', which is not a date (dd/mm/yyyy)."],
      [12, 'The end of office is before its start.'],
      [13, 'The end of the grace period (Data_Fim_Carência) is before the end of office.'],
      [14, "The column Data_Fim_Carência holds '31/13/2027', which is not a date (dd/mm/yyyy)."],
    ]);
    const es = (await report(firstImport, 'es', 'error')).data;
    expect(es[4]?.message).toBe('El fin del período de carencia (Data_Fim_Carência) es anterior al fin del cargo.');
    const pt = (await report(firstImport, 'pt-BR', 'error')).data;
    expect(pt[2]?.message).toBe("A coluna Data_Início_Exercício contém '31/02/2020', que não é uma data (dd/mm/aaaa).");
    // nobody of a skipped line is in the register
    const q = encodeURIComponent(JSON.stringify({ where: { name: 'GUSTAVO HENRIQUE ÁVILA' } }));
    expect((await t.get('superAdmin', `/api/people?filter=${q}`)).json()).toEqual([]);
  });

  it('masked CPF: the one ficha with the visible digits and the name is marked; other digits or another name are not', async () => {
    const marcos = await person('MARCOS VINÍCIUS PEÇANHA');
    const hits = await registerHits(fichas.marcos as string);
    expect(hits).toMatchObject([{ entityId: marcos.id, score: 1 }]);
    expect(hits[0]?.explanation.identifier?.value).toBe('***.604.118-**');
    // the same name with other digits, and the same digits with another name: not the person
    expect(await registerHits(fichas.alvaroOtherDigits as string)).toEqual([]);
    expect(await registerHits(fichas.otherName as string)).toEqual([]);
    const line = (await report(firstImport, 'es')).data.find((l) => l.line === 6);
    expect(line?.notes.map((n) => n.message)).toEqual([
      expect.stringMatching(/^Los dígitos visibles del CPF y el nombre coinciden con una ficha de .+: queda marcada/),
    ]);
  });

  it('masked CPF: two fichas with the digits and the name are ambiguous, neither is marked, and the report says so', async () => {
    expect(await registerHits(fichas.ritaA as string)).toEqual([]);
    expect(await registerHits(fichas.ritaB as string)).toEqual([]);
    const company = (
      await t.deps.db.selectFrom('companies').select('name').where('id', '=', t.companies.br).executeTakeFirstOrThrow()
    ).name;
    const line = (await report(firstImport, 'en')).data.find((l) => l.line === 7);
    expect(line?.notes.map((n) => n.message)).toEqual([
      'The file gives no end of office and no end of grace period: imported as a current PEP, with no end, until a file gives one.',
      `2 customer files of ${company} have the visible digits of this CPF and this name: the list cannot tell them apart, so none is marked. Check them by hand.`,
    ]);
  });

  it('UTF-8 with a byte order mark reads the same people (all unchanged)', async () => {
    const imp = await importFile(utf8Bom, 'pep-utf8.csv');
    expect(imp).toMatchObject({
      status: 'done',
      lines: 13,
      created: 0,
      updated: 0,
      unchanged: 6,
      merged: 1,
      errors: 6,
    });
    const errors = (await report(imp.id, 'en', 'error')).data;
    expect(errors[2]?.message).toBe(
      "The column Data_Início_Exercício holds '31/02/2020', which is not a date (dd/mm/yyyy).",
    );
  });

  it('the header without accents reads the same people (all unchanged)', async () => {
    const imp = await importFile(unaccented, 'pep-sem-acentos.csv');
    expect(imp).toMatchObject({
      status: 'done',
      lines: 13,
      created: 0,
      updated: 0,
      unchanged: 6,
      merged: 1,
      errors: 6,
    });
    const errors = (await report(imp.id, 'en', 'error')).data;
    expect(errors[2]?.message).toBe(
      "The column Data_Inicio_Exercicio holds '31/02/2020', which is not a date (dd/mm/yyyy).",
    );
  });

  it('a file without the columns of the office and its end is refused, naming them, and nothing is stored', async () => {
    const before = (await t.get('superAdmin', '/api/people/imports')).json().count;
    const short = Buffer.from('CPF;Nome_PEP;Descrição_Função\r\n***.111.222-**;ANA;PREFEITA\r\n', 'latin1');
    const res = await upload(short, 'pep.csv', 'pt-BR');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PEP_IMPORT_COLUMNS_MISSING', field: 'file' });
    expect(res.json().message).toBe(
      'Faltam no arquivo colunas da lista PEP do Portal da Transparência: Sigla_Função, Nível_Função, Nome_Órgão, Data_Início_Exercício, Data_Fim_Exercício, Data_Fim_Carência. Sem elas não é possível ler o cargo de cada pessoa nem o fim da condição de PEP, por isso nada foi importado.',
    );
    expect((await t.get('superAdmin', '/api/people/imports')).json().count).toBe(before);
  });

  it("an edit of another field keeps the Portal's end of grace period; a new end of office computes it again", async () => {
    const marcos = await person('MARCOS VINÍCIUS PEÇANHA');
    const phone = await t.patch('superAdmin', `/api/people/${marcos.id}`, { phone: '+55 61 3333-0000' });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json()).toMatchObject({ pepExpiration: '2031-11-30' });
    const office = await t.patch('superAdmin', `/api/people/${marcos.id}`, { officeEnd: '2026-11-15' });
    expect(office.json()).toMatchObject({ officeEnd: '2026-11-15', pepExpiration: '2031-11-15' });
  });
});
