import { ALIGNMENT_FEATURE_NAMES, ALIGNMENT_FEATURES } from '../match/names.compare';
import type { EntitySchema } from '../types';

/** Names of the model's inputs, in order: the alignment features, then the type of entity and two interactions. */
export const MODEL_FEATURE_NAMES = [
  ...ALIGNMENT_FEATURE_NAMES,
  'schema_person',
  'schema_organisation',
  'org_x_rule_score',
  'org_x_extra_weight',
  'rule_score_logit',
  'matched_similarity_logit',
] as const;
export const MODEL_FEATURES = MODEL_FEATURE_NAMES.length;
/**
 * Features fitted without penalty: the alignment score's logit. The other weights are corrections to it, shrunk
 * toward zero, so that what the labelled pairs do not show stays as the alignment rules have it.
 */
export const UNPENALISED_FEATURES = [MODEL_FEATURE_NAMES.indexOf('rule_score_logit')];

const ORG = new Set<EntitySchema>(['Company', 'Organization']);

/** Writes the model's inputs for an alignment (see lastFeatures) and the type of the entities compared into out. */
export function modelFeatures(
  alignment: ArrayLike<number>,
  schema: EntitySchema,
  out: Float64Array = new Float64Array(MODEL_FEATURES),
): Float64Array {
  for (let k = 0; k < ALIGNMENT_FEATURES; k++) out[k] = alignment[k] as number;
  const person = schema === 'Person' ? 1 : 0;
  const org = ORG.has(schema) ? 1 : 0;
  out[ALIGNMENT_FEATURES] = person;
  out[ALIGNMENT_FEATURES + 1] = org;
  out[ALIGNMENT_FEATURES + 2] = org * (alignment[0] as number);
  out[ALIGNMENT_FEATURES + 3] = org * (alignment[4] as number);
  out[ALIGNMENT_FEATURES + 4] = logit(alignment[0] as number);
  out[ALIGNMENT_FEATURES + 5] = logit(alignment[1] as number);
  return out;
}

/** log(x / (1 - x)) bounded to [-5, 5]: near-identical names and near-unrelated ones stay apart. */
function logit(x: number): number {
  const c = Math.min(1 - 0.0067, Math.max(0.0067, x));
  return Math.log(c / (1 - c));
}

/**
 * True when the last alignment paired every part of both names exactly (same words, perhaps in another order):
 * the same name, whatever the model would say about names that differ.
 */
export function identicalParts(alignment: ArrayLike<number>): boolean {
  return (
    alignment[0] === 1 &&
    alignment[8] === 1 &&
    alignment[2] === 1 &&
    alignment[3] === 0 &&
    alignment[4] === 0 &&
    alignment[5] === 0 &&
    alignment[6] === 0
  );
}
