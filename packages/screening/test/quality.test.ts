import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLD, parseCsvObjects, scorePair, toSchema } from '../src/index';
import { fixtures } from './paths';

// OpenSanctions' name-matching benchmark (dev half). Targets: F1 >= 0.90 at the default threshold (issue 15) and every
// STRONG pair decided correctly.
describe('quality on labelled name pairs', () => {
  const { rows } = parseCsvObjects(readFileSync(path.join(fixtures, 'name-pairs-dev.csv'), 'utf8'));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const strongErrors: string[] = [];
  for (const r of rows) {
    const truth = r.is_match === 'true';
    const pred = scorePair(r.name1 ?? '', r.name2 ?? '', toSchema(r.schema)).score >= DEFAULT_THRESHOLD;
    if (pred && truth) tp++;
    else if (pred) fp++;
    else if (truth) fn++;
    if (r.quality === 'STRONG' && pred !== truth) strongErrors.push(`${r.name1} | ${r.name2}`);
  }
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  const f1 = (2 * precision * recall) / (precision + recall);

  it('has 410 pairs', () => {
    expect(rows).toHaveLength(410);
  });
  it(`reaches F1 >= 0.90 (precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, F1 ${f1.toFixed(3)})`, () => {
    expect(f1).toBeGreaterThanOrEqual(0.9);
  });
  it('decides every STRONG pair correctly', () => {
    expect(strongErrors).toEqual([]);
  });
});
