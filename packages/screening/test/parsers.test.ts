import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseBrazilPepCsv,
  parseCompanyCsv,
  parseCsv,
  parseCsvLines,
  parseFtmJsonl,
  parseNamesJsonl,
  parseOfacCsv,
  parseOfacRemarks,
  parseUnXml,
  readBrazilPepRows,
} from '../src/index';
import { detectFormat, loadListPath } from '../src/lists.load';
import { fixtures, listsDir } from './paths';

describe('CSV', () => {
  it('handles quotes, doubled quotes, CRLF and embedded newlines', () => {
    expect(parseCsv('a,b\r\n"x, y","he said ""hi"""\n"multi\nline",z\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "hi"'],
      ['multi\nline', 'z'],
    ]);
  });
});

describe('OFAC', () => {
  it('parses the 2021 set with alt.csv and add.csv', () => {
    const dir = path.join(listsDir, 'ofac-2021');
    const entities = parseOfacCsv({
      sdn: readFileSync(path.join(dir, 'sdn.csv'), 'utf8'),
      alt: readFileSync(path.join(dir, 'alt.csv'), 'utf8'),
      add: readFileSync(path.join(dir, 'add.csv'), 'utf8'),
    });
    const bnc = entities.find((e) => e.id === '306');
    expect(bnc?.names).toEqual(['BANCO NACIONAL DE CUBA', 'BNC', 'NATIONAL BANK OF CUBA']);
    expect(bnc?.schema).toBe('Organization');
    expect(bnc?.countries).toContain('CH');
    expect(entities.length).toBeGreaterThan(8000);
  });

  it('reads aliases, birth dates, documents and nationality from the 2024 remarks', () => {
    const r = parseOfacRemarks(
      "DOB 19 Jun 1951; alt. DOB 1953; POB Giza, Egypt; nationality Egypt; Passport 1084010 (Egypt); alt. Passport 19820215; a.k.a. 'THE DOCTOR'; a.k.a. 'AL-MUIZZ'.",
    );
    expect(r.aliases).toEqual(['THE DOCTOR', 'AL-MUIZZ']);
    expect(r.birthDates).toEqual(['1951-06-19', '1953']);
    expect(r.countries).toEqual(['EG']);
    expect(r.identifiers).toEqual([
      { type: 'passport', value: '1084010', country: 'EG' },
      { type: 'passport', value: '19820215' },
    ]);
    const entities = loadListPath(path.join(listsDir, 'ofac-sdn-2024-05-03'));
    const zawahiri = entities.find((e) => e.id === '2676');
    expect(zawahiri?.schema).toBe('Person');
    expect(zawahiri?.birthDates).toEqual(['1951-06-19']);
    expect(entities.find((e) => e.id === '306')?.names).toContain('BNC');
    expect(entities.reduce((n, e) => n + e.names.length, 0)).toBeGreaterThan(18000);
  });
});

describe('UN consolidated list', () => {
  it('parses individuals and entities with aliases, dates, documents and nationality', () => {
    const entities = parseUnXml(readFileSync(path.join(listsDir, 'un/consolidated-2026-02-27.xml'), 'utf8'));
    expect(entities.filter((e) => e.schema === 'Person')).toHaveLength(730);
    expect(entities.filter((e) => e.schema === 'Organization')).toHaveLength(273);
    const badege = entities.find((e) => e.names[0] === 'ERIC BADEGE');
    expect(badege).toMatchObject({ listId: 'onu', birthDates: ['1971'], countries: ['CD'] });
    expect(entities.some((e) => e.identifiers?.some((i) => i.type === 'Passport'))).toBe(true);
  });
});

describe('OpenSanctions FtM', () => {
  it('keeps entity schemas and their names, ids and countries', () => {
    const text = readFileSync(path.join(fixtures, 'ftm-sample.ftm.json'), 'utf8');
    const entities = parseFtmJsonl(text, 'os');
    const org = entities.find((e) => e.names.includes('Andes Comercial Ltda'));
    expect(org?.schema).toBe('Organization');
    expect(org?.countries).toEqual(['BY']);
    expect(org?.identifiers?.[0]?.value).toBe('990011223');
    const person = entities.find((e) => e.id === 'rc-person-1');
    expect(person).toMatchObject({ schema: 'Person', birthDates: ['1971-04-02'] });
    expect(person?.names).toContain('Мирела Вуковић');
    // addresses and ownership links are not screenable entities
    expect(entities.every((e) => ['Person', 'Organization', 'Company'].includes(e.schema))).toBe(true);
    expect(entities).toHaveLength(3);
  });

  it('reads the entity_id + names export', () => {
    const e = parseNamesJsonl(
      '{"entity_id": 306, "names": [{"full_name": "BNC", "is_primary": false}, {"full_name": "BANCO NACIONAL DE CUBA", "is_primary": true}]}\n',
    );
    expect(e[0]).toMatchObject({ id: '306', names: ['BANCO NACIONAL DE CUBA', 'BNC'] });
  });
});

describe('Brazil PEP CSV', () => {
  it('decodes ISO-8859-1, groups functions by person and keeps the masked CPF', () => {
    const bytes = readFileSync(path.join(fixtures, 'pep-br-sample.csv'));
    const entities = parseBrazilPepCsv(new Uint8Array(bytes));
    expect(entities).toHaveLength(3);
    const jose = entities[0];
    expect(jose?.names).toEqual(['JOSÉ ANTÔNIO DA CONCEIÇÃO']);
    expect(jose?.identifiers).toEqual([{ type: 'cpf-partial', value: '456789', country: 'BR' }]);
    expect(jose?.extra?.functions).toHaveLength(2);
    expect(detectFormat(path.join(fixtures, 'pep-br-sample.csv'))).toBe('pep-br');
  });
});

describe('Brazil PEP CSV, line by line', () => {
  it('gives each function its line, reads a UTF-8 copy the same and refuses a file without the header', () => {
    const latin1 = new Uint8Array(readFileSync(path.join(fixtures, 'pep-br-sample.csv')));
    const read = readBrazilPepRows(latin1);
    expect(read.header).toBe(true);
    expect(read.rows.map((r) => r.line)).toEqual([2, 3, 4, 5]);
    expect(read.rows[0]).toMatchObject({
      cpf: '***.456.789-**',
      name: 'JOSÉ ANTÔNIO DA CONCEIÇÃO',
      descricao: 'DIRETOR DE PROGRAMA',
      orgao: 'Ministério da Economia',
      inicio: '2019-02-01',
      fim: '2022-12-31',
    });
    // 'Sem informação' and an empty end are no date
    expect(read.rows[1]).toMatchObject({ nivel: 'Sem informação', fim: '' });
    const utf8 = new TextEncoder().encode(new TextDecoder('latin1').decode(latin1));
    expect(readBrazilPepRows(utf8).rows.map((r) => r.name)).toEqual(read.rows.map((r) => r.name));
    expect(readBrazilPepRows(new TextEncoder().encode('Nome;Cargo\nA;B\n'))).toMatchObject({ header: false, rows: [] });
  });

  it('counts the lines of a quoted field that spans lines', () => {
    const rows = parseCsvLines('a;b\n\n"x\ny";z\nlast;1\n', ';');
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['x\ny', 'z'] },
      { line: 5, fields: ['last', '1'] },
    ]);
  });
});

describe('company CSV', () => {
  it('reads name, document, type, country and reason', () => {
    const entities = parseCompanyCsv(readFileSync(path.join(fixtures, 'company-list.csv'), 'utf8'), 'interna');
    expect(entities).toHaveLength(3);
    expect(entities[0]).toMatchObject({ id: '76.277.884-K', schema: 'Company', countries: ['CL'], remarks: 'fraude' });
    expect(entities[1]?.schema).toBe('Person');
    expect(entities[2]?.countries).toEqual(['BR']);
    expect(detectFormat(path.join(fixtures, 'company-list.csv'))).toBe('company-csv');
  });
});
