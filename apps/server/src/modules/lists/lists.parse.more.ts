import {
  type ListEntity,
  parseEuFsfXml,
  parseFtmJsonl,
  parseUkOfsiCsv,
  parseUkSanctionsXml,
} from '@regcheck/screening';
import { XMLValidator } from 'fast-xml-parser';
import type { ImportLineError } from './lists.tables';

/*
 * The readers of the sanctions lists added by issue 15: the EU consolidated financial sanctions (FSF XML), the UK
 * OFSI consolidated list (CSV) and the UK sanctions list (XML), and OpenSanctions FollowTheMoney JSON lines. Each
 * answers the entities and a report of what could not be read (a file with any bad line does not become active).
 */

export interface MoreParsed {
  entities: ListEntity[];
  errors: ImportLineError[];
  lines: number;
}

const snippet = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}...` : s);

function checked(entities: ListEntity[], what: string): MoreParsed {
  const errors: ImportLineError[] = [];
  const seen = new Set<string>();
  entities.forEach((e, i) => {
    if (seen.has(e.id)) errors.push({ line: i + 1, message: `entry ${i + 1}: id ${e.id} repeats in the ${what}` });
    seen.add(e.id);
  });
  if (!entities.length) errors.push({ line: 1, message: `no entries found: is this the ${what}?` });
  return { entities: errors.length ? [] : entities, errors, lines: entities.length };
}

function xml(text: string, root: RegExp, what: string, parse: (t: string) => ListEntity[]): MoreParsed {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    return { entities: [], errors: [{ line: valid.err.line, message: `XML: ${valid.err.msg}` }], lines: 0 };
  if (!root.test(text.slice(0, 4096)))
    return { entities: [], errors: [{ line: 1, message: `not the ${what}: its root element is missing` }], lines: 0 };
  return checked(parse(text), what);
}

export function parseEuFsf(text: string, listId: string): MoreParsed {
  return xml(text, /<(\w+:)?export[\s>]/, 'EU financial sanctions file (FSF XML)', (t) => parseEuFsfXml(t, listId));
}

export function parseUkSanctions(text: string, listId: string): MoreParsed {
  return xml(text, /<Designations[\s>]/, 'UK sanctions list (XML)', (t) => parseUkSanctionsXml(t, listId));
}

export function parseUkOfsi(text: string, listId: string): MoreParsed {
  if (!/Group ID/.test(text.slice(0, 8192)))
    return {
      entities: [],
      errors: [{ line: 1, message: 'not the OFSI consolidated list: no Group ID column' }],
      lines: 0,
    };
  return checked(parseUkOfsiCsv(text, listId), 'OFSI consolidated list (CSV)');
}

/** FollowTheMoney JSON lines: a line that is not JSON is reported; entities of other schemas are left out. */
export function parseFtm(text: string, listId: string): MoreParsed {
  const errors: ImportLineError[] = [];
  const entities: ListEntity[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const t = raw.trim();
    if (!t) return;
    try {
      JSON.parse(t);
    } catch {
      errors.push({ line: i + 1, message: 'not valid JSON', text: snippet(t) });
      return;
    }
    entities.push(...parseFtmJsonl(t, listId));
  });
  if (errors.length) return { entities: [], errors, lines: lines.length };
  return checked(entities, 'FollowTheMoney JSON lines file');
}
