/**
 * Labelled name pairs: reading, the fixed held-out fifth, stratified folds and the figures (precision, recall, F1,
 * STRONG pairs, per case group and per type). Used by the training script, the benchmark and the tests.
 */
import { compareTokens, lastFeatures } from '../match/names.compare';
import { parseCsv, toSchema } from '../parsers/csv';
import { normalizeName } from '../text/normalize';
import type { EntitySchema } from '../types';
import { identicalParts, MODEL_FEATURES, modelFeatures, UNPENALISED_FEATURES } from './features';
import { fitLogistic, type LogisticFit, predict } from './logistic';

export interface LabelledPair {
  caseGroup: string;
  schema: EntitySchema;
  name1: string;
  name2: string;
  match: boolean;
  quality: string;
  /** Where the pair comes from (a public source, or the file's name). */
  source: string;
  /** The file the pair was read from. */
  file: string;
}

/** Reads a labelled pairs CSV (case_group, schema, name1, name2, is_match, quality[, source]). */
export function parsePairsCsv(text: string, defaultSource: string): LabelledPair[] {
  const rows = parseCsv(text);
  const header = rows[0] ?? [];
  const col = (n: string) => header.indexOf(n);
  const out: LabelledPair[] = [];
  for (const r of rows.slice(1)) {
    if (!r[col('name1')] && !r[col('name2')]) continue;
    out.push({
      caseGroup: r[col('case_group')] || 'other',
      schema: toSchema(r[col('schema')] ?? ''),
      name1: r[col('name1')] ?? '',
      name2: r[col('name2')] ?? '',
      match: r[col('is_match')] === 'true',
      quality: r[col('quality')] || 'MEDIUM',
      source: (col('source') >= 0 && r[col('source')]) || defaultSource,
      file: defaultSource,
    });
  }
  return out;
}

/** FNV-1a 32-bit hash of a string. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function pairKey(p: LabelledPair): string {
  return `${p.schema}\u0000${p.name1}\u0000${p.name2}`;
}

/**
 * The held-out fifth: a pair is held out when the hash of its type and names is 0 modulo 5. Fixed by the pair
 * itself, so adding pairs never moves an old pair between the two parts. Never used to fit anything.
 */
export function isHeldOut(p: LabelledPair): boolean {
  return fnv1a(`heldout\u0000${pairKey(p)}`) % 5 === 0;
}

/**
 * Five folds with the same mix of case groups: the pairs of each group, ordered by hash, are dealt to the folds in
 * turn (the group's pairs are spread over the five folds as evenly as possible).
 */
export function stratifiedFolds(pairs: LabelledPair[], k = 5): number[] {
  const byGroup = new Map<string, number[]>();
  pairs.forEach((p, i) => {
    const g = `${p.caseGroup}\u0000${p.match}`;
    const l = byGroup.get(g) ?? [];
    l.push(i);
    byGroup.set(g, l);
  });
  const fold = new Array<number>(pairs.length).fill(0);
  let offset = 0;
  for (const g of [...byGroup.keys()].sort()) {
    const l = byGroup.get(g) as number[];
    l.sort(
      (a, b) =>
        fnv1a(`fold\u0000${pairKey(pairs[a] as LabelledPair)}`) -
        fnv1a(`fold\u0000${pairKey(pairs[b] as LabelledPair)}`),
    );
    l.forEach((i, r) => {
      fold[i] = (r + offset) % k;
    });
    offset += l.length;
  }
  return fold;
}

/** The model's inputs for a pair: the alignment of the two names read as the pair's type. */
export function pairFeatures(p: LabelledPair): { x: Float64Array; ruleScore: number } {
  const a = normalizeName(p.name1, p.schema);
  const b = normalizeName(p.name2, p.schema);
  const { score } = compareTokens(a.tokens, b.tokens, false);
  return { x: modelFeatures(lastFeatures(), p.schema, new Float64Array(MODEL_FEATURES)), ruleScore: score };
}

export interface Figures {
  pairs: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
  strong: number;
  strongOk: number;
}

export function figures(pairs: LabelledPair[], predicted: boolean[]): Figures {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  let strong = 0;
  let strongOk = 0;
  pairs.forEach((p, i) => {
    const pred = predicted[i] as boolean;
    if (pred && p.match) tp++;
    else if (pred) fp++;
    else if (p.match) fn++;
    else tn++;
    if (p.quality === 'STRONG') {
      strong++;
      if (pred === p.match) strongOk++;
    }
  });
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const f1 = 2 * tp + fp + fn ? (2 * tp) / (2 * tp + fp + fn) : 1;
  return { pairs: pairs.length, tp, fp, fn, tn, precision, recall, f1, strong, strongOk };
}

/** Score of a pair under a fit, as the engine gives it: 0 when the names share nothing, 1 when every part is the same. */
export function scoreWith(
  fit: LogisticFit | { weights: readonly number[]; intercept: number },
  f: { x: Float64Array; ruleScore: number },
): number {
  if (f.ruleScore <= 0) return 0;
  return identicalParts(f.x) ? 1 : predict(fit, f.x);
}

/** Threshold in [0.3, 0.9] that maximises F1 on scored pairs (the middle of the best range). */
export function bestThreshold(scores: number[], labels: boolean[]): number {
  let best = -1;
  const at: number[] = [];
  for (let t = 0.3; t <= 0.9001; t += 0.01) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    scores.forEach((s, i) => {
      if (s >= t && labels[i]) tp++;
      else if (s >= t) fp++;
      else if (labels[i]) fn++;
    });
    const f1 = (2 * tp) / (2 * tp + fp + fn || 1);
    if (f1 > best + 1e-12) {
      best = f1;
      at.length = 0;
    }
    if (Math.abs(f1 - best) <= 1e-12) at.push(t);
  }
  return Math.round((at[Math.floor(at.length / 2)] ?? 0.5) * 100) / 100;
}

export interface CrossValidation {
  folds: { fold: number; threshold: number; figures: Figures }[];
  /**
   * Mean and standard deviation of F1 over the folds, per case group and per type ('all' for everything); for a
   * group without matches, of the share of its pairs correctly told apart.
   */
  byGroup: Map<string, { mean: number; sd: number; pairs: number }>;
  bySchema: Map<string, { mean: number; sd: number; pairs: number }>;
  /** Out-of-fold scores of every pair (for the error listing). */
  scores: number[];
  predicted: boolean[];
  /** Mean out-of-fold log loss (lower is better calibrated). */
  logLoss: number;
}

function meanSd(xs: number[]): { mean: number; sd: number } {
  const mean = xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length || 1));
  return { mean, sd };
}

/**
 * Five-fold cross-validation: weights fitted on four folds, the threshold chosen on the same four (or fixed),
 * the fifth scored. F1 per group is computed within each fold and summarised as mean and spread.
 */
export function crossValidate(pairs: LabelledPair[], lambda: number, fixedThreshold?: number): CrossValidation {
  const feats = pairs.map(pairFeatures);
  const fold = stratifiedFolds(pairs);
  const scores = new Array<number>(pairs.length).fill(0);
  const predicted = new Array<boolean>(pairs.length).fill(false);
  const folds: CrossValidation['folds'] = [];
  const groupF1 = new Map<string, number[]>();
  const schemaF1 = new Map<string, number[]>();
  const add = (m: Map<string, number[]>, k: string, v: number) => {
    const l = m.get(k) ?? [];
    l.push(v);
    m.set(k, l);
  };
  for (let f = 0; f < 5; f++) {
    const train = pairs.map((_, i) => i).filter((i) => fold[i] !== f);
    const test = pairs.map((_, i) => i).filter((i) => fold[i] === f);
    const fit = fitLogistic(
      train.map((i) => (feats[i] as { x: Float64Array }).x),
      train.map((i) => ((pairs[i] as LabelledPair).match ? 1 : 0)),
      lambda,
      50,
      UNPENALISED_FEATURES,
    );
    const threshold =
      fixedThreshold ??
      bestThreshold(
        train.map((i) => scoreWith(fit, feats[i] as { x: Float64Array; ruleScore: number })),
        train.map((i) => (pairs[i] as LabelledPair).match),
      );
    for (const i of test) {
      const s = scoreWith(fit, feats[i] as { x: Float64Array; ruleScore: number });
      scores[i] = s;
      predicted[i] = s >= threshold;
    }
    const tp = test.map((i) => pairs[i] as LabelledPair);
    const fig = figures(
      tp,
      test.map((i) => predicted[i] as boolean),
    );
    folds.push({ fold: f, threshold, figures: fig });
    add(groupF1, 'all', fig.f1);
    for (const key of ['group', 'schema'] as const) {
      const ks = new Set(tp.map((p) => (key === 'group' ? p.caseGroup : schemaClass(p.schema))));
      for (const k of ks) {
        const idx = test.filter((i) => {
          const p = pairs[i] as LabelledPair;
          return (key === 'group' ? p.caseGroup : schemaClass(p.schema)) === k;
        });
        const g = figures(
          idx.map((i) => pairs[i] as LabelledPair),
          idx.map((i) => predicted[i] as boolean),
        );
        // a group without matches has no F1: its figure is the share of its pairs told apart
        add(key === 'group' ? groupF1 : schemaF1, k, g.tp + g.fn ? g.f1 : g.tn / (g.pairs || 1));
      }
    }
  }
  const summarise = (m: Map<string, number[]>, keyOf: (p: LabelledPair) => string) =>
    new Map(
      [...m].map(([k, v]) => [
        k,
        { ...meanSd(v), pairs: k === 'all' ? pairs.length : pairs.filter((p) => keyOf(p) === k).length },
      ]),
    );
  return {
    folds,
    byGroup: summarise(groupF1, (p) => p.caseGroup),
    bySchema: summarise(schemaF1, (p) => schemaClass(p.schema)),
    scores,
    predicted,
    logLoss:
      pairs.reduce((s, p, i) => {
        const q = Math.min(1 - 1e-6, Math.max(1e-6, scores[i] as number));
        return s - Math.log(p.match ? q : 1 - q);
      }, 0) / (pairs.length || 1),
  };
}

/** Person, Company/Organization ('Organisation'), or the type as written. */
export function schemaClass(s: EntitySchema): string {
  return s === 'Company' || s === 'Organization' ? 'Organisation' : s;
}
