// RegCheck screening from the command line. stdout carries only machine-readable output; progress goes to stderr.
//   screen pairs <file.csv>
//   screen search --list <file-or-folder> [--list ...] --queries <file.csv> [--top 5] [--threshold t]
//   screen threshold
import { readFileSync } from 'node:fs';
import { loadLists } from './lists.load';
import { DEFAULT_THRESHOLD, scorePair } from './match/score';
import { csvLine, parseCsv, toSchema } from './parsers/csv';
import { createIndex } from './search/screening.index';
import type { ScreeningQuery } from './types';

function usage(): never {
  process.stderr.write(
    'usage:\n  screen pairs <file.csv>\n  screen search --list <path> [--list <path>...] --queries <file.csv> [--top 5] [--threshold 0.7]\n  screen threshold\n',
  );
  process.exit(2);
}

function out(s: string): void {
  process.stdout.write(s);
}

function pairs(file: string): void {
  const rows = parseCsv(readFileSync(file, 'utf8'));
  const header = rows[0];
  if (!header) return;
  const i1 = header.indexOf('name1');
  const i2 = header.indexOf('name2');
  const is = header.indexOf('schema');
  if (i1 < 0 || i2 < 0) {
    process.stderr.write('pairs: the CSV needs columns name1 and name2\n');
    process.exit(2);
  }
  const lines: string[] = [csvLine([...header, 'score'])];
  for (const r of rows.slice(1)) {
    const { score } = scorePair(r[i1] ?? '', r[i2] ?? '', is >= 0 ? toSchema(r[is]) : 'Unknown');
    const fields = header.map((_, k) => r[k] ?? '');
    lines.push(csvLine([...fields, score.toFixed(4)]));
  }
  out(`${lines.join('\n')}\n`);
}

function search(args: string[]): void {
  const lists: string[] = [];
  let queries = '';
  let top = 5;
  let threshold = DEFAULT_THRESHOLD;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const v = args[i + 1];
    if (!v) usage();
    if (a === '--list') lists.push(v);
    else if (a === '--queries') queries = v;
    else if (a === '--top') top = Number(v);
    else if (a === '--threshold') threshold = Number(v);
    else usage();
    i++;
  }
  if (!lists.length || !queries) usage();
  const t0 = performance.now();
  const entities = loadLists(lists);
  const index = createIndex(entities);
  process.stderr.write(
    `indexed ${index.size()} entities (${index.nameCount()} names) in ${Math.round(performance.now() - t0)} ms\n`,
  );
  const rows = parseCsv(readFileSync(queries, 'utf8'));
  const header = rows[0] ?? [];
  const col = (n: string) => header.indexOf(n);
  const iName = col('full_name') >= 0 ? col('full_name') : col('name');
  if (iName < 0) {
    process.stderr.write('search: the queries CSV needs a full_name column\n');
    process.exit(2);
  }
  const iDob = col('date_of_birth');
  const iNat = col('nationality');
  const iSchema = col('schema');
  const iId = ['document', 'dni', 'identifier', 'id_number', 'rut', 'cpf', 'cnpj', 'passport']
    .map(col)
    .find((i) => i >= 0);
  const lines: string[] = [];
  for (const r of rows.slice(1)) {
    const row: Record<string, string> = {};
    header.forEach((h, k) => {
      row[h] = r[k] ?? '';
    });
    const q: ScreeningQuery = { name: r[iName] ?? '' };
    if (iSchema >= 0 && r[iSchema]) q.schema = toSchema(r[iSchema]);
    if (iDob >= 0 && r[iDob]) q.birthDate = (r[iDob] as string).trim();
    if (iNat >= 0 && r[iNat])
      q.countries = (r[iNat] as string)
        .split(/[;|]/)
        .map((s) => s.trim())
        .filter(Boolean);
    if (iId !== undefined && r[iId]) q.identifiers = [{ value: r[iId] as string }];
    const hits = index.search(q, { threshold, limit: top });
    lines.push(
      JSON.stringify({
        query: row,
        results: hits.map((h) => ({
          id: h.entityId,
          name: h.name,
          list: h.listId,
          score: h.score,
          matchedName: h.matchedName,
          explanation: h.explanation,
        })),
      }),
    );
  }
  out(lines.length ? `${lines.join('\n')}\n` : '');
}

const [cmd, ...rest] = process.argv.slice(2);
if (cmd === 'pairs' && rest[0]) pairs(rest[0]);
else if (cmd === 'search') search(rest);
else if (cmd === 'threshold') out(`${DEFAULT_THRESHOLD}\n`);
else usage();
