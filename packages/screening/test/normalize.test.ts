import { describe, expect, it } from 'vitest';
import { nameKey, normalizeIdentifier, normalizeName, transliterate } from '../src/index';

const texts = (s: string, schema?: Parameters<typeof normalizeName>[1]) =>
  normalizeName(s, schema).tokens.map((t) => t.text);

describe('normalizeName', () => {
  it('folds case, accents and punctuation', () => {
    expect(texts('José  PÉREZ-Núñez')).toEqual(['jose', 'perez', 'nunez']);
    expect(texts("Al Qa'ida", 'Organization')).toEqual(['al', 'qaida']);
  });

  it('puts "SURNAME, Given" in given-name order for people', () => {
    expect(texts('PEREZ SOTO, Juan Carlos', 'Person')).toEqual(['juan', 'carlos', 'perez', 'soto']);
  });

  it('drops titles and marks particles', () => {
    const n = normalizeName('Dr. João da Silva', 'Person');
    expect(n.tokens.map((t) => [t.text, t.kind])).toEqual([
      ['joao', 'word'],
      ['da', 'particle'],
      ['silva', 'word'],
    ]);
  });

  it('collapses dotted initials and maps legal forms to a class', () => {
    const a = normalizeName('INVERSIONES EL ROBLE S.A.', 'Company').tokens;
    const b = normalizeName('Inversiones El Roble SpA', 'Company').tokens;
    expect(a.at(-1)?.cls).toBe('shares');
    expect(b.at(-1)?.cls).toBe('shares');
    expect(normalizeName('Comercial Lopes Ltda', 'Company').tokens.at(-1)?.cls).toBe(
      normalizeName('Comercial Lopes ME', 'Company').tokens.at(-1)?.cls,
    );
    expect(normalizeName('Acme S/A', 'Company').tokens.at(-1)?.kind).toBe('legal');
    expect(normalizeName('Iskusstvo Krasoty Limited Liability Company', 'Company').tokens.map((t) => t.kind)).toEqual([
      'word',
      'word',
      'legal',
    ]);
    expect(texts('A.B.C. Company', 'Company')[0]).toBe('abc');
  });

  it('transliterates other scripts', () => {
    expect(texts('Владимир Путин')).toEqual(['vladimir', 'putin']);
    expect(texts('Αλέξης Τσίπρας')).toEqual(['alexis', 'tsipras']);
    expect(transliterate('بيريز').abjad).toBe(true);
    expect(texts('김정은')).toEqual(['kim', 'jeongeun']);
    // Han characters: one token each, read in pinyin
    expect(texts('习近平')).toEqual(['xi', 'jin', 'ping']);
  });

  it('reads numbers and leetspeak', () => {
    expect(texts('Ig0r Sech1n')).toEqual(['igor', 'sechin']);
    // tens written as a word and the unit after them are one number (decision 303)
    expect(texts('Brigade Forty 4', 'Organization')).toEqual(['brigade', '44']);
    expect(texts('Brigade 40 4', 'Organization')).toEqual(['brigade', '40', '4']);
  });

  it('nameKey gives a compact comparable form', () => {
    expect(nameKey('INVERSIONES EL ROBLE S.A.', 'Company')).toBe(nameKey('Inversiones El Roble SpA', 'Company'));
  });
});

describe('normalizeIdentifier', () => {
  it('strips dots, hyphens, slashes and spaces and upper-cases', () => {
    const normalized = { '12.345.678-5': '123456785', '76.277.884-k': '76277884K', 'ab 123 456': 'AB123456' };
    Object.assign(normalized, { '44.038.188/0001-32': '44038188000132', '529.982.247-25': '52998224725' });
    for (const [id, key] of Object.entries(normalized)) expect(normalizeIdentifier(id), id).toBe(key);
  });
});
