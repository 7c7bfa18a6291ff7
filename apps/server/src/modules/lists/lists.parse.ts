import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import {
  countryCode,
  type EntitySchema,
  ftmEntity,
  type ListEntity,
  parseBrazilPepCsv,
  parseCsv,
  parseEuFsfXml,
  parseListDate,
  parseOfacCsv,
  parseUkOfsiCsv,
  parseUkSanctionsXml,
  parseUnXml,
  runInSlices,
  runSteps,
  type Steps,
  toSchema,
} from '@regcheck/screening';
import { PEP_YEARS_AFTER_OFFICE } from '@regcheck/shared';
import { XMLValidator } from 'fast-xml-parser';
import type { ImportLineError } from '../../db/tables/lists.tables';
import { AppError } from '../../lib/errors';
import { euEntryProblems, ofsiRowProblems, ukDesignationProblems } from './lists.parse.sanctions';

/** The plain fields a list entry keeps besides its names, identifiers and dates (files and the public-lists API). */
export const ENTRY_FIELD_KEYS = [
  'personType',
  'dni',
  'rut',
  'nationality',
  'country',
  'reason',
  'motive',
  'status',
  'word',
  'city',
  'region',
] as const;

export type ListFileFormat =
  | 'ofac-csv'
  | 'un-xml'
  | 'entities-csv'
  | 'entities-jsonl'
  | 'pep-br-csv'
  | 'eu-fsf-xml'
  | 'uk-ofsi-csv'
  | 'uk-sanctions-xml'
  | 'ftm-jsonl';

export interface ParsedList {
  entities: ListEntity[];
  errors: ImportLineError[];
  /** lines or entries read */
  lines: number;
}

/**
 * The most a compressed list file may inflate to: every list is read whole as text, and a JavaScript string holds at
 * most about 512 MiB (the OFAC SDN XML, the largest list the platform ships, is about 100 MiB).
 */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

/**
 * Unpacks gzip (by its magic bytes) so that snapshots and uploads may be compressed; inflation stops at `max`
 * (FILE_ZIP_BOMB), and a file that is not valid gzip is LIST_IMPORT_INVALID, naming why.
 */
export function unpack(content: Uint8Array, max = MAX_UNPACKED_BYTES): Uint8Array {
  if (!(content.length > 2 && content[0] === 0x1f && content[1] === 0x8b)) return content;
  try {
    return gunzipSync(content, { maxOutputLength: max });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new AppError('FILE_ZIP_BOMB', { field: 'file', messageKey: 'reports:errors.FILE_ZIP_BOMB' });
    throw new AppError('LIST_IMPORT_INVALID', { field: 'file', params: { reason: (err as Error).message } });
  }
}

export function checksumOf(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Splits CSV text into records with the line each starts on (quoted fields may span lines). */
export function csvRecords(text: string): { line: number; text: string }[] {
  return [...eachCsvRecord(text)];
}

/**
 * The records of CSV text one at a time, with the line each starts on (quoted fields may span lines); blank
 * lines and the DOS end-of-file mark OFAC files end with are skipped.
 */
function* eachCsvRecord(text: string): Generator<{ line: number; text: string }> {
  let line = 1;
  let start = 0;
  let startLine = 1;
  let quoted = false;
  const keep = (t: string) => t.replaceAll('\u001a', '').trim() !== '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10) {
      if (!quoted) {
        const t = text.slice(start, i).replace(/\r$/, '');
        if (keep(t)) yield { line: startLine, text: t };
        start = i + 1;
        startLine = line + 1;
      }
      line++;
    }
  }
  if (start < text.length) {
    const t = text.slice(start).replace(/\r$/, '');
    if (keep(t)) yield { line: startLine, text: t };
  }
}

/*
 * The parsers below are generators that pause (a bare `yield`) every PAUSE_EVERY records: `parseListFile` runs
 * them straight through, `readListFile` gives the event loop a turn at the pauses, so a file of 100,000 lines
 * never holds the process for more than a few milliseconds at a time.
 */
const PAUSE_EVERY = 250;

const snippet = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}...` : s);

/** OFAC sdn.csv: ent_num, name, type, program, title, ... remarks; '-0-' for empty. */
function* parseOfac(text: string): Steps<ParsedList> {
  const errors: ImportLineError[] = [];
  const seen = new Map<string, number>();
  const records: string[] = [];
  for (const r of eachCsvRecord(text.replace(/^\uFEFF/, ''))) {
    records.push(r.text);
    if (records.length % PAUSE_EVERY === 0) yield;
    const fields = parseCsv(r.text)[0] ?? [];
    const id = (fields[0] ?? '').trim();
    const name = (fields[1] ?? '').trim();
    if (fields.length < 4) {
      errors.push({
        line: r.line,
        message: `expected 12 comma-separated fields, found ${fields.length}`,
        code: 'OFAC_FIELDS',
        params: { found: fields.length },
        text: snippet(r.text),
      });
    } else if (!/^\d+$/.test(id)) {
      errors.push({
        line: r.line,
        message: `ent_num must be a number, found '${id}'`,
        code: 'OFAC_ID',
        params: { id },
        text: snippet(r.text),
      });
    } else if (!name || name === '-0-') {
      errors.push({ line: r.line, message: 'the name (2nd field) is empty', code: 'OFAC_NAME', text: snippet(r.text) });
    } else if (seen.has(id)) {
      errors.push({
        line: r.line,
        message: `ent_num ${id} repeats line ${seen.get(id)}`,
        code: 'ID_REPEATS',
        params: { id, line: seen.get(id) ?? 0 },
        text: snippet(r.text),
      });
    } else seen.set(id, r.line);
  }
  // the package's parser reads records independently: it is given PAUSE_EVERY records at a time
  const entities: ListEntity[] = [];
  for (let i = 0; !errors.length && i < records.length; i += PAUSE_EVERY) {
    entities.push(...parseOfacCsv({ sdn: records.slice(i, i + PAUSE_EVERY).join('\n') }));
    yield;
  }
  return { entities, errors, lines: records.length };
}

/** Why an XML file cannot be read as the list it should be (not well formed, or another root); null when it can. */
function xmlProblem(text: string, root: RegExp, notRoot: string): ParsedList | null {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    return {
      entities: [],
      errors: [
        { line: valid.err.line, message: `XML: ${valid.err.msg}`, code: 'XML', params: { detail: valid.err.msg } },
      ],
      lines: 0,
    };
  if (!root.test(text.slice(0, 4096)))
    return { entities: [], errors: [{ line: 1, message: notRoot, code: 'NOT_THE_LIST' }], lines: 0 };
  return null;
}

function* parseUn(text: string): Steps<ParsedList> {
  const problem = xmlProblem(
    text,
    /<CONSOLIDATED_LIST[\s>]/,
    'not a UN consolidated list: no CONSOLIDATED_LIST element',
  );
  yield;
  if (problem) return problem;
  const entities = parseUnXml(text);
  yield;
  const errors: ImportLineError[] = [];
  const seen = new Set<string>();
  entities.forEach((e, i) => {
    if (!e.id)
      errors.push({
        line: i + 1,
        message: `entry ${i + 1} (${e.names[0] ?? '?'}) has no DATAID`,
        code: 'UN_NO_DATAID',
        params: { entry: i + 1, name: e.names[0] ?? '?' },
      });
    else if (seen.has(e.id))
      errors.push({
        line: i + 1,
        message: `entry ${i + 1}: DATAID ${e.id} repeats`,
        code: 'ENTRY_ID_REPEATS',
        params: { entry: i + 1, id: e.id },
      });
    seen.add(e.id);
  });
  return { entities: errors.length ? [] : entities, errors, lines: entities.length };
}

/*
 * The sanctions lists added by issue 15: the EU consolidated financial sanctions (FSF XML), the UK OFSI
 * consolidated list (CSV), the UK sanctions list (XML) and OpenSanctions FollowTheMoney JSON lines, read by the
 * screening package's parsers; an entry id that repeats, or a file with no entry, is reported.
 */

function checked(entities: ListEntity[], what: string): ParsedList {
  const errors: ImportLineError[] = [];
  const seen = new Set<string>();
  entities.forEach((e, i) => {
    if (seen.has(e.id))
      errors.push({
        line: i + 1,
        message: `entry ${i + 1}: id ${e.id} repeats in the ${what}`,
        code: 'ENTRY_ID_REPEATS',
        params: { entry: i + 1, id: e.id },
      });
    seen.add(e.id);
  });
  if (!entities.length) errors.push({ line: 1, message: `no entries found: is this the ${what}?`, code: 'NO_ENTRIES' });
  return { entities: errors.length ? [] : entities, errors, lines: entities.length };
}

function sanctionsXml(
  text: string,
  root: RegExp,
  what: string,
  parse: (t: string) => ListEntity[],
  entryProblems: (t: string) => ImportLineError[],
): ParsedList {
  const bad = xmlProblem(text, root, `not the ${what}: its root element is missing`);
  if (bad) return bad;
  const errors = entryProblems(text);
  return errors.length ? { entities: [], errors, lines: 0 } : checked(parse(text), what);
}

function parseUkOfsi(text: string, listId: string): ParsedList {
  if (!/Group ID/.test(text.slice(0, 8192)))
    return {
      entities: [],
      errors: [{ line: 1, message: 'not the OFSI consolidated list: no Group ID column', code: 'NOT_THE_LIST' }],
      lines: 0,
    };
  const errors = ofsiRowProblems(csvRecords(text.replace(/^\uFEFF/, '')));
  if (errors.length) return { entities: [], errors, lines: 0 };
  return checked(parseUkOfsiCsv(text, listId), 'OFSI consolidated list (CSV)');
}

/** FollowTheMoney JSON lines: a line that is not JSON is reported; entities of other schemas are left out. */
function* parseFtm(text: string, listId: string): Steps<ParsedList> {
  const errors: ImportLineError[] = [];
  const entities: ListEntity[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (i % PAUSE_EVERY === PAUSE_EVERY - 1) yield;
    const t = (lines[i] as string).trim();
    if (!t) continue;
    let obj: unknown;
    try {
      obj = JSON.parse(t);
    } catch {
      errors.push({ line: i + 1, message: 'not valid JSON', code: 'NOT_JSON', text: snippet(t) });
      continue;
    }
    const e = ftmEntity(obj, listId);
    if (e) entities.push(e);
  }
  if (errors.length) return { entities: [], errors, lines: lines.length };
  return checked(entities, 'FollowTheMoney JSON lines file');
}

const SCHEMAS: EntitySchema[] = ['Person', 'Company', 'Organization', 'Vessel', 'Aircraft', 'Unknown'];

/** Our own entity shape (CSV columns or JSON keys), used by the public lists. */
export function entityFromFields(
  listId: string,
  id: string,
  f: Record<string, unknown>,
): { entity?: ListEntity; error?: string; code?: string; params?: Record<string, string | number> } {
  const s = (k: string) => {
    const v = f[k];
    return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  };
  const arr = (k: string): string[] => {
    const v = f[k];
    if (Array.isArray(v)) return v.map((x) => String(x).trim()).filter(Boolean);
    return s(k)
      .split('|')
      .map((x) => x.trim())
      .filter(Boolean);
  };
  const name = s('name') || s('nombre') || s('nome') || s('word') || s('city');
  if (!name) return { error: "the column 'name' is empty", code: 'NAME_EMPTY' };
  const personType = s('personType') || s('persontype') || s('person_type');
  const schemaRaw = s('schema') || s('type');
  const schema: EntitySchema = SCHEMAS.includes(schemaRaw as EntitySchema)
    ? (schemaRaw as EntitySchema)
    : personType === 'legal'
      ? 'Company'
      : personType === 'natural'
        ? 'Person'
        : toSchema(schemaRaw);
  const birthDates: string[] = [];
  for (const d of [...arr('birthDates'), ...arr('birthDate')]) {
    const parsed = parseListDate(d);
    if (!parsed.length)
      return { error: `birth date '${d}' is not a date (YYYY-MM-DD)`, code: 'BIRTH_DATE', params: { value: d } };
    birthDates.push(...parsed);
  }
  const identifiers: ListEntity['identifiers'] = [];
  for (const k of ['dni', 'rut', 'cpf', 'cnpj', 'passport']) {
    const v = s(k);
    if (v) identifiers.push({ type: k, value: v });
  }
  const countries = [
    ...new Set([...arr('countries'), s('country'), s('nationality')].filter(Boolean).map(countryCode)),
  ];
  const fields: Record<string, unknown> = {};
  for (const k of ENTRY_FIELD_KEYS) {
    const v = k === 'personType' ? personType : s(k);
    if (v) fields[k] = v;
  }
  const entity: ListEntity = {
    id: s('id') || id,
    listId,
    schema,
    names: [name, ...arr('aliases').filter((a) => a !== name)],
    identifiers,
    birthDates,
    countries,
    programs: arr('programs'),
    extra: fields,
  };
  const remarks = s('remarks');
  if (remarks) entity.remarks = remarks;
  return { entity };
}

function* parseEntitiesCsv(text: string, listId: string): Steps<ParsedList> {
  const records = eachCsvRecord(text.replace(/^\uFEFF/, ''));
  const first = records.next().value?.text ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  const header = (parseCsv(first, delimiter)[0] ?? []).map((h) => h.trim());
  const errors: ImportLineError[] = [];
  if (!header.some((h) => ['name', 'nombre', 'nome', 'word'].includes(h))) {
    return {
      entities: [],
      errors: [{ line: 1, message: "the header has no 'name' column", code: 'HEADER_NO_NAME', text: snippet(first) }],
      lines: 0,
    };
  }
  const entities: ListEntity[] = [];
  const seen = new Map<string, number>();
  let lines = 0;
  for (const r of records) {
    if (++lines % PAUSE_EVERY === 0) yield;
    const cells = parseCsv(r.text, delimiter)[0] ?? [];
    if (cells.length > header.length) {
      errors.push({
        line: r.line,
        message: `${cells.length} fields, the header has ${header.length}`,
        code: 'FIELD_COUNT',
        params: { found: cells.length, expected: header.length },
        text: snippet(r.text),
      });
      continue;
    }
    const obj: Record<string, unknown> = {};
    header.forEach((h, i) => {
      obj[h] = cells[i] ?? '';
    });
    const { entity, error, code, params } = entityFromFields(listId, String(r.line), obj);
    if (!entity) {
      errors.push({ line: r.line, message: error ?? 'invalid', code, params, text: snippet(r.text) });
      continue;
    }
    if (seen.has(entity.id)) {
      errors.push({
        line: r.line,
        message: `id ${entity.id} repeats line ${seen.get(entity.id)}`,
        code: 'ID_REPEATS',
        params: { id: entity.id, line: seen.get(entity.id) ?? 0 },
        text: snippet(r.text),
      });
      continue;
    }
    seen.set(entity.id, r.line);
    entities.push(entity);
  }
  return { entities: errors.length ? [] : entities, errors, lines };
}

function* parseEntitiesJsonl(text: string, listId: string): Steps<ParsedList> {
  const errors: ImportLineError[] = [];
  const entities: ListEntity[] = [];
  const seen = new Map<string, number>();
  let lines = 0;
  const all = text.split('\n');
  for (let i = 0; i < all.length; i++) {
    if (i % PAUSE_EVERY === PAUSE_EVERY - 1) yield;
    const t = (all[i] as string).trim();
    if (!t) continue;
    lines++;
    const line = i + 1;
    let obj: unknown;
    try {
      obj = JSON.parse(t);
    } catch {
      errors.push({ line, message: 'not valid JSON', code: 'NOT_JSON', text: snippet(t) });
      continue;
    }
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
      errors.push({ line, message: 'must be a JSON object', code: 'NOT_JSON_OBJECT', text: snippet(t) });
      continue;
    }
    const o = obj as Record<string, unknown>;
    if (Array.isArray(o.names) && !o.name) {
      o.name = o.names[0];
      o.aliases = o.names.slice(1);
    }
    const { entity, error, code, params } = entityFromFields(listId, String(line), o);
    if (!entity) {
      errors.push({ line, message: error ?? 'invalid', code, params, text: snippet(t) });
      continue;
    }
    if (seen.has(entity.id)) {
      errors.push({
        line,
        message: `id ${entity.id} repeats line ${seen.get(entity.id)}`,
        code: 'ID_REPEATS',
        params: { id: entity.id, line: seen.get(entity.id) ?? 0 },
        text: snippet(t),
      });
      continue;
    }
    seen.set(entity.id, line);
    entities.push(entity);
  }
  return { entities: errors.length ? [] : entities, errors, lines };
}

/**
 * Reads a list file of the given format into entities, with a per-line report of what could not be read. An
 * import with any bad line does not become active (the report says which lines to fix).
 */
export function parseListFile(format: ListFileFormat, content: Uint8Array, listId: string): ParsedList {
  return runSteps(parseSteps(format, content, listId));
}

/**
 * `parseListFile` that gives the event loop a turn about every `sliceMs` (the import job: other requests are
 * answered while a large file is read). The UN XML and PEP Brazil files are read by the screening package's
 * parsers in one piece (the UN list has about a thousand entries; see docs/benchmarks.md for PEP Brazil).
 */
export function readListFile(
  format: ListFileFormat,
  content: Uint8Array,
  listId: string,
  sliceMs = 20,
): Promise<ParsedList> {
  return runInSlices(parseSteps(format, content, listId), sliceMs);
}

function* parseSteps(format: ListFileFormat, content: Uint8Array, listId: string): Steps<ParsedList> {
  const bytes = unpack(content);
  yield;
  if (format === 'pep-br-csv') {
    // an entry stops matching after its end: the grace period's, else Brazil's years after the end of office
    const entities = parseBrazilPepCsv(Buffer.from(bytes), listId, PEP_YEARS_AFTER_OFFICE.BR);
    return { entities, errors: [], lines: entities.length };
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  yield;
  switch (format) {
    case 'ofac-csv':
      return withList(yield* parseOfac(text), listId);
    case 'un-xml':
      return withList(yield* parseUn(text), listId);
    case 'entities-csv':
      return yield* parseEntitiesCsv(text, listId);
    case 'entities-jsonl':
      return yield* parseEntitiesJsonl(text, listId);
    case 'eu-fsf-xml':
      return sanctionsXml(
        text,
        /<(\w+:)?export[\s>]/,
        'EU financial sanctions file (FSF XML)',
        (t) => parseEuFsfXml(t, listId),
        euEntryProblems,
      );
    case 'uk-ofsi-csv':
      return parseUkOfsi(text, listId);
    case 'uk-sanctions-xml':
      return sanctionsXml(
        text,
        /<Designations[\s>]/,
        'UK sanctions list (XML)',
        (t) => parseUkSanctionsXml(t, listId),
        ukDesignationProblems,
      );
    case 'ftm-jsonl':
      return yield* parseFtm(text, listId);
  }
}

function withList(p: ParsedList, listId: string): ParsedList {
  for (const e of p.entities) e.listId = listId;
  return p;
}
