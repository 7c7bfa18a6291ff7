import { XMLParser } from 'fast-xml-parser';
import { countryCode } from '../text/countries';
import type { ListEntity, ListIdentifier } from '../types';
import { parseListDate } from './dates';
import { list, type Node, pushUnique, str } from './nodes';

const ARRAYS = new Set([
  'INDIVIDUAL',
  'ENTITY',
  'INDIVIDUAL_ALIAS',
  'ENTITY_ALIAS',
  'INDIVIDUAL_DATE_OF_BIRTH',
  'INDIVIDUAL_DOCUMENT',
  'INDIVIDUAL_ADDRESS',
  'ENTITY_ADDRESS',
  'VALUE',
  'NATIONALITY',
]);

function values(v: unknown): string[] {
  const out: string[] = [];
  for (const n of list(v)) {
    const vals = n.VALUE;
    for (const x of Array.isArray(vals) ? vals : [vals]) {
      const s = str(x);
      if (s) out.push(s);
    }
  }
  return out;
}

/** UN Security Council consolidated list (XML). */
export function parseUnXml(xml: string, listId = 'onu'): ListEntity[] {
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => ARRAYS.has(name),
  });
  const doc = parser.parse(xml) as Node;
  const root = (doc.CONSOLIDATED_LIST ?? {}) as Node;
  const out: ListEntity[] = [];
  for (const n of list((root.INDIVIDUALS as Node | undefined)?.INDIVIDUAL)) {
    const names: string[] = [];
    const primary = [n.FIRST_NAME, n.SECOND_NAME, n.THIRD_NAME, n.FOURTH_NAME].map(str).filter(Boolean).join(' ');
    pushUnique(names, primary);
    for (const a of list(n.INDIVIDUAL_ALIAS)) pushUnique(names, str(a.ALIAS_NAME));
    pushUnique(names, str(n.NAME_ORIGINAL_SCRIPT));
    if (!names.length) continue;
    const birthDates: string[] = [];
    for (const d of list(n.INDIVIDUAL_DATE_OF_BIRTH)) {
      const date = str(d.DATE);
      const year = str(d.YEAR);
      const from = str(d.FROM_YEAR);
      const to = str(d.TO_YEAR);
      if (date) birthDates.push(...parseListDate(date));
      else if (year) birthDates.push(year);
      else if (from && to) birthDates.push(...parseListDate(`${from} to ${to}`));
    }
    const identifiers: ListIdentifier[] = [];
    for (const d of list(n.INDIVIDUAL_DOCUMENT)) {
      const value = str(d.NUMBER);
      if (!value) continue;
      const country = str(d.ISSUING_COUNTRY) || str(d.COUNTRY_OF_ISSUE);
      identifiers.push({
        type: str(d.TYPE_OF_DOCUMENT) || 'document',
        value,
        ...(country ? { country: countryCode(country) } : {}),
      });
    }
    const countries = [...new Set(values(n.NATIONALITY).map(countryCode))];
    const e: ListEntity = {
      id: str(n.DATAID) || str(n.REFERENCE_NUMBER),
      listId,
      schema: 'Person',
      names,
      programs: [str(n.UN_LIST_TYPE)].filter(Boolean),
      extra: { reference: str(n.REFERENCE_NUMBER), listedOn: str(n.LISTED_ON) },
    };
    if (birthDates.length) e.birthDates = [...new Set(birthDates)];
    if (identifiers.length) e.identifiers = identifiers;
    if (countries.length) e.countries = countries;
    const remarks = str(n.COMMENTS1);
    if (remarks) e.remarks = remarks;
    out.push(e);
  }
  for (const n of list((root.ENTITIES as Node | undefined)?.ENTITY)) {
    const names: string[] = [];
    pushUnique(names, str(n.FIRST_NAME));
    for (const a of list(n.ENTITY_ALIAS)) pushUnique(names, str(a.ALIAS_NAME));
    pushUnique(names, str(n.NAME_ORIGINAL_SCRIPT));
    if (!names.length) continue;
    const countries = [
      ...new Set(
        list(n.ENTITY_ADDRESS)
          .map((a) => countryCode(str(a.COUNTRY)))
          .filter(Boolean),
      ),
    ];
    const e: ListEntity = {
      id: str(n.DATAID) || str(n.REFERENCE_NUMBER),
      listId,
      schema: 'Organization',
      names,
      programs: [str(n.UN_LIST_TYPE)].filter(Boolean),
      extra: { reference: str(n.REFERENCE_NUMBER), listedOn: str(n.LISTED_ON) },
    };
    if (countries.length) e.countries = countries;
    const remarks = str(n.COMMENTS1);
    if (remarks) e.remarks = remarks;
    out.push(e);
  }
  return out;
}
