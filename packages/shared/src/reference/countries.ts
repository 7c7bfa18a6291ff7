import { type DocumentType, documentTypesFor, PERSON_TYPES, type PersonType } from '../documents/country-documents';
import { COUNTRY_DATA } from './countries.data';

export interface CountryDocument {
  document: DocumentType;
  personType: PersonType;
}

/** Country reference entry (spec 000 §3): names in three languages, ISO numeric `ref`, allowed documents. */
export interface Country {
  /** ISO 3166-1 alpha-2 code, e.g. 'CL'. */
  code: string;
  /** English name. */
  name: string;
  es: string;
  pt: string;
  /** ISO 3166-1 numeric code as a string ('076'), or '0' when the country has none. */
  ref: string;
  /** Document types accepted for this country, per person type (derived from COUNTRY_DOCUMENT_TYPES). */
  dniType: readonly CountryDocument[];
}

export type CountryLanguage = 'es' | 'pt' | 'en';

function dniTypesOf(code: string): CountryDocument[] {
  return PERSON_TYPES.flatMap((personType) =>
    documentTypesFor(code, personType).map((document) => ({ document, personType })),
  );
}

/** All countries, in ISO alpha-2 order. */
export const COUNTRIES: readonly Country[] = Object.freeze(
  COUNTRY_DATA.trim()
    .split('\n')
    .map((line): Country => {
      const [code = '', ref = '0', name = '', es = '', pt = ''] = line.split('|');
      return Object.freeze({ code, name, es, pt, ref, dniType: Object.freeze(dniTypesOf(code)) });
    }),
);

/**
 * Other spellings seen in customer data and screening lists (old names, abbreviations).
 * Compared after accent and case folding, so 'Turquía' and 'turquia' both match.
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['USA', 'EEUU', 'EE UU', 'EUA', 'United States of America', 'Estados Unidos de America'],
  GB: ['UK', 'Great Britain', 'England', 'Gran Bretana', 'Inglaterra', 'Gra-Bretanha'],
  TR: ['Turkey'],
  CZ: ['Czech Republic', 'Republica Checa', 'Republica Tcheca'],
  SZ: ['Swaziland', 'Suazilandia'],
  MM: ['Burma', 'Birmania'],
  CI: ['Ivory Coast'],
  NL: ['Holland', 'Holanda'],
  KR: ['Korea', 'Republic of Korea'],
  RU: ['Russian Federation', 'Federacion de Rusia', 'Federacao Russa'],
  MK: ['Macedonia'],
  VA: ['Vatican', 'Holy See', 'Santa Sede'],
  TL: ['East Timor', 'Timor Oriental'],
  PS: ['State of Palestine', 'Estado de Palestina'],
  CV: ['Cape Verde Islands'],
  SA: ['Arabia Saudita'],
};

/** Lower-case, accents removed, punctuation collapsed to single spaces. */
function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const byCode = new Map<string, Country>(COUNTRIES.map((c) => [c.code, c]));
const byRef = new Map<number, Country>(COUNTRIES.filter((c) => c.ref !== '0').map((c) => [Number(c.ref), c]));
const byName = new Map<string, Country>();
for (const c of COUNTRIES) {
  for (const n of [c.name, c.es, c.pt, ...(ALIASES[c.code] ?? [])]) {
    const key = fold(n);
    if (!byName.has(key)) byName.set(key, c);
  }
}

/**
 * Finds a country by ISO alpha-2 code ('BR'), ISO numeric code ('076' or '76'), or its English, Spanish
 * or Portuguese name, ignoring case and accents ('Brasil', 'Brazil', 'perú', 'PERU').
 */
export function findCountry(codeOrName: string | null | undefined): Country | undefined {
  const value = (codeOrName ?? '').trim();
  if (value === '') return undefined;
  if (/^[A-Za-z]{2}$/.test(value)) {
    const hit = byCode.get(value.toUpperCase());
    if (hit) return hit;
  }
  if (/^\d{1,3}$/.test(value)) return byRef.get(Number(value));
  return byName.get(fold(value));
}

/** The name of a country in the given language. */
export function countryName(country: Country, language: CountryLanguage): string {
  if (language === 'es') return country.es;
  if (language === 'pt') return country.pt;
  return country.name;
}

/** Countries offered first in selectors: Chile-first for every company except Brazilian ones. */
export const PRIORITY_COUNTRIES_DEFAULT = ['CL', 'BR', 'VE', 'AR', 'PE'] as const;
export const PRIORITY_COUNTRIES_BRAZIL = ['BR', 'CL', 'VE', 'AR', 'PE'] as const;

/**
 * Countries for a selector: Chile, Brazil, Venezuela, Argentina, Peru first (Brazil first for a
 * Brazilian company), then the rest alphabetically in `language`. The language defaults to the
 * company's (Portuguese for Brazil, Spanish otherwise), as the spec does for table translations.
 */
export function orderedCountries(
  companyCountry: string | null | undefined,
  language?: CountryLanguage,
): readonly Country[] {
  const isBrazil = findCountry(companyCountry)?.code === 'BR';
  const lang: CountryLanguage = language ?? (isBrazil ? 'pt' : 'es');
  const priority: readonly string[] = isBrazil ? PRIORITY_COUNTRIES_BRAZIL : PRIORITY_COUNTRIES_DEFAULT;
  const first = priority.map((code) => byCode.get(code)).filter((c): c is Country => c !== undefined);
  const collator = new Intl.Collator(lang === 'pt' ? 'pt-BR' : lang, { sensitivity: 'base' });
  const rest = COUNTRIES.filter((c) => !priority.includes(c.code)).sort((a, b) =>
    collator.compare(countryName(a, lang), countryName(b, lang)),
  );
  return [...first, ...rest];
}
