// Labelled pairs read from a public list (facts only): the UN Security Council consolidated list's own aliases.
// A primary name and another name of the same entry name the same entity (a match); two entries of the same type
// that share a name word are two entities (not a match). Each pair records its source: the list and the entries.
// Run: npx tsx packages/screening/scripts/pairs-from-lists.ts ../shared/data/lists/un/consolidated-2026-02-27.xml
//      > packages/screening/data/name-pairs-un.csv
import { readFileSync } from 'node:fs';
import { fnv1a } from '../src/model/pairs';
import { csvLine } from '../src/parsers/csv';
import { parseUnXml } from '../src/parsers/un.parser';
import { normalizeName } from '../src/text/normalize';
import type { ListEntity } from '../src/types';

const file = process.argv[2];
if (!file) throw new Error('usage: pairs-from-lists.ts <un consolidated xml>');
const entities = parseUnXml(readFileSync(file, 'utf8')).sort((a, b) => fnv1a(a.id) - fnv1a(b.id));
const words = (n: string, e: ListEntity) =>
  normalizeName(n, e.schema)
    .tokens.filter((t) => t.kind === 'word' && t.text.length >= 3)
    .map((t) => t.text);
const rows: string[] = [
  csvLine(['case_group', 'schema', 'name1', 'name2', 'is_match', 'quality', 'category', 'notes', 'source']),
];
const source = `UN consolidated list ${file.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? ''}`;
const MATCHES = 150;
const DISTINCT = 150;
let matches = 0;
for (const e of entities) {
  if (matches >= MATCHES) break;
  const primary = e.names[0] ?? '';
  const pw = new Set(words(primary, e).map((w) => w.slice(0, 3)));
  const alias = e.names.slice(1).find((n) => {
    const aw = words(n, e);
    if (aw.length < 2 || aw.join(' ') === words(primary, e).join(' ')) return false;
    // written in another script, or at least half its words begin like words of the primary name (an alias
    // made of other words entirely is a list fact, not evidence a name comparison can see)
    return !/[a-z]/i.test(n) || aw.filter((w) => pw.has(w.slice(0, 3))).length * 2 >= aw.length;
  });
  if (!alias) continue;
  rows.push(
    csvLine(['un_aliases', e.schema, alias, primary, 'true', 'MEDIUM', 'list_alias', '', `${source}, entry ${e.id}`]),
  );
  matches++;
}
// two entries sharing a word (not the most common ones: those alone would be too easy)
const byWord = new Map<string, ListEntity[]>();
for (const e of entities)
  for (const w of new Set(words(e.names[0] ?? '', e))) byWord.set(w, [...(byWord.get(w) ?? []), e]);
let distinct = 0;
const used = new Set<string>();
for (const [w, es] of [...byWord].sort((a, b) => fnv1a(a[0]) - fnv1a(b[0]))) {
  if (distinct >= DISTINCT) break;
  if (es.length < 2 || es.length > 12) continue;
  const [a, b] = es;
  if (!a || !b || a.schema !== b.schema || used.has(a.id) || used.has(b.id)) continue;
  used.add(a.id);
  used.add(b.id);
  rows.push(
    csvLine([
      'un_distinct',
      a.schema,
      a.names[0] ?? '',
      b.names[0] ?? '',
      'false',
      'MEDIUM',
      'shared_word',
      `shares "${w}"`,
      `${source}, entries ${a.id} and ${b.id}`,
    ]),
  );
  distinct++;
}
process.stdout.write(`${rows.join('\n')}\n`);
