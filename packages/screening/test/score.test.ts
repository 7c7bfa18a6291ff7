import { describe, expect, it } from 'vitest';
import { createIndex, DEFAULT_THRESHOLD, type EntitySchema, scorePair } from '../src/index';

const match = (a: string, b: string, schema: EntitySchema) => scorePair(a, b, schema).score;

describe('scorePair on Latin American names', () => {
  it.each([
    ['José Pérez', 'JOSE PEREZ', 'Person'],
    ['María José González Rodríguez', 'Maria Gonzalez', 'Person'],
    ['João da Silva', 'Joao Silva', 'Person'],
    ['PEREZ SOTO, Juan Carlos', 'Juan Carlos Pérez Soto', 'Person'],
    ['Juan Carlos Perez Soto', 'Juan Carlos Peres Soto', 'Person'],
    ['Inversiones El Roble SpA', 'INVERSIONES EL ROBLE S.A.', 'Company'],
    ['Comercial Lopes Ltda', 'Comercial Lopes ME', 'Company'],
    ['Transportes Del Sur Limitada', 'TRANSPORTES DEL SUR LTDA.', 'Company'],
    ['Construtora Boa Vista S/A', 'Construtora Boa Vista SA', 'Company'],
  ] as [string, string, EntitySchema][])('%s ~ %s', (a, b, schema) => {
    expect(match(a, b, schema)).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it.each([
    ['Juan Pérez', 'Juan Pereira Soto', 'Person'],
    ['Inversiones El Roble SpA', 'Inversiones El Olmo SpA', 'Company'],
    ['María González', 'Mario González', 'Person'],
    ['Juan Pérez', 'Juana Pérez', 'Person'],
    ['Carlos Muñoz Rojas', 'Pedro Muñoz Rojas', 'Person'],
    ['Comercial Lopes Ltda', 'Comercial Lima Ltda', 'Company'],
  ] as [string, string, EntitySchema][])('%s is not %s', (a, b, schema) => {
    expect(match(a, b, schema)).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('scores in [0, 1] and is symmetric enough', () => {
    const a = match('Juan Carlos Pérez', 'Pérez, Juan', 'Person');
    const b = match('Pérez, Juan', 'Juan Carlos Pérez', 'Person');
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThanOrEqual(1);
    expect(Math.abs(a - b)).toBeLessThan(0.01);
  });

  it('explains which parts matched how', () => {
    const { explanation } = scorePair('Jose Perex Soto', 'José Pérez', 'Person');
    const kinds = Object.fromEntries(explanation.parts.map((p) => [p.query || p.candidate, p.kind]));
    expect(kinds).toMatchObject({ jose: 'exact', perex: 'fuzzy', soto: 'extra' });
    expect(explanation.summary).toContain('spelling differs');
  });

  it.each([
    ['Bill Gates', 'William Gates', 'Person', true],
    ['Timothy Cook', 'Tim Cook', 'Person', true],
    ['Aleksandr Lukashenko', 'Alexander Lukashenka', 'Person', true],
    ['Gazprombank', 'Gazprom Bank', 'Company', true],
    ['Abdul Rahman', 'Abdulrahman', 'Person', true],
    ['Osama bin Laden', 'Usama bin Ladin', 'Person', true],
    ['John Smith', 'Jane Smith', 'Person', false],
    ['Bank of China', 'Bank of India', 'Company', false],
    ['Alpha Shipping Ltd', 'Beta Shipping Ltd', 'Company', false],
    ['Ali Hassan Khan', 'Ali Hussein Khan', 'Person', false],
  ] as [string, string, EntitySchema, boolean][])('general cases: %s / %s -> %s', (a, b, schema, expected) => {
    expect(match(a, b, schema) >= DEFAULT_THRESHOLD).toBe(expected);
  });

  it('matches other scripts', () => {
    expect(match('Владимир Путин', 'Vladimir Putin', 'Person')).toBeGreaterThanOrEqual(0.9);
    expect(match('فرناندو بيريز', 'Fernando Pérez', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(match('习近平', '习近平', 'Person')).toBe(1);
    expect(match('习近朋', '习近平', 'Person')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(match('习近平', 'Xi Jinping', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(match('毛泽东', 'Mao Zedong', 'Person')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });
});

describe('evidence beyond the name', () => {
  const index = createIndex([
    {
      id: '1',
      listId: 'interna',
      schema: 'Person',
      names: ['Juan Carlos Pérez Soto'],
      identifiers: [{ type: 'rut', value: '12.345.678-5' }],
      birthDates: ['1970-05-01'],
      countries: ['CL'],
    },
  ]);

  it('an identical identifier decides', () => {
    const [hit] = index.search({ name: 'Someone Else', identifiers: [{ value: '12345678-5' }] });
    expect(hit?.score).toBe(1);
    expect(hit?.explanation.identifier?.result).toBe('match');
  });

  it('a conflicting birth date or country lowers the score', () => {
    const plain = index.search({ name: 'Juan Carlos Perez Soto' })[0]?.score ?? 0;
    const dob = index.search({ name: 'Juan Carlos Perez Soto', birthDate: '1988-02-03' }, { threshold: 0 })[0];
    const country = index.search({ name: 'Juan Carlos Perez Soto', countries: ['AR'] }, { threshold: 0 })[0];
    expect(dob?.score ?? 1).toBeLessThan(plain);
    expect(dob?.explanation.birthDate?.result).toBe('conflict');
    expect(country?.score ?? 1).toBeLessThan(plain);
    expect(country?.explanation.country?.result).toBe('conflict');
    const same = index.search({ name: 'Juan Carlos Perez Soto', birthDate: '1970' })[0];
    expect(same?.explanation.birthDate?.result).toBe('match');
    const local = index.search({ name: 'Juan Carlos Perez Soto', birthDate: '01/05/1970' })[0];
    expect(local?.explanation.birthDate).toMatchObject({ query: '1970-05-01', result: 'match' });
  });

  it('queries by name parts (given names, father and mother family names)', () => {
    const [hit] = index.search({ name: 'Juan Carlos', fatherName: 'Pérez', motherName: 'Soto' });
    expect(hit?.entityId).toBe('1');
  });
});
