import { describe, expect, it } from 'vitest';
import { checkBrazilDocument } from './cpf-cnpj-check';
import {
  coerceDocumentType,
  displayDni,
  dmyToIso,
  emptyFichaValues,
  toPayload as fichaPayload,
  formFieldOf,
  isoToDmy,
  typeDmy,
  validate as validateFichaValues,
} from './ficha-form';
import { buildFichaWhere, buildListFilter, EMPTY_FILTERS, filtersFromQuery, presetRange } from './list-filter';
import {
  type RelatedDraft,
  toPayload as relationshipPayload,
  validate as validateRelatedDraft,
} from './related-person-form';

describe('date presets (UTC days, as the list shows its dates and the dashboard counts)', () => {
  const now = new Date(Date.UTC(2026, 4, 15, 10, 0)); // 15 May 2026
  it('gives the spec presets', () => {
    expect(presetRange('today', now)).toEqual(['2026-05-15', '2026-05-15']);
    expect(presetRange('yesterday', now)).toEqual(['2026-05-14', '2026-05-14']);
    expect(presetRange('thisMonth', now)).toEqual(['2026-05-01', '2026-05-15']);
    expect(presetRange('thisYear', now)).toEqual(['2026-01-01', '2026-05-15']);
    expect(presetRange('lastMonth', now)).toEqual(['2026-04-01', '2026-04-30']);
    expect(presetRange('fromBeginning', now)).toEqual([null, null]);
  });
  it('yesterday and last month cross year boundaries', () => {
    expect(presetRange('yesterday', new Date(Date.UTC(2026, 0, 1)))).toEqual(['2025-12-31', '2025-12-31']);
    expect(presetRange('lastMonth', new Date(Date.UTC(2026, 0, 20)))).toEqual(['2025-12-01', '2025-12-31']);
    expect(presetRange('lastMonth', new Date(Date.UTC(2028, 2, 1)))).toEqual(['2028-02-01', '2028-02-29']);
  });
  it("today is the UTC day, whatever the browser's clock shows", () => {
    expect(presetRange('today', new Date('2026-05-15T02:00:00Z'))).toEqual(['2026-05-15', '2026-05-15']);
  });
});

describe('list filter', () => {
  it('no filters is an empty where, page 3 of 25 skips 50', () => {
    expect(buildListFilter(EMPTY_FILTERS, 3, 25)).toEqual({ where: {}, order: 'createdAt DESC', limit: 25, skip: 50 });
  });
  it('combines filters with and; a formatted RUT is searched bare', () => {
    const where = buildFichaWhere({
      ...EMPTY_FILTERS,
      search: '12.345.678',
      personType: 'legal',
      risk: 'high',
      tags: ['vip'],
    });
    expect(where).toEqual({
      and: [{ search: { like: '%12345678%' } }, { personType: 'legal' }, { risk: 'high' }, { tags: 'vip' }],
    });
  });
  it('escapes like wildcards and maps PEP none to null', () => {
    expect(buildFichaWhere({ ...EMPTY_FILTERS, search: '50%_a' })).toEqual({ search: { like: '%50\\%\\_a%' } });
    expect(buildFichaWhere({ ...EMPTY_FILTERS, pepStatus: 'none' })).toEqual({ pepStatus: null });
  });
  it('a date range is two bounds on createdAt', () => {
    const where = buildFichaWhere({ ...EMPTY_FILTERS, from: '2026-05-01', to: '2026-05-01' }) as {
      and: { createdAt: Record<string, string> }[];
    };
    expect(where.and[0]?.createdAt.gte).toBe('2026-05-01T00:00:00.000Z');
    expect(where.and[1]?.createdAt.lte).toBe('2026-05-01T23:59:59.999Z');
  });
  it("a dashboard link's filters: the period, list matches, one list, the portfolio up to a day", () => {
    const f = filtersFromQuery(new URLSearchParams('from=2026-05-01&to=2026-05-30&matches=true&list=ofac'));
    expect(f).toMatchObject({ from: '2026-05-01', to: '2026-05-30', matches: true, list: 'ofac' });
    expect(buildFichaWhere(f)).toEqual({
      and: [
        { listasTotal: { gt: 0 } },
        { 'listas.listId': 'ofac' },
        { createdAt: { gte: '2026-05-01T00:00:00.000Z' } },
        { createdAt: { lte: '2026-05-30T23:59:59.999Z' } },
      ],
    });
    expect(buildFichaWhere(filtersFromQuery(new URLSearchParams('to=2026-05-30&risk=high')))).toEqual({
      and: [{ risk: 'high' }, { createdAt: { lte: '2026-05-30T23:59:59.999Z' } }],
    });
    expect(filtersFromQuery(new URLSearchParams('matches=yes&list=a b&risk=extreme&from=1/5/2026'))).toEqual(
      EMPTY_FILTERS,
    );
  });
});

describe('ficha form', () => {
  it('defaults the document per country and person type', () => {
    expect(emptyFichaValues('BR', 'natural').documentType).toBe('CPF');
    expect(emptyFichaValues('BR', 'legal').documentType).toBe('CNPJ');
    expect(emptyFichaValues('CL', 'legal').documentType).toBe('RUT');
    expect(coerceDocumentType('AR', 'natural', 'RUT')).toBe('DNI');
    expect(coerceDocumentType('AR', 'natural', 'CUIT')).toBe('CUIT');
  });
  it('dates: dd/mm/yyyy typed, 10-character date sent', () => {
    expect(typeDmy('12051980')).toBe('12/05/1980');
    expect(typeDmy('1205')).toBe('12/05');
    expect(dmyToIso('12/05/1980')).toBe('1980-05-12');
    expect(dmyToIso('31/02/2020')).toBeNull();
    expect(isoToDmy('1980-05-12T12:00:00.000Z')).toBe('12/05/1980');
  });
  it('validates document, names, e-mail and tags', () => {
    const v = {
      ...emptyFichaValues('CL', 'natural'),
      dni: '12.345.678-6',
      name: 'Ana María',
      fatherName: 'O’Brien & Hijos',
      email: 'x@',
    };
    const errors = validateFichaValues(v);
    expect(errors.dni?.key).toBe('errors.DOCUMENT_INVALID');
    expect(errors.name).toBeUndefined();
    expect(errors.fatherName).toBeUndefined();
    expect(errors.email?.key).toBe('form.errors.email');
    const bad = validateFichaValues({ ...v, dni: '12.345.678-5', name: 'Ana #1', email: '', tags: ['a', 'A'] });
    expect(bad.dni).toBeUndefined();
    expect(bad.name?.key).toBe('form.errors.name');
    expect(bad.tags?.key).toBe('form.errors.tagsRepeated');
    expect(validateFichaValues({ ...v, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).tags?.key).toBe(
      'form.errors.tagsTooMany',
    );
  });
  it('accepts an alphanumeric CNPJ and sends the normalized document', () => {
    const v = { ...emptyFichaValues('BR', 'legal'), dni: '12.ABC.345/01DE-35', socialReason: 'Empresa & Filhos' };
    expect(validateFichaValues(v)).toEqual({});
    const body = fichaPayload(v);
    expect(body.dni).toBe('12ABC34501DE35');
    expect(body.dniType).toEqual({ country: 'BR', person: 'legal', document: 'CNPJ' });
    expect(body.name).toBeNull();
  });
  it('company names take digits, commas and parentheses; person names do not', () => {
    const legal = {
      ...emptyFichaValues('CL', 'legal'),
      dni: '76.277.884-K',
      socialReason: 'Inversiones 2020 (Chile), S.A.',
    };
    expect(validateFichaValues(legal)).toEqual({});
    expect(validateFichaValues({ ...legal, socialReason: 'Empresa #1' }).socialReason?.key).toBe(
      'form.errors.companyName',
    );
    const natural = { ...emptyFichaValues('CL', 'natural'), dni: '12.345.678-5', name: 'Ana 2', fatherName: 'Soto' };
    expect(validateFichaValues(natural).name?.key).toBe('form.errors.name');
  });
  it('payload: birth date as YYYY-MM-DD, amounts with comma decimals', () => {
    const v = {
      ...emptyFichaValues('CL', 'natural'),
      dni: '12345678-5',
      name: 'A',
      fatherName: 'B',
      birthDate: '01/02/1990',
      income: '1.500.000,50',
    };
    const body = fichaPayload(v);
    expect(body.birthDate).toBe('1990-02-01');
    expect(body.income).toBe(1500000.5);
    expect(body.dni).toBe('12345678-5');
  });
  it('maps server fields to form fields', () => {
    const known = ['dni', 'email', 'name'];
    expect(formFieldOf('dni', known)).toBe('dni');
    expect(formFieldOf('dniType.document', known)).toBe('documentType');
    expect(formFieldOf('tags.2.name', known)).toBe('tags');
    expect(formFieldOf('legalRepresentatives.0.dni', known)).toBe('related');
    expect(formFieldOf('nope', known)).toBeNull();
  });
  it('shows the formatted document, masked when ten digits', () => {
    expect(displayDni({ dniFormatted: '12.345.678-5' })).toBe('12.345.678-5');
    expect(displayDni({ dniFormatted: '1234567890' })).toBe('123456789*');
    expect(displayDni({ dniFormatted: 'x', withoutDocument: true })).toBe('-');
  });
});

describe('related persons', () => {
  const base: RelatedDraft = {
    key: 'a',
    relationType: 'representant',
    personType: 'natural',
    country: 'CL',
    documentType: 'RUT',
    dni: '76.277.884-K',
    name: 'Ana',
    fatherName: 'Soto',
    motherName: '',
    socialReason: '',
    participation: '',
  };
  const participant = { documentType: 'RUT', dni: '12.345.678-5' };
  it('accepts a valid representative', () => {
    expect(validateRelatedDraft(base, participant, [])).toEqual({});
  });
  it("rejects the participant's own document in any format", () => {
    expect(validateRelatedDraft({ ...base, dni: '12345678-5' }, participant, []).dni?.key).toBe(
      'errors.RELATED_SAME_DNI',
    );
  });
  it('rejects a representative added twice', () => {
    const other = { ...base, key: 'b', dni: '76277884-k' };
    expect(validateRelatedDraft(base, participant, [other]).dni?.key).toBe('errors.LEGAL_REP_ALREADY_ADDED');
    expect(
      validateRelatedDraft({ ...base, relationType: 'beneficiary', participation: '50' }, participant, [
        { ...other, relationType: 'beneficiary' },
      ]).dni?.key,
    ).toBe('errors.PERSON_ALREADY_ADDED');
  });
  it('ownership percentage: format, range, more than 1 and less than 100', () => {
    const b = { ...base, relationType: 'beneficiary' as const };
    expect(validateRelatedDraft({ ...b, participation: '' }, participant, []).participation?.key).toBe(
      'errors.PERCENTAGE_REQUIRED',
    );
    expect(validateRelatedDraft({ ...b, participation: '12,5' }, participant, []).participation?.key).toBe(
      'errors.PERCENTAGE_FORMAT',
    );
    expect(validateRelatedDraft({ ...b, participation: '12.555' }, participant, []).participation?.key).toBe(
      'errors.PERCENTAGE_FORMAT',
    );
    expect(validateRelatedDraft({ ...b, participation: '100' }, participant, []).participation?.key).toBe(
      'errors.OWNERSHIP_PERCENTAGE',
    );
    expect(validateRelatedDraft({ ...b, participation: '1' }, participant, []).participation?.key).toBe(
      'errors.OWNERSHIP_PERCENTAGE',
    );
    expect(validateRelatedDraft({ ...b, participation: '25.50' }, participant, [])).toEqual({});
  });
  it('a legal person only as partner', () => {
    const legal = { ...base, personType: 'legal' as const, socialReason: 'Soc / Ltda', name: '', fatherName: '' };
    expect(validateRelatedDraft(legal, participant, []).personType?.key).toBe('errors.LEGAL_PERSON_NOT_ALLOWED');
    expect(validateRelatedDraft({ ...legal, relationType: 'partners', participation: '30' }, participant, [])).toEqual(
      {},
    );
  });
  it('payload carries the normalized document and the percentage as a number', () => {
    const body = relationshipPayload('f1', { ...base, relationType: 'beneficiary', participation: '25.5' });
    expect(body).toMatchObject({
      fichaId: 'f1',
      relationType: 'beneficiary',
      dni: '76277884-K',
      participation: 25.5,
      socialReason: null,
    });
  });
});

describe('CPF / CNPJ checker', () => {
  it('valid CPF and CNPJ, numeric and alphanumeric', () => {
    expect(checkBrazilDocument('52998224725')).toMatchObject({ kind: 'CPF', valid: true, formatted: '529.982.247-25' });
    expect(checkBrazilDocument('44.038.188/0001-32')).toMatchObject({
      kind: 'CNPJ',
      valid: true,
      formatted: '44.038.188/0001-32',
    });
    expect(checkBrazilDocument('12abc34501de35')).toMatchObject({
      kind: 'CNPJ',
      valid: true,
      formatted: '12.ABC.345/01DE-35',
    });
  });
  it('says which check digit is wrong', () => {
    expect(checkBrazilDocument('529.982.247-35')).toMatchObject({
      valid: false,
      problem: 'checkDigits',
      expected: '25',
      firstDigitOk: false,
      secondDigitOk: true,
    });
    expect(checkBrazilDocument('529.982.247-26')).toMatchObject({ firstDigitOk: true, secondDigitOk: false });
    expect(checkBrazilDocument('12.ABC.345/01DE-45')).toMatchObject({
      kind: 'CNPJ',
      expected: '35',
      firstDigitOk: false,
      secondDigitOk: true,
    });
  });
  it('length, characters and repeated digits', () => {
    expect(checkBrazilDocument('123').problem).toBe('length');
    expect(checkBrazilDocument('111.111.111-11').problem).toBe('allSame');
    expect(checkBrazilDocument('').problem).toBe('empty');
    expect(checkBrazilDocument('12.ABC.345/01DE-3X').problem).toBe('characters');
  });
});

describe('tag filters', () => {
  it('several tags are each an exact name condition (all must be on the ficha)', () => {
    expect(buildFichaWhere({ ...EMPTY_FILTERS, tags: ['vip', 'gold'] })).toEqual({
      and: [{ tags: 'vip' }, { tags: 'gold' }],
    });
  });
});
