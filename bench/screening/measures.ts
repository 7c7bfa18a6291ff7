// Recall and false-alert measures shared by the screening benchmark (screening.bench.ts, on its own seeds) and the
// development tool (un-dev.ts, on development seeds): the same draws, the same counts.
import {
  DEFAULT_THRESHOLD,
  type ListEntity,
  type MemoryScreeningIndex,
  MODEL_WEIGHTS,
  type ScreeningHit,
} from '../../packages/screening/src/index';
import { latinPerson, type Perturbation, perturb, pick, rng } from '../../packages/screening/test/synth';

/** The p-th percentile of values sorted in ascending order (the benchmark's and its child processes' reading). */
export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** True when the model, rather than the alignment score, would raise an alert for one of these hits. */
export function modelAlerts(hits: { explanation: { probability?: number } }[]): boolean {
  return hits.some((h) => (h.explanation.probability ?? 0) >= MODEL_WEIGHTS.threshold);
}

/** A UN member's query that did not find it in the top 5 (for the development tool to explain). */
export interface UnMiss {
  query: string;
  listed: string;
  kind: Perturbation;
  entity: ListEntity;
  top: ScreeningHit[];
}

/**
 * UN members written with a typo, another romanisation, reordered, a dropped part or other case: found in the top 5,
 * raised as a hit at all (the screening screen shows every hit at or above the threshold, apps/server
 * screening.service.ts), and had the model decided. `onMiss` hears every member missing from the top 5.
 */
export function unRecall(
  index: MemoryScreeningIndex,
  un: ListEntity[],
  count: number,
  seed: number,
  onMiss?: (m: UnMiss) => void,
) {
  const r = rng(seed);
  const kinds: Perturbation[] = ['typo', 'variant', 'reorder', 'drop', 'case'];
  let found = 0;
  let alerted = 0;
  let modelFound = 0;
  const missed: string[] = [];
  for (let i = 0; i < count; i++) {
    const e = pick(r, un);
    const listed = pick(r, e.names);
    const kind = pick(r, kinds);
    const name = perturb(r, listed, kind);
    const query = { name, schema: e.schema === 'Person' ? ('Person' as const) : ('Unknown' as const) };
    const own = (hits: ScreeningHit[]) => hits.filter((h) => h.listId === e.listId && h.entityId === e.id);
    const top = index.search(query, { limit: 5 });
    if (own(top).length) found++;
    else {
      if (missed.length < 8) missed.push(`${name} (${e.names[0]})`);
      onMiss?.({ query: name, listed, kind, entity: e, top });
    }
    if (own(index.search(query, { limit: Number.POSITIVE_INFINITY })).length) alerted++;
    if (modelAlerts(own(index.search(query, { threshold: 0.3, limit: 5 })))) modelFound++;
  }
  return { found, count, rate: found / count, alertRate: alerted / count, missed, modelRate: modelFound / count };
}

/**
 * Innocent Latin American names (given names and Spanish/Portuguese family names) screened at the default
 * threshold; beside it, how many the model would alert on (its probability at or above its threshold, among the
 * hits of a search at a low threshold). `onAlert` hears every name that raises a hit.
 */
export function innocentRate(
  index: MemoryScreeningIndex,
  count: number,
  seed: number,
  onAlert?: (name: string, hit: ScreeningHit) => void,
) {
  const r = rng(seed);
  let alerted = 0;
  let modelAlerted = 0;
  const examples: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = latinPerson(r);
    // the engine as the product calls it (at the alert threshold), the model from a wider search
    const engine = index.search({ name, schema: 'Person' }, { threshold: DEFAULT_THRESHOLD, limit: 1 });
    if (modelAlerts(index.search({ name, schema: 'Person' }, { threshold: 0.3, limit: 5 }))) modelAlerted++;
    const hit = engine[0];
    if (hit) {
      alerted++;
      if (examples.length < 10) examples.push(`${name} -> ${hit.matchedName} (${hit.score})`);
      onAlert?.(name, hit);
    }
  }
  return { alerted, rate: alerted / count, examples, modelRate: modelAlerted / count };
}
