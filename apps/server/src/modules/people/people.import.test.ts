import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { multipart } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';

/* Import of the Brazil PEP list CSV (Portal da Transparência) into the register, with its per-line report. */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const HEADER =
  'CPF;Nome_PEP;Sigla_Funcao;Descricao_Funcao;Nivel_Funcao;Nome_Orgao;Data_Inicio_Exercicio;Data_Fim_Exercicio;Data_Fim_Carencia';
const LINES = [
  HEADER,
  '***.456.789-**;JOSÉ ANTÔNIO DA CONCEIÇÃO;DAS 101.5;DIRETOR DE PROGRAMA;101.5;Ministério da Economia;01/02/2019;31/12/2022;31/12/2027',
  '***.456.789-**;JOSÉ ANTÔNIO DA CONCEIÇÃO;CNE;CONSELHEIRO;Sem informação;Conselho Nacional de Educação;01/03/2023;;',
  '***.111.222-**;MARIA DE FÁTIMA GONÇALVES;PREF;PREFEITO;Sem informação;Prefeitura Municipal de São João;01/01/2021;;',
  '***.333.444-**;SEBASTIÃO BRAGANÇA;DEP;DEPUTADO FEDERAL;Sem informação;Câmara dos Deputados;01/02/2019;31/01/2023;31/01/2028',
  '***.222.333-**;;DEP;DEPUTADO;;Câmara;01/02/2019;;',
  'abc;PEDRO ÁLVARES;DEP;DEPUTADO;;Câmara;01/02/2019;;',
  '***.777.888-**;LUÍS CARLOS PRATES;SEC;SECRETÁRIO;;Governo do Estado;31/02/2020;;',
  '***.999.000-**;ANA PAULA REIS;SEC;SECRETÁRIA;;Governo do Estado;01/02/2020;01/02/2019;',
  '111.444.777-35;RENATA DUARTE LIMA;MIN;MINISTRA;;Ministério da Saúde;01/01/2023;;',
];
/** The Portal publishes the file in ISO-8859-1. */
const latin1 = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');

async function upload(bytes: Buffer, lang = 'en') {
  const body = multipart('file', 'pep.csv', bytes, 'text/csv');
  return t.call({
    as: 'superAdmin',
    method: 'POST',
    url: '/api/people/import',
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': lang },
  });
}

async function report(id: string, lang = 'en', status?: string) {
  const res = await t.call({
    as: 'superAdmin',
    method: 'GET',
    url: `/api/people/imports/${id}/lines?limit=50${status ? `&status=${status}` : ''}`,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    count: number;
    data: { line: number; status: string; name: string | null; code: string | null; message: string | null }[];
  };
}

describe('POST /api/people/import (Brazil PEP list)', () => {
  it('401, 403, and a file that is not the list is refused with nothing stored', async () => {
    const body = multipart('file', 'pep.csv', latin1(LINES), 'text/csv');
    expect((await t.call({ method: 'POST', url: '/api/people/import', ...body })).statusCode).toBe(401);
    expect((await t.call({ as: 'watcher', method: 'POST', url: '/api/people/import', ...body })).statusCode).toBe(403);
    expect((await t.call({ as: 'admin', method: 'POST', url: '/api/people/import', ...body })).statusCode).toBe(403);
    const wrong = await upload(Buffer.from('Nome;Cargo\nAna;Ministra\n'), 'pt-BR');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PEP_IMPORT_HEADER', field: 'file' });
    expect(wrong.json().message).toContain('Portal da Transparência');
    expect((await t.get('superAdmin', '/api/people/imports')).json().count).toBe(0);
    expect((await t.get('superAdmin', '/api/people/imports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('imports the people with a report per line; a second import changes nothing; a changed office updates', async () => {
    const res = await upload(latin1(LINES));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', fileName: 'pep.csv' });
    const id = res.json().id as string;
    await t.deps.queue.drain();
    const imp = (await t.get('superAdmin', `/api/people/imports/${id}`)).json();
    expect(imp).toMatchObject({ status: 'done', lines: 9, created: 4, updated: 0, unchanged: 0, merged: 1, errors: 4 });

    const all = await report(id);
    expect(all.count).toBe(9);
    expect(all.data.map((l) => [l.line, l.status])).toEqual([
      [2, 'merged'],
      [3, 'created'],
      [4, 'created'],
      [5, 'created'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
      [9, 'error'],
      [10, 'created'],
    ]);
    expect(all.data[0]?.message).toBe(
      'Another function of the person of line 3; the register keeps the function in office or the last one (CONSELHEIRO (CNE)).',
    );
    const errors = await report(id, 'es', 'error');
    expect(errors.data.map((l) => l.message)).toEqual([
      'La línea no tiene nombre (columna Nome_PEP).',
      "El CPF 'abc' no está enmascarado como lo publica el Portal (***.456.789-**) ni es un CPF válido.",
      "La columna Data_Inicio_Exercicio contiene '31/02/2020', que no es una fecha (dd/mm/aaaa).",
      'El fin del cargo es anterior a su inicio.',
    ]);

    // the people, with the function in office, the masked CPF kept as published and the Brazilian expiration
    const q = encodeURIComponent(JSON.stringify({ where: { country: 'BR' }, order: 'name asc' }));
    const people = (await t.get('superAdmin', `/api/people?filter=${q}`)).json();
    expect(people.map((p: { name: string }) => p.name)).toEqual([
      'JOSÉ ANTÔNIO DA CONCEIÇÃO',
      'MARIA DE FÁTIMA GONÇALVES',
      'RENATA DUARTE LIMA',
      'SEBASTIÃO BRAGANÇA',
    ]);
    expect(people[0]).toMatchObject({
      dni: '***.456.789-**',
      documentType: 'CPF_MASKED',
      position: 'CONSELHEIRO (CNE)',
      institution: 'Conselho Nacional de Educação',
      officeStart: '2023-03-01',
      officeEnd: null,
      pepStatus: 'direct',
    });
    expect(people[2]).toMatchObject({ dni: '111.444.777-35', documentType: 'CPF' });
    expect(people[3]).toMatchObject({ officeEnd: '2023-01-31', pepExpiration: '2028-01-31', pepStatus: 'direct' });
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', 'in', ['person.created', 'person.import.started', 'person.import.finished'])
      .execute();
    expect(audit.filter((a) => a.action === 'person.created')).toHaveLength(4);
    expect(audit.filter((a) => a.action !== 'person.created')).toHaveLength(2);

    // screened: a Brazilian ficha of the person (same middle digits of the CPF, same name) finds the register
    const ficha = await postFicha(
      t,
      {
        personType: 'natural',
        dni: '123.333.444-15',
        dniType: { country: 'BR' },
        name: 'Sebastião Bragança',
      },
      { as: 'admin', company: 'br' },
    );
    const hit = ficha.json().listas.lists.find((l: { listId: string }) => l.listId === 'pep-register') as {
      coincidence: boolean;
    };
    expect(hit.coincidence).toBe(true);

    // the same file again: nothing changes
    const again = await upload(latin1(LINES));
    await t.deps.queue.drain();
    expect((await t.get('superAdmin', `/api/people/imports/${again.json().id}`)).json()).toMatchObject({
      status: 'done',
      created: 0,
      updated: 0,
      unchanged: 4,
      merged: 1,
      errors: 4,
    });

    // the deputy's end of office and of grace period corrected: updated, with the Portal's new end of grace period
    const changed = [...LINES];
    changed[4] = (changed[4] as string).replace('31/01/2023;31/01/2028', '31/01/2024;31/01/2029');
    const third = await upload(latin1(changed));
    await t.deps.queue.drain();
    expect((await t.get('superAdmin', `/api/people/imports/${third.json().id}`)).json()).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 3,
    });
    const updated = (await report(third.json().id, 'en', 'updated')).data;
    expect(updated).toMatchObject([{ line: 5, name: 'SEBASTIÃO BRAGANÇA' }]);
    const seb = people[3] as { id: string };
    expect((await t.get('superAdmin', `/api/people/${seb.id}`)).json()).toMatchObject({
      officeEnd: '2024-01-31',
      pepExpiration: '2029-01-31',
    });
    const list = (await t.get('superAdmin', '/api/people/imports?limit=2')).json();
    expect(list.count).toBe(3);
    expect(list.data).toHaveLength(2);
    expect(list.data[0]).toMatchObject({ id: third.json().id, createdBy: expect.any(String) });
  });

  it("a relative's end of PEP status follows their primary's when an import changes the Portal's end of grace period", async () => {
    const line = (grace: string) =>
      `***.246.135-**;HELENA VASCONCELOS;SEC;SECRETÁRIA;;Governo do Estado;01/01/2019;31/12/2022;${grace}`;
    const first = await upload(latin1([HEADER, line('31/12/2027')]));
    expect(first.statusCode, first.body).toBe(202);
    await t.deps.queue.drain();
    const q = encodeURIComponent(JSON.stringify({ where: { name: 'HELENA VASCONCELOS' } }));
    const [primary] = (await t.get('superAdmin', `/api/people?filter=${q}`)).json();
    expect(primary).toMatchObject({ pepExpiration: '2027-12-31' });
    const rel = await t.post('superAdmin', '/api/people', {
      country: 'BR',
      dni: '529.982.247-25',
      name: 'Otávio Vasconcelos',
      pepLevel: 2,
      primaryPersonId: primary.id,
      relation: 'spouse',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    expect(rel.json()).toMatchObject({ pepExpiration: '2027-12-31' });

    // the Portal extends the grace period: the primary is updated, and the spouse follows, with an audit row
    const second = await upload(latin1([HEADER, line('30/06/2029')]));
    await t.deps.queue.drain();
    expect((await t.get('superAdmin', `/api/people/imports/${second.json().id}`)).json()).toMatchObject({
      status: 'done',
      updated: 1,
    });
    const person = (id: string) => t.get('superAdmin', `/api/people/${id}`);
    expect((await person(primary.id)).json()).toMatchObject({ pepExpiration: '2029-06-30' });
    expect((await person(rel.json().id)).json()).toMatchObject({ pepExpiration: '2029-06-30', pepStatus: 'indirect' });
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entityId', '=', rel.json().id)
      .where('action', '=', 'person.updated')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ pepExpiration: '2029-06-30' });
  });
});
