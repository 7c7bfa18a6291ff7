// Trains the screening model: logistic regression on the alignment features of the labelled pairs in the
// repository, held-out fifth excluded. Chooses the L2 penalty by five-fold cross-validation on the training part,
// then fits on the whole training part and writes src/model/model.weights.ts with the data's hash.
// Run: npm run -s screening:train
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODEL_FEATURE_NAMES, UNPENALISED_FEATURES } from '../src/model/features';
import { fitLogistic } from '../src/model/logistic';
import { bestThreshold, crossValidate, pairFeatures, scoreWith } from '../src/model/pairs';
import { loadTrainingData, PAIR_FILES } from '../src/model/training';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/model/model.weights.ts');
const data = loadTrainingData();
const LAMBDAS = [0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1];
let best = { lambda: 0.01, f1: -1, loss: Number.POSITIVE_INFINITY };
for (const lambda of LAMBDAS) {
  // weights and threshold fitted on four folds, the fifth scored
  const cv = crossValidate(data.train, lambda);
  const f1 = cv.byGroup.get('all')?.mean ?? 0;
  console.log(
    `lambda ${lambda}: cross-validated log loss ${cv.logLoss.toFixed(4)}, F1 ${f1.toFixed(4)} ` +
      `(sd ${(cv.byGroup.get('all')?.sd ?? 0).toFixed(4)}), thresholds ${cv.folds.map((f) => f.threshold).join(' ')}`,
  );
  // the penalty with the best cross-validated F1; log loss (calibration) breaks ties
  if (f1 > best.f1 + 1e-4 || (Math.abs(f1 - best.f1) <= 1e-4 && cv.logLoss < best.loss))
    best = { lambda, f1, loss: cv.logLoss };
}
const feats = data.train.map(pairFeatures);
const X = feats.map((f) => f.x);
const fit = fitLogistic(
  X,
  data.train.map((p) => (p.match ? 1 : 0)),
  best.lambda,
  50,
  UNPENALISED_FEATURES,
);
const threshold = bestThreshold(
  feats.map((f) => scoreWith(fit, f)),
  data.train.map((p) => p.match),
);
const r = (x: number) => Math.round(x * 1e6) / 1e6;
const text = `// Written by packages/screening/scripts/train-model.ts: do not edit by hand.
// Logistic regression on ${data.train.length} labelled pairs (the held-out fifth excluded), L2 penalty ${best.lambda}
// chosen by five-fold cross-validation.
export const MODEL_WEIGHTS = {
  features: ${JSON.stringify(MODEL_FEATURE_NAMES)} as string[],
  weights: ${JSON.stringify(fit.weights.map(r))} as number[],
  intercept: ${r(fit.intercept)},
  lambda: ${best.lambda},
  /** Probability from which the model calls a pair a match (best F1 on the training part). */
  threshold: ${threshold},
  trainedOn: {
    files: ${JSON.stringify(PAIR_FILES)} as string[],
    sha256: '${data.sha256}',
    rows: ${data.train.length},
    matches: ${data.train.filter((p) => p.match).length},
  },
};
`;
writeFileSync(out, text);
console.log(
  `trained on ${data.train.length} pairs (held out ${data.heldOut.length}), lambda ${best.lambda}, ${fit.iterations} iterations`,
);
MODEL_FEATURE_NAMES.forEach((n, k) => {
  console.log(`  ${n.padEnd(22)} ${(fit.weights[k] ?? 0).toFixed(3)}`);
});
console.log(`  ${'intercept'.padEnd(22)} ${fit.intercept.toFixed(3)}`);
