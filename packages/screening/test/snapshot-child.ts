// Loads a snapshot in a fresh process and prints the hits of the queries in a JSON file, one JSON line each.
// Used by snapshot.test.ts: a new process must answer exactly as the one that built the index.
import { readFileSync } from 'node:fs';
import { loadSnapshot } from '../src/search/snapshot';
import type { ScreeningQuery } from '../src/types';

const [dir, versionsJson, queriesFile] = process.argv.slice(2);
const index = loadSnapshot(dir as string, JSON.parse(versionsJson as string));
if (!index) {
  process.stdout.write('NO SNAPSHOT\n');
  process.exit(2);
}
const queries = JSON.parse(readFileSync(queriesFile as string, 'utf8')) as ScreeningQuery[];
for (const q of queries) process.stdout.write(`${JSON.stringify(index.search(q, { limit: 5 }))}\n`);
