import { describe, expect, it } from 'vitest';
import {
  brazilPepEnd,
  cpfVisibleDigits,
  isBrazilPepHeader,
  maskedCpfDigits,
  maskedCpfKey,
  maskedCpfOf,
  parseBrazilPepCsv,
  readBrazilPepRows,
} from '../src/index';
import { decodeBrazilPepCsv } from '../src/parsers/pep-br.parser';

/*
 * The Brazil PEP file as the Portal da Transparência publishes it (issue 24, point 2): ISO-8859-1, accented header,
 * ';', CRLF, masked CPF, dd/mm/yyyy. Invented people.
 */
const HEADER =
  'CPF;Nome_PEP;Sigla_Função;Descrição_Função;Nível_Função;Nome_Órgão;Data_Início_Exercício;Data_Fim_Exercício;Data_Fim_Carência';
const ROWS = [
  '***.604.118-**;MARCOS VINÍCIUS PEÇANHA;NES;SECRETÁRIO EXECUTIVO;NES;Ministério da Integração;01/03/2022;31/10/2026;30/11/2031',
  '***.237.591-**;HELOÍSA MÜLLER DE ASSUNÇÃO;DEP;DEPUTADO FEDERAL;Sem informação;Câmara dos Deputados;01/02/2011;31/01/2016;31/01/2021',
  '***.237.591-**;HELOÍSA MÜLLER DE ASSUNÇÃO;SEC;SECRETÁRIA;Sem informação;Governo do Estado;01/02/2016;31/12/2017;31/12/2022',
  '***.812.430-**;ÁLVARO CÉSAR BRANDÃO;PREF;PREFEITO;Sem informação;Prefeitura Municipal;01/01/2025;;',
];
const latin1 = (header = HEADER) => new Uint8Array(Buffer.from(`${[header, ...ROWS].join('\r\n')}\r\n`, 'latin1'));

describe('Brazil PEP file as published', () => {
  it('finds the accented columns of an ISO-8859-1 file and reads dd/mm/yyyy dates', () => {
    const bytes = latin1();
    expect(decodeBrazilPepCsv(bytes).encoding).toBe('iso-8859-1');
    const read = readBrazilPepRows(bytes);
    expect(read).toMatchObject({ header: true, missing: [] });
    expect(read.columns.inicio).toBe('Data_Início_Exercício');
    expect(read.rows[0]).toEqual({
      line: 2,
      cpf: '***.604.118-**',
      name: 'MARCOS VINÍCIUS PEÇANHA',
      sigla: 'NES',
      descricao: 'SECRETÁRIO EXECUTIVO',
      nivel: 'NES',
      orgao: 'Ministério da Integração',
      inicio: '2022-03-01',
      fim: '2026-10-31',
      fimCarencia: '2031-11-30',
    });
    expect(read.rows[3]).toMatchObject({ fim: '', fimCarencia: '' });
  });

  it('reads a UTF-8 copy with a byte order mark, and a header without accents or in other case, the same', () => {
    const text = new TextDecoder('windows-1252').decode(latin1());
    const bom = new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    expect(decodeBrazilPepCsv(bom).encoding).toBe('utf-8-bom');
    const expected = readBrazilPepRows(latin1()).rows;
    expect(readBrazilPepRows(bom).rows).toEqual(expected);
    const plain = HEADER.normalize('NFD').replace(/\p{M}/gu, '');
    expect(readBrazilPepRows(latin1(plain)).rows).toEqual(expected);
    expect(readBrazilPepRows(latin1(plain.toUpperCase().replaceAll('_', ' '))).rows).toEqual(expected);
    expect(isBrazilPepHeader(HEADER)).toBe(true);
  });

  it('names the columns a file lacks, and refuses one without CPF or Nome_PEP', () => {
    const read = readBrazilPepRows(new Uint8Array(Buffer.from('CPF;Nome_PEP;Descrição_Função\r\n', 'latin1')));
    expect(read.header).toBe(true);
    expect(read.missing).toEqual([
      'Sigla_Função',
      'Nível_Função',
      'Nome_Órgão',
      'Data_Início_Exercício',
      'Data_Fim_Exercício',
      'Data_Fim_Carência',
    ]);
    expect(readBrazilPepRows(new TextEncoder().encode('Nome;Cargo\nA;B\n')).header).toBe(false);
  });

  it('the list entry of a person whose every grace period ended stops at the latest; one in office keeps it in force', () => {
    const [marcos, heloisa, alvaro] = parseBrazilPepCsv(latin1(), 'pep-br', 5);
    expect(marcos?.extra?.validUntil).toBe('2031-11-30');
    expect(heloisa?.extra?.functions).toHaveLength(2);
    expect(heloisa?.extra?.validUntil).toBe('2022-12-31');
    expect(alvaro?.extra?.validUntil).toBeUndefined();
  });
});

describe('masked CPF', () => {
  it('shows six digits that a whole CPF has in the 4th to 9th places; the name is compared normalised', () => {
    expect(maskedCpfDigits('***.604.118-**')).toBe('604118');
    expect(maskedCpfDigits('***604118**')).toBe('604118');
    expect(maskedCpfDigits('123.604.118-61')).toBeNull();
    expect(cpfVisibleDigits('123.604.118-61')).toBe('604118');
    expect(cpfVisibleDigits('12.345.678-5')).toBeNull();
    expect(maskedCpfKey('390275', 'RITA DE CÁSSIA LOUREIRO')).toBe(maskedCpfKey('390275', 'Rita de Cassia  Loureiro'));
    expect(maskedCpfKey('390275', 'RITA DE CÁSSIA LOUREIRO')).not.toBe(maskedCpfKey('390275', 'Rita Loureiro'));
    expect(maskedCpfOf({ identifiers: [{ type: 'cpf-partial', value: '604118' }] })).toBe('604118');
    expect(
      maskedCpfOf({
        identifiers: [
          { type: 'cpf-partial', value: '604118' },
          { type: 'CPF', value: '12360411861' },
        ],
      }),
    ).toBeNull();
  });
});

describe('brazilPepEnd', () => {
  it('ends at the latest grace period, else the given years after office; a function with no end keeps it open', () => {
    const grace = { fim: '2022-12-31', fimCarencia: '2027-12-31' };
    const office = { fim: '2024-02-29', fimCarencia: '' };
    expect(brazilPepEnd([grace], 5)).toEqual({ end: '2027-12-31', endFrom: 'grace' });
    expect(brazilPepEnd([grace, office], 5)).toEqual({ end: '2029-02-28', endFrom: 'office' });
    expect(brazilPepEnd([office], 1)).toEqual({ end: '2025-02-28', endFrom: 'office' });
    expect(brazilPepEnd([grace, { fim: '', fimCarencia: '' }], 5)).toEqual({ end: null, endFrom: null });
    expect(brazilPepEnd([{ fim: '2020-02-31', fimCarencia: '' }], 5)).toEqual({ end: null, endFrom: null });
  });
});
