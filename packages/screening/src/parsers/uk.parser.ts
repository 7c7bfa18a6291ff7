import { XMLParser } from 'fast-xml-parser';
import { countryCode } from '../text/countries';
import type { EntitySchema, ListEntity, ListIdentifier } from '../types';
import { parseCsv } from './csv';
import { parseListDate } from './dates';
import { list, type Node, nonEmpty, pushUnique as push, str } from './nodes';

const SCHEMA: Record<string, EntitySchema> = {
  individual: 'Person',
  entity: 'Company',
  ship: 'Vessel',
};

/** 'dd/mm/yyyy' of the UK files, where unknown parts are zeros ('00/00/1962' is 1962, '00/11/1962' is 1962-11). */
export function ukDate(s: string): string[] {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s.trim());
  if (!m) return parseListDate(s);
  const [, d, mo, y] = m as unknown as [string, string, string, string];
  if (y === '0000') return [];
  if (mo === '00') return [y];
  if (d === '00') return [`${y}-${mo}`];
  return [`${y}-${mo}-${d}`];
}

/** Country names as the UK lists write several: '(1) Russia (2) Ukraine' or 'Iran, Iraq'. */
function countriesOf(s: string): string[] {
  return s
    .split(/\(\d+\)|;/)
    .map((c) => c.trim())
    .filter(Boolean)
    .map(countryCode);
}

/**
 * The OFSI consolidated list (CSV, 2022 format): a 'Last Updated' line, the header, then one row per name of each
 * designation, grouped by Group ID. Name 6 is the family name, Name 1 to 5 the others.
 */
export function parseUkOfsiCsv(text: string, listId = 'uk-ofsi'): ListEntity[] {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const headerAt = rows.findIndex((r) => r.map((c) => c.trim()).includes('Group ID'));
  if (headerAt < 0) return [];
  const header = (rows[headerAt] ?? []).map((h) => h.trim());
  const col = (r: string[], name: string) => str(r[header.indexOf(name)]);
  const byId = new Map<string, ListEntity & { addresses: string[] }>();
  for (const r of rows.slice(headerAt + 1)) {
    const id = col(r, 'Group ID');
    if (!id) continue;
    const given = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'].map((k) => col(r, k)).filter(Boolean);
    const name = [...given, col(r, 'Name 6')].filter(Boolean).join(' ');
    let e = byId.get(id);
    if (!e) {
      e = {
        id,
        listId,
        schema: SCHEMA[col(r, 'Group Type').toLowerCase()] ?? 'Unknown',
        names: [],
        addresses: [],
        extra: { reference: id, listedOn: ukDate(col(r, 'Listed On'))[0] ?? '' },
      };
      byId.set(id, e);
    }
    // the primary name first: OFSI marks it 'Primary name'
    if (name) {
      if (/^primary/i.test(col(r, 'Alias Type')) && !e.names.includes(name)) e.names.unshift(name);
      else push(e.names, name);
    }
    const nonLatin = col(r, 'Name Non-Latin Script');
    if (nonLatin) push(e.names, nonLatin);
    e.birthDates ??= [];
    e.countries ??= [];
    e.identifiers ??= [];
    e.programs ??= [];
    for (const d of ukDate(col(r, 'DOB'))) push(e.birthDates, d);
    for (const c of countriesOf(col(r, 'Nationality'))) push(e.countries, c);
    const ids: ListIdentifier[] = e.identifiers;
    for (const [k, type] of [
      ['Passport Number', 'passport'],
      ['National Identification Number', 'national-id'],
    ] as const) {
      const v = col(r, k);
      if (v && !ids.some((i) => i.value === v)) ids.push({ type, value: v });
    }
    const addr = [
      'Address 1',
      'Address 2',
      'Address 3',
      'Address 4',
      'Address 5',
      'Address 6',
      'Post/Zip Code',
      'Country',
    ]
      .map((k) => col(r, k))
      .filter(Boolean)
      .join(', ');
    push(e.addresses, addr);
    if (e.schema !== 'Person') for (const c of countriesOf(col(r, 'Country'))) push(e.countries, c);
    const regime = col(r, 'Regime');
    if (regime) push(e.programs, regime);
    const info = col(r, 'Other Information');
    if (info && !e.remarks) e.remarks = info;
  }
  return [...byId.values()]
    .filter((e) => e.names.length)
    .map(({ addresses, identifiers, birthDates, countries, programs, remarks, ...e }) => ({
      ...e,
      ...nonEmpty({ identifiers, birthDates, countries, programs, remarks }),
      extra: { ...e.extra, addresses },
    }));
}

const XML_ARRAYS = new Set([
  'Designation',
  'Name',
  'NonLatinName',
  'Address',
  'DOB',
  'Nationality',
  'PassportDetail',
  'NationalIdentifierDetail',
]);

/**
 * The UK sanctions list (FCDO XML): one Designation per person, entity or ship with its names (Name1 to Name6,
 * Name6 the family name), regime, designation date, addresses and, for individuals, birth dates, nationalities,
 * passports and national identity numbers.
 */
export function parseUkSanctionsXml(xml: string, listId = 'uk-sanctions'): ListEntity[] {
  const doc = new XMLParser({ ignoreAttributes: true, isArray: (n) => XML_ARRAYS.has(n), parseTagValue: false }).parse(
    xml,
  ) as Node;
  const root = (doc.Designations ?? doc) as Node;
  const out: ListEntity[] = [];
  for (const d of list(root.Designation)) {
    const id = str(d.UniqueID);
    if (!id) continue;
    const names: string[] = [];
    for (const n of list((d.Names as Node | undefined)?.Name)) {
      const whole = ['Name1', 'Name2', 'Name3', 'Name4', 'Name5', 'Name6']
        .map((k) => str(n[k]))
        .filter(Boolean)
        .join(' ');
      if (/^primary/i.test(str(n.NameType)) && whole && !names.includes(whole)) names.unshift(whole);
      else push(names, whole);
    }
    for (const n of list((d.NonLatinNames as Node | undefined)?.NonLatinName)) push(names, str(n.NameNonLatinScript));
    if (!names.length) continue;
    const schema = SCHEMA[str(d.IndividualEntityShip).toLowerCase()] ?? 'Unknown';
    const addresses: string[] = [];
    const countries: string[] = [];
    for (const a of list((d.Addresses as Node | undefined)?.Address)) {
      const parts = ['AddressLine1', 'AddressLine2', 'AddressLine3', 'AddressLine4', 'AddressLine5', 'AddressLine6']
        .map((k) => str(a[k]))
        .concat([str(a.AddressPostalCode), str(a.AddressCountry)])
        .filter(Boolean);
      push(addresses, parts.join(', '));
      if (schema !== 'Person' && str(a.AddressCountry)) push(countries, countryCode(str(a.AddressCountry)));
    }
    const birthDates: string[] = [];
    const identifiers: ListIdentifier[] = [];
    const ind = list((d.IndividualDetails as Node | undefined)?.Individual)[0];
    if (ind) {
      for (const b of list(ind.DOBs).flatMap((x) => (Array.isArray(x.DOB) ? x.DOB : [x.DOB])))
        for (const v of ukDate(str(b))) push(birthDates, v);
      for (const n of list(ind.Nationalities).flatMap((x) =>
        Array.isArray(x.Nationality) ? x.Nationality : [x.Nationality],
      ))
        for (const c of countriesOf(str(n))) push(countries, c);
      for (const p of list((ind.PassportDetails as Node | undefined)?.PassportDetail))
        if (str(p.PassportNumber)) identifiers.push({ type: 'passport', value: str(p.PassportNumber) });
      for (const p of list((ind.NationalIdentifierDetails as Node | undefined)?.NationalIdentifierDetail))
        if (str(p.NationalIdentifierNumber))
          identifiers.push({ type: 'national-id', value: str(p.NationalIdentifierNumber) });
    }
    const regime = str(d.RegimeName);
    const remarks = str(d.OtherInformation) || str(d.UKStatementofReasons);
    out.push({
      id,
      listId,
      schema,
      names,
      ...nonEmpty({ identifiers, birthDates, countries, programs: regime ? [regime] : [], remarks }),
      extra: { reference: str(d.OFSIGroupID) || id, listedOn: ukDate(str(d.DateDesignated))[0] ?? '', addresses },
    });
  }
  return out;
}
