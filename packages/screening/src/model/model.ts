import { compareTokens, lastFeatures } from '../match/names.compare';
import type { NameToken } from '../text/normalize';
import type { EntitySchema } from '../types';
import { identicalParts, MODEL_FEATURE_NAMES, MODEL_FEATURES, modelFeatures } from './features';
import { predict } from './logistic';
import { MODEL_WEIGHTS } from './model.weights';

let checked = false;

/** The committed weights, after checking they were trained on the features computed here. */
function weights(): typeof MODEL_WEIGHTS {
  if (!checked) {
    if (MODEL_WEIGHTS.features.join(',') !== MODEL_FEATURE_NAMES.join(','))
      throw new Error('model.weights.ts was trained on other features: run npm run -s screening:train');
    checked = true;
  }
  return MODEL_WEIGHTS;
}

const scratch = new Float64Array(MODEL_FEATURES);

/** Probability that two names compared by the last compareTokens call name the same entity of this type. */
export function probabilityFromAlignment(alignment: ArrayLike<number>, schema: EntitySchema): number {
  if (identicalParts(alignment)) return 1;
  return predict(weights(), modelFeatures(alignment, schema, scratch));
}

/**
 * Probability that the alignment score of the last compareTokens call, with its other features, is a match: the
 * name score of the engine. A name that shares nothing scores 0, not the model's floor; the same parts on both sides
 * (perhaps in another order, with other accents or legal forms of one class) score 1.
 */
export function nameProbability(ruleScore: number, schema: EntitySchema): number {
  if (ruleScore <= 0) return 0;
  return probabilityFromAlignment(lastFeatures(), schema);
}

/** Compares two token lists and answers the model's probability (no explanation). */
export function tokensProbability(a: NameToken[], b: NameToken[], schema: EntitySchema): number {
  const { score } = compareTokens(a, b, false);
  return nameProbability(score, schema);
}
