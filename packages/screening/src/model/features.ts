import { ALIGNMENT_FEATURE_NAMES, ALIGNMENT_FEATURES } from '../match/names.compare';
import type { EntitySchema } from '../types';

/** Names of the model's inputs, in order: the alignment features, then the type of entity and two interactions. */
export const MODEL_FEATURE_NAMES = [
  ...ALIGNMENT_FEATURE_NAMES,
  'schema_person',
  'schema_organisation',
  'org_x_rule_score',
  'org_x_extra_weight',
] as const;
export const MODEL_FEATURES = MODEL_FEATURE_NAMES.length;

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
  return out;
}
