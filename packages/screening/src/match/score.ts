import { nameProbability } from '../model/model';
import { type NormalizedName, normalizeName } from '../text/normalize';
import type { EntitySchema, Explanation, NamePartMatch } from '../types';
import { compareTokens, round, TRANSLATION_SIM } from './names.compare';

/** Default alert threshold: a hit at or above it is shown to the compliance officer. */
export const DEFAULT_THRESHOLD = 0.7;

export function summarize(parts: NamePartMatch[], score: number): string {
  const byKind = new Map<string, string[]>();
  for (const p of parts) {
    const label =
      p.kind === 'extra'
        ? p.query
        : p.kind === 'missing'
          ? p.candidate
          : p.kind === 'conflict'
            ? p.query || p.candidate
            : p.query === p.candidate
              ? p.query
              : `${p.query}~${p.candidate}`;
    // A given name against its translation is an equivalent of low similarity: said as such.
    const kind = p.kind === 'equivalent' && p.similarity <= TRANSLATION_SIM ? 'translation' : p.kind;
    const list = byKind.get(kind) ?? [];
    list.push(label);
    byKind.set(kind, list);
  }
  const order = [
    'exact',
    'equivalent',
    'translation',
    'merged',
    'phonetic',
    'fuzzy',
    'initial',
    'conflict',
    'extra',
    'missing',
  ];
  const words: Record<string, string> = {
    exact: 'exact',
    equivalent: 'equivalent',
    translation: 'same name in another language',
    merged: 'joined/split',
    phonetic: 'sounds alike',
    fuzzy: 'spelling differs',
    initial: 'initial',
    conflict: 'differs',
    extra: 'only in query',
    missing: 'only in list name',
  };
  const segs: string[] = [];
  for (const k of order) {
    const l = byKind.get(k);
    if (l?.length) segs.push(`${words[k]}: ${l.join(', ')}`);
  }
  return `name ${round(score, 2)} (${segs.join('; ') || 'no parts'})`;
}

/**
 * Compares two already normalised names: the alignment score (the alert decision), the model's calibrated
 * probability of a match beside it (see decision 176), and which parts matched how.
 */
export function compareNormalized(a: NormalizedName, b: NormalizedName): { score: number; explanation: Explanation } {
  const { score: raw, parts } = compareTokens(a.tokens, b.tokens);
  const schema = a.schema !== 'Unknown' ? a.schema : b.schema;
  const probability = round(nameProbability(raw, schema));
  const score = round(raw);
  return {
    score,
    explanation: { summary: summarize(parts, score), nameScore: score, probability, matchedName: b.original, parts },
  };
}

/** Scores two names in [0, 1], with the model's probability, and explains which parts matched how. */
export function scorePair(
  a: string,
  b: string,
  schema: EntitySchema = 'Unknown',
): { score: number; explanation: Explanation } {
  return compareNormalized(normalizeName(a, schema), normalizeName(b, schema));
}
