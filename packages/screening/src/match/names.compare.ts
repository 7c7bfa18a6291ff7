import type { NameToken } from '../text/normalize';
import { consonantSkeleton } from '../text/phonetic';
import { editDistance, jaroWinkler } from '../text/similarity';
import type { NamePartMatch, PartMatchKind } from '../types';

/** Score factor for each unit of conflicting weight (a part present on both sides that does not match). */
const CONFLICT_FACTOR = 0.5;
/** Numbers that differ ("Fund 1" / "Fund 2") are weaker evidence of two different entities. */
const NUMBER_CONFLICT_FACTOR = 0.85;
/** Score lost per unit of weight present on one side only (middle names, second family name). */
const EXTRA_COST = 0.08;
const EXTRA_FLOOR = 0.7;

export interface TokenSim {
  sim: number;
  kind: PartMatchKind;
}

const NONE: TokenSim = { sim: 0, kind: 'conflict' };

/** Edits tolerated between two tokens, by the shorter length. */
export function allowedEdits(len: number): number {
  if (len <= 3) return 0;
  if (len <= 5) return 1;
  if (len <= 9) return 2;
  return 3;
}

/** Fuzzy similarity of two strings, 0 when they differ by more than the tolerated number of edits. */
export function fuzzySim(a: string, b: string): number {
  const max = allowedEdits(Math.min(a.length, b.length));
  if (max === 0) return 0;
  const d = editDistance(a, b, max);
  if (d > max) return 0;
  return 1 - d / Math.max(a.length, b.length);
}

/** Similarity of two name parts and how they matched. */
export function tokenSim(a: NameToken, b: NameToken): TokenSim {
  if (a.kind === 'legal' || b.kind === 'legal') {
    if (a.kind === 'legal' && b.kind === 'legal') return { sim: a.cls === b.cls ? 1 : 0.7, kind: 'equivalent' };
    return NONE;
  }
  if (a.text === b.text) return { sim: 1, kind: 'exact' };
  if (a.kind === 'number' || b.kind === 'number') return NONE;
  if (a.kind === 'initial' || b.kind === 'initial') {
    if (a.kind === 'initial' && b.kind === 'initial') return NONE;
    const [ini, word] = a.kind === 'initial' ? [a, b] : [b, a];
    if (word.kind !== 'stop' && word.text.startsWith(ini.text)) return { sim: 0.8, kind: 'initial' };
    return NONE;
  }
  if (a.group !== 0 && a.group === b.group) return { sim: 0.9, kind: 'equivalent' };
  let best = NONE;
  if (a.skel || b.skel) {
    const sa = a.skel || consonantSkeleton(a.text);
    const sb = b.skel || consonantSkeleton(b.text);
    if (sa.length >= 2 && sa === sb) best = { sim: 0.9, kind: 'phonetic' };
    else if (sa.length >= 4 && editDistance(sa, sb, 1) <= 1) best = { sim: 0.75, kind: 'phonetic' };
  }
  const f = fuzzySim(a.text, b.text);
  if (f > best.sim) best = { sim: f, kind: 'fuzzy' };
  if (a.phon && a.phon.length >= 2 && a.phon === b.phon && best.sim < 0.85) {
    if (jaroWinkler(a.text, b.text) >= 0.75) best = { sim: 0.85, kind: 'phonetic' };
  }
  return best;
}

interface Candidate {
  a0: number;
  a1: number; // exclusive
  b0: number;
  b1: number;
  sim: number;
  kind: PartMatchKind;
}

const MERGEABLE = new Set(['word', 'particle', 'initial', 'generic', 'stop']);

function concat(tokens: NameToken[], from: number, to: number): string | null {
  let s = '';
  for (let k = from; k < to; k++) {
    const t = tokens[k];
    if (!t || !MERGEABLE.has(t.kind)) return null;
    s += t.text;
  }
  return s;
}

function mergedSim(joined: string, single: NameToken): number {
  if (!MERGEABLE.has(single.kind)) return 0;
  if (joined === single.text) return 1;
  return fuzzySim(joined, single.text) * 0.95;
}

export interface NameComparison {
  score: number;
  parts: NamePartMatch[];
}

function sumWeight(tokens: NameToken[], from: number, to: number): number {
  let w = 0;
  for (let k = from; k < to; k++) w += (tokens[k] as NameToken).weight;
  return w;
}

function textOf(tokens: NameToken[], from: number, to: number): string {
  const out: string[] = [];
  for (let k = from; k < to; k++) out.push((tokens[k] as NameToken).text);
  return out.join(' ');
}

/**
 * Aligns the parts of two normalised names (one to one, or one to two or three adjacent parts written
 * together) and scores the alignment: matched parts by their similarity, parts missing on both sides as a
 * conflict, parts present on one side only as a small cost.
 */
export function compareTokens(A: NameToken[], B: NameToken[]): NameComparison {
  const cands: Candidate[] = [];
  for (let i = 0; i < A.length; i++) {
    const a = A[i] as NameToken;
    for (let j = 0; j < B.length; j++) {
      const s = tokenSim(a, B[j] as NameToken);
      if (s.sim > 0) cands.push({ a0: i, a1: i + 1, b0: j, b1: j + 1, sim: s.sim, kind: s.kind });
    }
  }
  // Parts written together on one side and apart on the other ("vanderbilt" / "van der bilt").
  for (const [X, Y, swap] of [
    [A, B, false],
    [B, A, true],
  ] as const) {
    for (let j = 0; j < Y.length; j++) {
      for (let len = 2; len <= 3 && j + len <= Y.length; len++) {
        const joined = concat(Y, j, j + len);
        if (!joined || joined.length < 4) continue;
        for (let i = 0; i < X.length; i++) {
          const x = X[i] as NameToken;
          if (x.text.length < joined.length - 3 || x.text.length > joined.length + 3) continue;
          const sim = mergedSim(joined, x);
          if (sim <= 0) continue;
          if (swap) cands.push({ a0: j, a1: j + len, b0: i, b1: i + 1, sim, kind: 'merged' });
          else cands.push({ a0: i, a1: i + 1, b0: j, b1: j + len, sim, kind: 'merged' });
        }
      }
    }
  }
  cands.sort(
    (x, y) =>
      y.sim - x.sim ||
      y.a1 - y.a0 + (y.b1 - y.b0) - (x.a1 - x.a0 + (x.b1 - x.b0)) ||
      Math.abs(x.a0 - x.b0) - Math.abs(y.a0 - y.b0),
  );
  const usedA = new Uint8Array(A.length);
  const usedB = new Uint8Array(B.length);
  const parts: (NamePartMatch & { pos: number })[] = [];
  let S = 0;
  let M = 0;
  let distinctive = false;
  for (const c of cands) {
    let free = true;
    for (let k = c.a0; k < c.a1 && free; k++) if (usedA[k]) free = false;
    for (let k = c.b0; k < c.b1 && free; k++) if (usedB[k]) free = false;
    if (!free) continue;
    for (let k = c.a0; k < c.a1; k++) usedA[k] = 1;
    for (let k = c.b0; k < c.b1; k++) usedB[k] = 1;
    const w = (sumWeight(A, c.a0, c.a1) + sumWeight(B, c.b0, c.b1)) / 2;
    if (!distinctive) {
      for (let k = c.a0; k < c.a1; k++)
        if ((A[k] as NameToken).kind === 'word' || (A[k] as NameToken).kind === 'number') distinctive = true;
    }
    S += w * c.sim;
    M += w;
    parts.push({
      query: textOf(A, c.a0, c.a1),
      candidate: textOf(B, c.b0, c.b1),
      kind: c.kind,
      similarity: round(c.sim),
      weight: round(w),
      pos: c.a0,
    });
  }
  let ua = 0;
  let ub = 0;
  let unmatchedWords = false;
  let numA = 0;
  let numB = 0;
  for (let i = 0; i < A.length; i++) {
    if (usedA[i]) continue;
    const t = A[i] as NameToken;
    if (t.kind === 'number') numA++;
    else ua += t.weight;
    if (t.kind === 'word') unmatchedWords = true;
  }
  for (let j = 0; j < B.length; j++) {
    if (usedB[j]) continue;
    const t = B[j] as NameToken;
    if (t.kind === 'number') numB++;
    else ub += t.weight;
    if (t.kind === 'word') unmatchedWords = true;
  }
  const conflict = Math.min(ua, ub);
  const extra = Math.max(ua, ub) - conflict;
  const numConflict = Math.min(numA, numB);
  const numExtra = Math.max(numA, numB) - numConflict;
  let score = 0;
  if (M > 0) {
    const base = S / M;
    const extraFactor = Math.max(EXTRA_FLOOR, 1 - EXTRA_COST * (extra + numExtra * 0.8));
    score = base * CONFLICT_FACTOR ** conflict * NUMBER_CONFLICT_FACTOR ** numConflict * extraFactor;
    // A match carried only by particles, stop words or legal forms says nothing.
    const significant = parts.some((p) => p.weight >= 0.4);
    if (!significant) score = Math.min(score, 0.3);
    // Only descriptive words ("Management Company") matched while a distinctive word is left over.
    else if (!distinctive && unmatchedWords) score *= 0.6;
  }
  const unmatchedA = A.map((t, i) => ({ t, i })).filter(({ i }) => !usedA[i]);
  const unmatchedB = B.map((t, j) => ({ t, j })).filter(({ j }) => !usedB[j]);
  const bothSides = unmatchedA.length > 0 && unmatchedB.length > 0;
  for (const { t, i } of unmatchedA) {
    parts.push({
      query: t.text,
      candidate: '',
      kind: bothSides ? 'conflict' : 'extra',
      similarity: 0,
      weight: t.weight,
      pos: i,
    });
  }
  for (const { t, j } of unmatchedB) {
    parts.push({
      query: '',
      candidate: t.text,
      kind: bothSides ? 'conflict' : 'missing',
      similarity: 0,
      weight: t.weight,
      pos: 1000 + j,
    });
  }
  parts.sort((x, y) => x.pos - y.pos);
  return { score: Math.max(0, Math.min(1, score)), parts: parts.map(({ pos: _pos, ...p }) => p) };
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
