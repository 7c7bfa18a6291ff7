import type { EntitySchema } from '../types';

/** RFC 4180 CSV parser (quoted fields, doubled quotes, CRLF); returns rows of fields. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  return parseCsvLines(text, delimiter).map((r) => r.fields);
}

/**
 * `parseCsv` with the line each record starts on (1-based; a quoted field may span lines), so that an importer can
 * report a bad record by its line. Blank lines are skipped.
 */
export function parseCsvLines(text: string, delimiter = ','): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  let line = 1;
  let rowLine = 1;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  const d = delimiter.charCodeAt(0);
  const push = () => {
    if (!(row.length === 1 && row[0] === '')) rows.push({ line: rowLine, fields: row });
    row = [];
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 34) {
        if (text.charCodeAt(i + 1) === 34) {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      const next = text.indexOf('"', i);
      const chunk = next < 0 ? text.slice(i) : text.slice(i, next);
      for (let k = 0; k < chunk.length; k++) if (chunk.charCodeAt(k) === 10) line++;
      field += chunk;
      i = next < 0 ? n : next;
      continue;
    }
    if (c === 34 && field.length === 0) {
      quoted = true;
      i++;
    } else if (c === d) {
      row.push(field);
      field = '';
      i++;
    } else if (c === 10 || c === 13) {
      row.push(field);
      field = '';
      push();
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      i++;
      line++;
      rowLine = line;
    } else {
      field += text[i];
      i++;
    }
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    push();
  }
  return rows;
}

/** Parses CSV with a header row into objects keyed by header name. */
export function parseCsvObjects(text: string, delimiter = ','): { header: string[]; rows: Record<string, string>[] } {
  const all = parseCsv(text, delimiter);
  const header = (all[0] ?? []).map((h) => h.trim());
  const rows = all.slice(1).map((r) => {
    const o: Record<string, string> = {};
    header.forEach((h, i) => {
      o[h] = r[i] ?? '';
    });
    return o;
  });
  return { header, rows };
}

/** Quotes a CSV field when needed. */
export function csvField(v: string): string {
  return /[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

export function csvLine(fields: string[]): string {
  return fields.map(csvField).join(',');
}

/** Maps free-form schema/type names (FtM schemas, 'individual', 'empresa', 'PJ'...) to an EntitySchema. */
export function toSchema(s: string | undefined): EntitySchema {
  const v = (s ?? '').trim().toLowerCase();
  if (!v) return 'Unknown';
  if (['person', 'individual', 'persona', 'natural', 'pf', 'pessoa fisica', 'persona natural', 'fisica'].includes(v))
    return 'Person';
  if (['vessel', 'ship', 'buque'].includes(v)) return 'Vessel';
  if (['aircraft', 'airplane'].includes(v)) return 'Aircraft';
  if (['organization', 'organisation', 'publicbody', 'organizacion'].includes(v)) return 'Organization';
  if (
    [
      'company',
      'legalentity',
      'entity',
      'empresa',
      'pj',
      'juridica',
      'persona juridica',
      'pessoa juridica',
      'business',
      'corporation',
    ].includes(v)
  )
    return 'Company';
  return 'Unknown';
}
