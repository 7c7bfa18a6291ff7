import { describe, expect, it } from 'vitest';
import { COUNTRY_LIST_REASON_KEYS, listEntryName, listEntryReason } from '../list-entries';
import { LOCALES, localeFromAcceptLanguage, localeOf, pageLanguage, resources, translate } from './index';

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * Keys whose English text is also right in Spanish and Portuguese: proper names, product and law names, codes.
 * Anything else identical to the English text is an untranslated text.
 */
const ENGLISH_ALLOWED = new Set<string>([
  'admin:externalApi.httpStatus',
  'allegations:detail.leyKarin',
  'bulk:types.fichas',
  'bulk:types.fichas_v2',
  'coaf:export.xlsx',
  'operations:currency.USD',
  'operations:currency.CLP',
  'operations:currency.BRL',
  'operations:dueDiligence.valueUsd',
  'platform:lists.formats.ofac-csv',
  'platform:roeLayout.lineEnd.CRLF',
  'platform:roeLayout.lineEnd.LF',
  'platform:roeLayout.encoding.latin1',
  'screening:catalog.pdi',
  'shell:routes.bacenCircular6',
]);

/** The lists the product ships (the list_sources rows the migrations write); the server test checks the table. */
const SHIPPED_LISTS = [
  'ofac',
  'onu',
  'interpol',
  'pdi',
  'gafi',
  'rtp',
  'keywords',
  'pep-register',
  'pep-br',
  'risk-cities',
  'interest',
  'blacklist',
  'eu-fsf',
  'uk-ofsi',
  'uk-sanctions',
  'opensanctions',
];

describe('catalogs', () => {
  const namespaces = new Set(LOCALES.flatMap((l) => Object.keys(resources[l])));
  for (const ns of namespaces) {
    it(`namespace ${ns} has the same keys in es, pt-BR and en`, () => {
      const all = new Set(LOCALES.flatMap((l) => keys(resources[l][ns] ?? {})));
      for (const l of LOCALES) {
        const mine = new Set(keys(resources[l][ns] ?? {}));
        const missing = [...all].filter((k) => !mine.has(k));
        expect(missing, `${l}/${ns}.json lacks`).toEqual([]);
      }
    });
  }
  it('every key has the same placeholders in es, pt-BR and en', () => {
    const placeholders = (v: string) => [...v.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
    const differ: string[] = [];
    for (const ns of namespaces)
      for (const k of keys(resources.en[ns] ?? {})) {
        const en = placeholders(translate('en', `${ns}:${k}`)).join(',');
        for (const l of LOCALES) {
          // plural forms (_one, _other) may leave the count out
          if (/_(zero|one|two|few|many|other)$/.test(k)) continue;
          const mine = placeholders(translate(l, `${ns}:${k}`)).join(',');
          if (mine !== en) differ.push(`${l} ${ns}:${k} {${mine}} en {${en}}`);
        }
      }
    expect(differ).toEqual([]);
  });

  it('no Spanish or Portuguese text is the English one, nor English in another language (proper names and codes aside)', () => {
    const left: string[] = [];
    for (const ns of namespaces)
      for (const k of keys(resources.en[ns] ?? {})) {
        const en = translate('en', `${ns}:${k}`);
        // one word may be the same in the three languages (Interpol, Excel); two or more are a text left untranslated
        if ((en.match(/\p{L}{2,}/gu) ?? []).length < 2 || ENGLISH_ALLOWED.has(`${ns}:${k}`)) continue;
        // a key holding dots (an audit action) is not read through translate: it has no text to compare here
        if (en === `${ns}:${k}`) continue;
        for (const l of ['es', 'pt-BR'] as const) {
          const mine = translate(l, `${ns}:${k}`);
          if (mine === en) left.push(`${l} ${ns}:${k}: ${en}`);
          // an English sentence as the head of a translated one ("Incorrect file format: solo se aceptan...")
          else if (/^[A-Za-z]+ [A-Za-z ]+: /.test(en) && mine.startsWith(`${en.split(': ')[0]}:`))
            left.push(`${l} ${ns}:${k}: ${mine}`);
        }
      }
    expect(left).toEqual([]);
  });

  it('every list the product ships and the reasons of the FATF and tax-regime entries read in the three languages', () => {
    for (const l of LOCALES) {
      for (const [stored, key] of Object.entries(COUNTRY_LIST_REASON_KEYS)) {
        const text = translate(l, key);
        expect(text, `${l} ${key}`).not.toBe(key);
        expect(listEntryReason((k) => translate(l, k), stored)).toBe(text);
        if (l !== 'en') expect(text, `${l} ${key}`).not.toBe(stored);
      }
      for (const id of SHIPPED_LISTS) {
        const name = translate(l, `screening:catalog.${id}`);
        expect(name, `${l} ${id}`).not.toBe(`screening:catalog.${id}`);
        expect(name.trim(), `${l} ${id}`).not.toBe('');
      }
    }
    // the Spanish reader reads the FATF entries in Spanish ("Algeria", "increased monitoring" as seeded)
    expect(listEntryName('gafi', 'Algeria', ['DZ'], 'es')).toBe('Argelia');
    expect(listEntryName('gafi', 'Algeria', ['DZ'], 'pt-BR')).toBe('Argélia');
    expect(listEntryName('gafi', 'Algeria', ['DZ'], 'en')).toBe('Algeria');
    expect(listEntryName('ofac', 'BANCO NACIONAL DE CUBA', ['CU'], 'es')).toBe('BANCO NACIONAL DE CUBA');
    expect(listEntryReason((k) => translate('es', k), 'increased monitoring')).toBe('bajo monitoreo intensificado');
    expect(listEntryReason((k) => translate('pt-BR', k), 'call for action')).toBe('chamada para ação');
    expect(listEntryReason((k) => translate('es', k), 'motivo escrito a mano')).toBe('motivo escrito a mano');
  });

  it('no empty translation', () => {
    for (const l of LOCALES)
      for (const ns of Object.keys(resources[l]))
        for (const k of keys(resources[l][ns])) {
          expect(translate(l, `${ns}:${k}`).trim(), `${l} ${ns}:${k}`).not.toBe('');
        }
  });
});

describe('language selection', () => {
  it('company language br means pt-BR and page language pt', () => {
    expect(localeOf('br')).toBe('pt-BR');
    expect(pageLanguage(localeOf('br'))).toBe('pt');
    expect(localeOf('es')).toBe('es');
    expect(localeOf('en')).toBe('en');
  });
  it('Accept-Language picks the best supported language', () => {
    expect(localeFromAcceptLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('fr-FR,en;q=0.5')).toBe('en');
    expect(localeFromAcceptLanguage('fr')).toBeNull();
  });
  it('interpolates parameters', () => {
    expect(translate('en', 'TOO_MANY_ATTEMPTS', { minutes: 15 })).toBe('Too many attempts. Try again in 15 minutes');
  });
});
