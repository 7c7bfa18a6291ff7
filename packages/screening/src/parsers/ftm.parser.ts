import { countryCode } from '../text/countries';
import type { EntitySchema, ListEntity, ListIdentifier } from '../types';

const SCHEMAS: Record<string, EntitySchema> = {
  Person: 'Person',
  Company: 'Company',
  Organization: 'Organization',
  LegalEntity: 'Company',
  PublicBody: 'Organization',
  Vessel: 'Vessel',
  Airplane: 'Aircraft',
};

const NAME_PROPS = ['name', 'alias', 'previousName', 'weakAlias', 'abbreviation'];
const ID_PROPS = [
  'idNumber',
  'passportNumber',
  'registrationNumber',
  'taxNumber',
  'innCode',
  'ogrnCode',
  'vatCode',
  'leiCode',
  'swiftBic',
  'imoNumber',
  'okpoCode',
  'kppCode',
  'icijId',
  'permId',
  'duns',
  'uniqueEntityId',
  'npiCode',
];
const COUNTRY_PROPS = ['nationality', 'citizenship', 'country', 'jurisdiction', 'mainCountry'];

/** One FollowTheMoney entity (a parsed JSON line) as a list entity; undefined for other schemas and no names. */
export function ftmEntity(obj: unknown, listId = 'opensanctions'): ListEntity | undefined {
  if (!obj || typeof obj !== 'object') return undefined;
  const o = obj as { id?: string; schema?: string; caption?: string; properties?: Record<string, unknown> };
  const schema = SCHEMAS[o.schema ?? ''];
  if (!schema || !o.id) return undefined;
  const props = o.properties ?? {};
  const get = (k: string): string[] =>
    Array.isArray(props[k]) ? (props[k] as unknown[]).filter((x): x is string => typeof x === 'string') : [];
  const names: string[] = [];
  if (o.caption) names.push(o.caption);
  for (const p of NAME_PROPS) for (const n of get(p)) if (!names.includes(n)) names.push(n);
  if (!names.length) return undefined;
  const identifiers: ListIdentifier[] = [];
  for (const p of ID_PROPS) for (const v of get(p)) identifiers.push({ type: p, value: v });
  const countries = [...new Set(COUNTRY_PROPS.flatMap(get).map(countryCode))];
  const birthDates = get('birthDate').concat(get('incorporationDate'));
  const e: ListEntity = { id: o.id, listId, schema, names };
  if (identifiers.length) e.identifiers = identifiers;
  if (countries.length) e.countries = countries;
  if (schema === 'Person' && birthDates.length) e.birthDates = birthDates;
  const programs = get('topics');
  if (programs.length) e.programs = programs;
  const notes = get('notes');
  if (notes.length) e.remarks = notes.join(' ');
  return e;
}

/** OpenSanctions FollowTheMoney entities, one JSON object a line; non-entity schemas and bad lines are skipped. */
export function parseFtmJsonl(text: string, listId = 'opensanctions'): ListEntity[] {
  const out: ListEntity[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t) continue;
    let obj: unknown;
    try {
      obj = JSON.parse(t);
    } catch {
      continue;
    }
    const e = ftmEntity(obj, listId);
    if (e) out.push(e);
  }
  return out;
}

/** JSON lines of { entity_id, names: [{ full_name, is_primary }] } (OFAC names export). */
export function parseNamesJsonl(text: string, listId = 'ofac'): ListEntity[] {
  const out: ListEntity[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t) continue;
    let obj: { entity_id?: string | number; names?: { full_name?: string; is_primary?: boolean }[] };
    try {
      obj = JSON.parse(t);
    } catch {
      continue;
    }
    if (obj.entity_id === undefined || !Array.isArray(obj.names)) continue;
    const sorted = [...obj.names].sort((a, b) => Number(b.is_primary ?? false) - Number(a.is_primary ?? false));
    const names = [...new Set(sorted.map((n) => (n.full_name ?? '').trim()).filter(Boolean))];
    if (names.length) out.push({ id: String(obj.entity_id), listId, schema: 'Unknown', names });
  }
  return out;
}
