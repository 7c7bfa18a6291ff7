// Written by packages/screening/scripts/train-model.ts: do not edit by hand.
// Logistic regression on 936 labelled pairs (the held-out fifth excluded), L2 penalty 0.1
// chosen by five-fold cross-validation.
export const MODEL_WEIGHTS = {
  features: [
    'rule_score',
    'matched_similarity',
    'matched_share',
    'conflict_weight',
    'extra_weight',
    'number_conflict',
    'number_extra',
    'swapped_roles',
    'exact_share',
    'spelling_share',
    'equivalent_share',
    'initial_share',
    'no_significant_part',
    'legal_form_same',
    'legal_form_differs',
    'legal_form_one_side',
    'org_like',
    'single_word_name',
    'matched_words',
    'schema_person',
    'schema_organisation',
    'org_x_rule_score',
    'org_x_extra_weight',
    'rule_score_logit',
    'matched_similarity_logit',
  ] as string[],
  weights: [
    0.014619, -0.000921, 0.007834, -0.006223, 0.049989, 0.018124, -0.018762, -0.001738, 0.018739, -0.043342, 0.011573,
    0.002349, 0.009266, -0.06054, -0.015112, -0.061868, -0.101104, -0.056694, 0.030056, 0.129841, -0.094808, -0.048323,
    -0.094205, 1.755403, -0.009252,
  ] as number[],
  intercept: -1.783616,
  lambda: 0.1,
  /** Probability from which the model calls a pair a match (best F1 on the training part). */
  threshold: 0.37,
  trainedOn: {
    files: [
      'test/fixtures/name-pairs-dev.csv',
      'data/name-pairs-un.csv',
      'data/name-pairs-authored.csv',
      'data/name-pairs-innocent.csv',
    ] as string[],
    sha256: '083bf7aa461290e54e60fc9c419b9c706b47c4ed8a5b2c8de4bcf485cc4027d6',
    rows: 936,
    matches: 315,
  },
};
