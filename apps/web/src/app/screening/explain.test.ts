import { translate } from '@regcheck/shared';
import { describe, expect, it } from 'vitest';
import { type Explanation, explainInWords, explanationSegments } from './explain';
import { listLabel } from './list-catalog';

/** Nicolás Maduro Moros searched as "Nicolás Maduro", born 23/11/1962, Chilean: two names exact, one only listed. */
const maduro: Explanation = {
  summary: 'name 0.86 (exact: nicolas, maduro; only in list name: moros)',
  nameScore: 0.86,
  matchedName: 'Nicolás MADURO MOROS',
  parts: [
    { query: 'Nicolás', candidate: 'Nicolás', kind: 'exact', similarity: 1, weight: 1 },
    { query: 'Maduro', candidate: 'Maduro', kind: 'exact', similarity: 1, weight: 1 },
    { query: '', candidate: 'Moros', kind: 'missing', similarity: 0, weight: 0.5 },
  ],
  birthDate: { query: '1962-11-23', candidate: ['1962-11-23'], result: 'match' },
  country: { query: ['CL'], candidate: ['VE'], result: 'conflict' },
};

const fuzzy: Explanation = {
  summary: '',
  nameScore: 0.8,
  parts: [
    { query: 'Mohamed', candidate: 'Muhammad', kind: 'phonetic', similarity: 0.9, weight: 1 },
    { query: 'Carlos', candidate: '', kind: 'extra', similarity: 0, weight: 1 },
  ],
  identifier: { type: 'passport', value: 'A1234567', result: 'match' },
  birthDate: { query: '1970', candidate: ['1971-05-02'], result: 'close' },
  schema: { query: 'Person', candidate: 'Vessel', result: 'conflict' },
};

const tr = (lang: 'es' | 'pt-BR' | 'en') => (k: string, p?: Record<string, unknown>) => translate(lang, k, p);

describe('explanations in words', () => {
  it('Spanish', () => {
    expect(explainInWords(maduro, tr('es'), 'es')).toBe(
      "Nombre: coincidencia exacta de 'Nicolás' y 'Maduro'; 'Moros' solo en la lista · " +
        'Fecha de nacimiento: igual (23/11/1962) · País: distinto (CL / VE)',
    );
    expect(explainInWords(fuzzy, tr('es'), 'es')).toBe(
      "Nombre: suenan igual: 'Mohamed' ~ 'Muhammad'; 'Carlos' solo en la búsqueda · Documento: idéntico (A1234567) · " +
        'Fecha de nacimiento: cercana (1970 / 02/05/1971) · Tipo: distinto (persona natural / buque)',
    );
  });

  it('Portuguese (Brazil)', () => {
    expect(explainInWords(maduro, tr('pt-BR'), 'pt-BR')).toBe(
      "Nome: coincidência exata de 'Nicolás' e 'Maduro'; 'Moros' só na lista · " +
        'Data de nascimento: igual (23/11/1962) · País: diferente (CL / VE)',
    );
    expect(explainInWords(fuzzy, tr('pt-BR'), 'pt-BR')).toContain('Tipo: diferente (pessoa física / embarcação)');
  });

  it('English', () => {
    expect(explainInWords(maduro, tr('en'), 'en')).toBe(
      "Name: exact match of 'Nicolás' and 'Maduro'; 'Moros' only on the list · " +
        'Birth date: same (23/11/1962) · Country: different (CL / VE)',
    );
    expect(explainInWords(fuzzy, tr('en'), 'en')).toContain(
      "'Carlos' only in the search · Document: identical (A1234567)",
    );
  });

  it('shows the parts as they were written in the query and on the list', () => {
    const engine: Explanation = {
      summary: '',
      nameScore: 0.9,
      parts: [
        { query: 'nicolas', candidate: 'nicolas', kind: 'exact', similarity: 1, weight: 1 },
        { query: 'maduro', candidate: 'maduro', kind: 'exact', similarity: 1, weight: 1 },
        { query: '', candidate: 'moros', kind: 'missing', similarity: 0, weight: 1 },
        { query: 'jose', candidate: 'josef', kind: 'fuzzy', similarity: 0.9, weight: 1 },
      ],
    };
    expect(
      explainInWords(engine, tr('es'), 'es', {
        query: ['José Nicolás Maduro'],
        candidate: ['MADURO MOROS, Nicolas Josef'],
      }),
    ).toBe(
      "Nombre: coincidencia exacta de 'Nicolás' y 'Maduro'; escritura parecida: 'José' ~ 'Josef'; 'MOROS' solo en la lista",
    );
  });

  it('marks what agrees and what conflicts; a country list hit says it is on the list', () => {
    const tones = explanationSegments(maduro, tr('es'), 'es').map((s) => [s.field, s.tone]);
    expect(tones).toEqual([
      ['name', 'agrees'],
      ['birthDate', 'agrees'],
      ['country', 'conflicts'],
    ]);
    const country = explanationSegments(
      { summary: '', nameScore: 0, parts: [], country: { query: ['KP'], candidate: ['KP'], result: 'match' } },
      tr('en'),
      'en',
    );
    expect(country.map((s) => `${s.label}: ${s.text}`)).toEqual(['Country: same (KP)']);
    expect(explainInWords({ summary: 'x', nameScore: 0, parts: [] }, tr('pt-BR'), 'pt-BR')).toBe(
      'Lista: consta na lista',
    );
  });

  it('names lists from the translated catalogue, never in English on a Spanish page', () => {
    expect(listLabel(tr('es'), 'onu', 'UN Security Council consolidated list')).toBe(
      'Lista consolidada del Consejo de Seguridad de la ONU',
    );
    expect(listLabel(tr('pt-BR'), 'rtp', 'Preferential tax regimes')).toBe('Regimes tributários privilegiados');
    expect(listLabel(tr('es'), 'gafi', 'FATF (GAFI) countries')).toBe('Países del GAFI');
    expect(listLabel(tr('es'), 'interest', 'List of interest')).toBe('Lista de interés');
    expect(listLabel(tr('en'), 'company-xyz', 'My own list')).toBe('My own list');
  });
});
