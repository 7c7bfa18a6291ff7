import { parseCsv } from '@regcheck/screening';
import type { ImportLineError } from '../../db/tables/lists.tables';

/*
 * Line-by-line checks of the EU and UK sanctions files (issue 15: per-line reports). The screening package's
 * parsers skip an entry they cannot use (no id, no name) without a word: on a sanctions list that would be a
 * designated party silently missing from the screening. These checks find each such entry with the line it starts
 * on, so the import reports it and fails (the version in force stays) instead of importing a list with a hole.
 */

const snippet = (s: string) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 160 ? `${one.slice(0, 157)}...` : one;
};

/** Each `<tag ...>...</tag>` block of an XML text with the line its opening tag is on. */
function* blocks(text: string, tag: string): Generator<{ line: number; open: string; body: string }> {
  const re = new RegExp(`<(?:\\w+:)?${tag}(\\s[^>]*)?(/>|>([\\s\\S]*?)</(?:\\w+:)?${tag}>)`, 'g');
  let line = 1;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (let i = at; i < m.index; i++) if (text.charCodeAt(i) === 10) line++;
    at = m.index;
    yield { line, open: m[1] ?? '', body: m[3] ?? '' };
  }
}

const attr = (open: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(open)?.[1]?.trim() ?? '';
const element = (body: string, name: string) =>
  [...body.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => (m[1] ?? '').trim());

/** EU FSF XML: every sanctionEntity needs a logicalId (or an EU reference) and a name. */
export function euEntryProblems(text: string): ImportLineError[] {
  const out: ImportLineError[] = [];
  let n = 0;
  for (const b of blocks(text, 'sanctionEntity')) {
    n++;
    const ref = attr(b.open, 'euReferenceNumber');
    const id = attr(b.open, 'logicalId') || ref;
    const named = [...b.body.matchAll(/<(?:\w+:)?nameAlias\b([^>]*)>?/g)].some((a) =>
      ['wholeName', 'firstName', 'lastName'].some((k) => attr(a[1] ?? '', k) !== ''),
    );
    const what = `sanctionEntity ${n}${ref ? ` (${ref})` : ''}`;
    if (!id)
      out.push({ line: b.line, message: `${what} has no logicalId nor euReferenceNumber`, text: snippet(b.open) });
    else if (!named)
      out.push({ line: b.line, message: `${what} has no name (no nameAlias with a name)`, text: snippet(b.open) });
  }
  return out;
}

/** UK sanctions list XML: every Designation needs a UniqueID and a name. */
export function ukDesignationProblems(text: string): ImportLineError[] {
  const out: ImportLineError[] = [];
  let n = 0;
  for (const b of blocks(text, 'Designation')) {
    n++;
    const id = element(b.body, 'UniqueID')[0] ?? '';
    const named = [1, 2, 3, 4, 5, 6].some((k) => element(b.body, `Name${k}`).some((v) => v !== ''));
    const what = `Designation ${n}${id ? ` (${id})` : ''}`;
    if (!id) out.push({ line: b.line, message: `${what} has no UniqueID`, text: snippet(b.body.slice(0, 200)) });
    else if (!named) out.push({ line: b.line, message: `${what} has no name`, text: snippet(b.body.slice(0, 200)) });
  }
  return out;
}

/**
 * OFSI consolidated CSV: below the header, every row needs as many fields as the header, a numeric Group ID and a
 * name. `records` are the CSV records with the line each starts on.
 */
export function ofsiRowProblems(records: { line: number; text: string }[]): ImportLineError[] {
  const out: ImportLineError[] = [];
  const headerAt = records.findIndex((r) => /(^|,)\s*Group ID\s*(,|$)/.test(r.text));
  if (headerAt < 0) return out;
  const header = (parseCsv((records[headerAt] as { text: string }).text)[0] ?? []).map((h) => h.trim());
  const col = (row: string[], name: string) => (row[header.indexOf(name)] ?? '').trim();
  const names = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Name 6', 'Name Non-Latin Script'];
  for (const r of records.slice(headerAt + 1)) {
    const row = parseCsv(r.text)[0] ?? [];
    const id = col(row, 'Group ID');
    if (row.length !== header.length)
      out.push({
        line: r.line,
        message: `has ${row.length} fields, the header has ${header.length}`,
        text: snippet(r.text),
      });
    else if (!/^\d+$/.test(id))
      out.push({
        line: r.line,
        message: id ? `the Group ID must be a number, found '${id}'` : 'the Group ID is empty',
        text: snippet(r.text),
      });
    else if (!names.some((k) => col(row, k) !== ''))
      out.push({
        line: r.line,
        message: `Group ID ${id}: no name (Name 1 to Name 6 are empty)`,
        text: snippet(r.text),
      });
  }
  return out;
}
