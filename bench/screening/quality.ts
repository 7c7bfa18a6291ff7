// Precision, recall and F1 of scorePair on the labelled name pairs, with the errors listed.
// Run: npx tsx bench/screening/quality.ts [threshold]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_THRESHOLD, parseCsv, scorePair, toSchema } from '../../packages/screening/src/index';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.resolve(repoRoot, '../shared/data/matching/name-pairs-dev.csv');
const threshold = process.argv[2] ? Number(process.argv[2]) : DEFAULT_THRESHOLD;

const rows = parseCsv(readFileSync(file, 'utf8'));
const header = rows[0] ?? [];
const col = (n: string) => header.indexOf(n);
let tp = 0;
let fp = 0;
let fn = 0;
let tn = 0;
let strongOk = 0;
let strong = 0;
const errors: string[] = [];
const scores: { s: number; m: boolean }[] = [];
for (const r of rows.slice(1)) {
  const schema = toSchema(r[col('schema')] ?? '');
  const truth = r[col('is_match')] === 'true';
  const { score } = scorePair(r[col('name1')] ?? '', r[col('name2')] ?? '', schema);
  scores.push({ s: score, m: truth });
  const pred = score >= threshold;
  if (pred && truth) tp++;
  else if (pred && !truth) fp++;
  else if (!pred && truth) fn++;
  else tn++;
  if (r[col('quality')] === 'STRONG') {
    strong++;
    if (pred === truth) strongOk++;
  }
  if (pred !== truth)
    errors.push(
      `${pred ? 'FP' : 'FN'} ${score.toFixed(3)} ${r[col('quality')]} ${schema} | ${r[col('name1')]} | ${r[col('name2')]}`,
    );
}
const precision = tp / (tp + fp);
const recall = tp / (tp + fn);
const f1 = (2 * precision * recall) / (precision + recall);
console.log(`threshold ${threshold}  pairs ${rows.length - 1}  tp ${tp} fp ${fp} fn ${fn} tn ${tn}`);
console.log(
  `precision ${precision.toFixed(4)}  recall ${recall.toFixed(4)}  F1 ${f1.toFixed(4)}  STRONG ${strongOk}/${strong}`,
);
if (process.argv.includes('--sweep')) {
  for (let t = 0.5; t <= 0.951; t += 0.025) {
    let a = 0;
    let b = 0;
    let c = 0;
    for (const x of scores) {
      if (x.s >= t && x.m) a++;
      else if (x.s >= t) b++;
      else if (x.m) c++;
    }
    console.log(`  t=${t.toFixed(3)} F1 ${((2 * a) / (2 * a + b + c)).toFixed(4)}`);
  }
}
console.log('errors:');
for (const e of errors.sort()) console.log(`  ${e}`);
