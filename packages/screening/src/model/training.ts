/** The training data of the model: the labelled pairs files in the repository, their hash and the training part. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isHeldOut, type LabelledPair, parsePairsCsv } from './pairs';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Labelled pairs files, relative to packages/screening (the first is half of OpenSanctions' name benchmark, MIT; the others record each pair's source). */
export const PAIR_FILES = [
  'test/fixtures/name-pairs-dev.csv',
  'data/name-pairs-un.csv',
  'data/name-pairs-authored.csv',
  'data/name-pairs-innocent.csv',
];

export interface TrainingData {
  all: LabelledPair[];
  train: LabelledPair[];
  heldOut: LabelledPair[];
  /** sha256 of the files' bytes, in order. */
  sha256: string;
}

export function loadTrainingData(): TrainingData {
  const hash = createHash('sha256');
  const all: LabelledPair[] = [];
  for (const f of PAIR_FILES) {
    const text = readFileSync(path.join(pkg, f), 'utf8');
    hash.update(text);
    all.push(...parsePairsCsv(text, path.basename(f)));
  }
  return {
    all,
    train: all.filter((p) => !isHeldOut(p)),
    heldOut: all.filter(isHeldOut),
    sha256: hash.digest('hex'),
  };
}
