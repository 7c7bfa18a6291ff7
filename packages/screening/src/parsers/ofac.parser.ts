import { countryCode } from '../text/countries';
import type { EntitySchema, ListEntity, ListIdentifier } from '../types';
import { parseCsv } from './csv';
import { parseListDate } from './dates';

const EMPTY = '-0-';

function clean(v: string | undefined): string {
  const t = (v ?? '').trim();
  return t === EMPTY ? '' : t;
}

function ofacSchema(type: string): EntitySchema {
  switch (type.toLowerCase()) {
    case 'individual':
      return 'Person';
    case 'vessel':
      return 'Vessel';
    case 'aircraft':
      return 'Aircraft';
    default:
      return 'Organization';
  }
}

export interface OfacRemarks {
  aliases: string[];
  birthDates: string[];
  identifiers: ListIdentifier[];
  countries: string[];
}

const ALIAS = /\b[afn]\.k\.a\.,?\s+'(.+?)'(?=\s*(?:[;.,)]|$))/gi;
const DOC_LABEL =
  /^(passport|national id no\.|cedula no\.|nit #|ruc #|r\.f\.c\. #|rfc #|c\.u\.r\.p\. #|curp #|tax id no\.|ssn|d\.n\.i\.|dni|identification number|registration number|registration id|business registration (?:number|document #)|company number|cuit|cuil|rif #|rut #|cpf|cnpj|imo|mmsi|personal id card|citizen's card number|driver's license no\.|residency number|birth certificate number|legal entity number|unified social credit code \(uscc\)|credencial electoral|matricula mercantil no|trade license number|public security and immigration no\.|serial no\.|aircraft manufacturer's serial number \(msn\)|vessel registration identification|id no\.|numero de identidad|pasaporte|tarjeta profesional|n\.i\.e\.|kenyan id no\.|chinese commercial code|certificate of incorporation number|v\.a\.t\. number|tax identification number)\s+(.+)$/i;

/** Extracts aliases, birth dates, documents and nationalities from an OFAC remarks field. */
export function parseOfacRemarks(remarks: string): OfacRemarks {
  const out: OfacRemarks = { aliases: [], birthDates: [], identifiers: [], countries: [] };
  if (!remarks) return out;
  for (const m of remarks.matchAll(ALIAS)) {
    const name = (m[1] as string).trim();
    if (name) out.aliases.push(name);
  }
  for (const rawSeg of remarks.split(';')) {
    const seg = rawSeg
      .trim()
      .replace(/^alt\.\s+/i, '')
      .replace(/\.$/, '');
    let m = /^DOB\s+(.+)$/i.exec(seg);
    if (m) {
      out.birthDates.push(...parseListDate(m[1] as string));
      continue;
    }
    m = /^(?:nationality|citizen)\s+(.+)$/i.exec(seg);
    if (m) {
      out.countries.push(countryCode(m[1] as string));
      continue;
    }
    m = DOC_LABEL.exec(seg);
    if (m) {
      let value = (m[2] as string).trim();
      let country: string | undefined;
      const c = /^(.*?)\s*\(([^)]*)\)\s*(?:\(.*\))?$/.exec(value);
      if (c) {
        value = (c[1] as string).trim();
        country = countryCode((c[2] as string).trim());
      }
      value = value.replace(/^(?:No\.|#)\s*/i, '');
      if (value) out.identifiers.push({ type: (m[1] as string).toLowerCase(), value, ...(country ? { country } : {}) });
    }
  }
  return out;
}

/**
 * OFAC SDN CSV files (no header; '-0-' for empty): sdn.csv, optional alt.csv and add.csv. Aliases,
 * birth dates, documents and nationalities written in the remarks column are parsed as well.
 */
export function parseOfacCsv(files: { sdn: string; alt?: string; add?: string }, listId = 'ofac'): ListEntity[] {
  const byId = new Map<string, ListEntity>();
  for (const r of parseCsv(files.sdn)) {
    const id = clean(r[0]);
    const name = clean(r[1]);
    if (!id || !name) continue;
    const remarks = clean(r[11]);
    const parsed = parseOfacRemarks(remarks);
    const programs = clean(r[3])
      .split(/\]\s*\[/)
      .map((p) => p.replace(/[[\]]/g, '').trim())
      .filter(Boolean);
    const e: ListEntity = {
      id,
      listId,
      schema: ofacSchema(clean(r[2])),
      names: [name, ...parsed.aliases.filter((a) => a !== name)],
      programs,
      ...(remarks ? { remarks } : {}),
    };
    if (parsed.identifiers.length) e.identifiers = parsed.identifiers;
    if (parsed.birthDates.length) e.birthDates = [...new Set(parsed.birthDates)];
    if (parsed.countries.length) e.countries = [...new Set(parsed.countries)];
    const title = clean(r[4]);
    const flag = clean(r[9]);
    if (flag) e.countries = [...new Set([...(e.countries ?? []), countryCode(flag)])];
    if (title) e.extra = { title };
    byId.set(id, e);
  }
  if (files.alt) {
    for (const r of parseCsv(files.alt)) {
      const e = byId.get(clean(r[0]));
      const name = clean(r[3]);
      if (e && name && !e.names.includes(name)) e.names.push(name);
    }
  }
  if (files.add) {
    for (const r of parseCsv(files.add)) {
      const e = byId.get(clean(r[0]));
      const country = clean(r[4]);
      if (e && country) {
        const code = countryCode(country);
        if (!e.countries?.includes(code)) e.countries = [...(e.countries ?? []), code];
      }
    }
  }
  return [...byId.values()];
}
