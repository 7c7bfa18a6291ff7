// Labelled non-matches of the kind a list index meets every day: an invented Latin American person or company
// (packages/screening/test/synth.ts, seeded; on no list) and the list name the index ranks first for it at a low
// threshold. Without them the model only sees hard pairs and learns nothing about the many near-misses a search
// scores. Each pair records the list entry it comes from.
// Run: npx tsx packages/screening/scripts/pairs-innocent.ts ../shared/data/lists > packages/screening/data/name-pairs-innocent.csv
import path from 'node:path';
import { loadListPath } from '../src/lists.load';
import { csvLine } from '../src/parsers/csv';
import { createIndex } from '../src/search/screening.index';
import { latinCompany, latinPerson, rng } from '../test/synth';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pairs-innocent.ts <lists dir>');
const lists = [
  ...loadListPath(path.join(dir, 'ofac-sdn-2024-05-03')),
  ...loadListPath(path.join(dir, 'un/consolidated-2026-02-27.xml')),
];
const index = createIndex(lists);
const r = rng(2026);
const rows = [
  csvLine(['case_group', 'schema', 'name1', 'name2', 'is_match', 'quality', 'category', 'notes', 'source']),
];
let n = 0;
for (let i = 0; i < 20000 && n < 400; i++) {
  const person = r() < 0.75;
  const name = person ? latinPerson(r) : latinCompany(r);
  const hit = index.search({ name, schema: person ? 'Person' : 'Company' }, { threshold: 0.25, limit: 1 })[0];
  if (!hit) continue;
  // the index scores a candidate as its list entry's type
  const schema = hit.entity.schema;
  rows.push(
    csvLine([
      'innocent_vs_lists',
      schema,
      name,
      hit.matchedName,
      'false',
      'MEDIUM',
      'invented_name',
      '',
      `invented name (test/synth.ts, seed 2026) vs ${hit.listId === 'onu' ? 'UN 2026-02-27' : 'OFAC SDN 2024-05-03'} entry ${hit.entityId}`,
    ]),
  );
  n++;
}
process.stdout.write(`${rows.join('\n')}\n`);
