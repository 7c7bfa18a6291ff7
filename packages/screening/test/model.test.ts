import { describe, expect, it } from 'vitest';
import { MODEL_FEATURE_NAMES, MODEL_WEIGHTS, modelFeatures, normalizeName, scorePair } from '../src/index';
import { compareTokens, lastFeatures } from '../src/match/names.compare';
import { identicalParts } from '../src/model/features';
import { fitLogistic, predict } from '../src/model/logistic';
import {
  bestThreshold,
  crossValidate,
  fnv1a,
  isHeldOut,
  type LabelledPair,
  parsePairsCsv,
  stratifiedFolds,
} from '../src/model/pairs';
import { loadTrainingData } from '../src/model/training';

const feature = (name: string) => MODEL_FEATURE_NAMES.indexOf(name as (typeof MODEL_FEATURE_NAMES)[number]);

function featuresOf(a: string, b: string, schema: 'Person' | 'Company' = 'Person'): Float64Array {
  compareTokens(normalizeName(a, schema).tokens, normalizeName(b, schema).tokens, false);
  return modelFeatures(lastFeatures(), schema);
}

describe('alignment features', () => {
  it('describe what matched, what conflicts and what is on one side only', () => {
    const same = featuresOf('Juan Carlos Pérez Soto', 'PEREZ SOTO, Juan Carlos');
    expect(same[feature('exact_share')]).toBe(1);
    expect(same[feature('conflict_weight')]).toBe(0);
    expect(identicalParts(same)).toBe(true);

    const typo = featuresOf('Juan Carlos Peres Soto', 'Juan Carlos Pérez Soto');
    expect(typo[feature('spelling_share')]).toBeGreaterThan(0);
    expect(identicalParts(typo)).toBe(false);

    const other = featuresOf('Carlos Muñoz Rojas', 'Pedro Muñoz Rojas');
    expect(other[feature('conflict_weight')]).toBeGreaterThan(0);

    const extra = featuresOf('María González', 'María José González Pérez');
    expect(extra[feature('extra_weight')]).toBeGreaterThan(0);
    expect(extra[feature('conflict_weight')]).toBe(0);
    expect(extra[feature('schema_person')]).toBe(1);
  });

  it('read legal forms as classes: SpA and S.A. the same class, Ltda. another, one side only', () => {
    const shares = featuresOf('Inversiones El Roble SpA', 'INVERSIONES EL ROBLE S.A.', 'Company');
    expect(shares[feature('legal_form_same')]).toBe(1);
    expect(shares[feature('schema_organisation')]).toBe(1);
    const differs = featuresOf('Comercial Santa Elena Ltda.', 'Comercial Santa Elena S.A.', 'Company');
    expect(differs[feature('legal_form_differs')]).toBe(1);
    expect(differs[feature('legal_form_same')]).toBe(0);
    const eireli = featuresOf('Metalúrgica Paraná EIRELI', 'Metalurgica Parana Ltda', 'Company');
    expect(eireli[feature('legal_form_same')]).toBe(1);
    const gmbh = featuresOf(
      'Nordwerk Maschinenbau GmbH',
      'Nordwerk Maschinenbau Gesellschaft mit beschränkter Haftung',
      'Company',
    );
    expect(gmbh[feature('legal_form_same')]).toBe(1);
    const llc = featuresOf('Blue Harbor Trading LLC', 'Blue Harbor Trading', 'Company');
    expect(llc[feature('legal_form_one_side')]).toBe(1);
  });

  it('numbers that differ are counted apart from words', () => {
    const f = featuresOf('Snow Storm 1', 'Snow Storm 2', 'Company');
    expect(f[feature('number_conflict')]).toBe(1);
    expect(f[feature('conflict_weight')]).toBe(0);
    expect(f[feature('exact_share')]).toBe(1);
  });
});

describe('logistic regression', () => {
  it('recovers a known relation and gives calibrated probabilities', () => {
    // y = 1 with probability sigmoid(3x - 1), x on a grid: the fit finds weights near 3 and -1
    const X: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i <= 200; i++) {
      const x = i / 100 - 1;
      const p = 1 / (1 + Math.exp(-(3 * x - 1)));
      const ones = Math.round(p * 20);
      for (let k = 0; k < 20; k++) {
        X.push([x]);
        y.push(k < ones ? 1 : 0);
      }
    }
    const fit = fitLogistic(X, y, 0);
    expect(fit.weights[0]).toBeCloseTo(3, 1);
    expect(fit.intercept).toBeCloseTo(-1, 1);
    expect(predict(fit, [1 / 3])).toBeCloseTo(0.5, 2);
  });

  it('shrinks penalised weights toward zero and leaves the free ones', () => {
    const X = [
      [1, 1],
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [0, 0],
    ];
    const y = [1, 0, 1, 0, 1, 0];
    const strong = fitLogistic(X, y, 10, 50, [0]);
    const weak = fitLogistic(X, y, 0.001, 50, [0]);
    expect(Math.abs(strong.weights[1] as number)).toBeLessThan(Math.abs(weak.weights[1] as number) + 1e-9);
    expect(strong.weights[0] as number).toBeGreaterThan(1);
  });
});

describe('the committed model', () => {
  it('was trained on the pairs in the repository (same hash) and on the features computed here', () => {
    const data = loadTrainingData();
    expect(MODEL_WEIGHTS.trainedOn.sha256).toBe(data.sha256);
    expect(MODEL_WEIGHTS.trainedOn.rows).toBe(data.train.length);
    expect(MODEL_WEIGHTS.features).toEqual([...MODEL_FEATURE_NAMES]);
    expect(MODEL_WEIGHTS.weights).toHaveLength(MODEL_FEATURE_NAMES.length);
  });

  it('gives a probability that orders pairs as a reviewer would and is 1 for the same name', () => {
    const p = (a: string, b: string, s: 'Person' | 'Company' = 'Person') =>
      scorePair(a, b, s).explanation.probability ?? -1;
    expect(p('PEREZ SOTO, Juan Carlos', 'Juan Carlos Pérez Soto')).toBe(1);
    const typo = p('Juan Carlos Peres Soto', 'Juan Carlos Pérez Soto');
    const other = p('Carlos Muñoz Rojas', 'Pedro Muñoz Rojas');
    const unrelated = p('Juan Carlos Pérez Soto', 'Kim Jong Un');
    expect(typo).toBeGreaterThan(MODEL_WEIGHTS.threshold);
    expect(other).toBeLessThan(typo);
    expect(unrelated).toBe(0);
    expect(p('Servicios Mineros Atacama SpA', 'SERVICIOS MINEROS ATACAMA S.P.A.', 'Company')).toBeGreaterThan(
      p('Servicios Mineros Atacama SpA', 'Servicios Mineros Antofagasta SpA', 'Company'),
    );
  });

  it('keeps the explanation in words beside the probability', () => {
    const { explanation } = scorePair('Juan Carlos Peres Soto', 'PEREZ SOTO, Juan Carlos', 'Person');
    expect(explanation.summary).toMatch(/exact: juan, carlos/);
    expect(explanation.summary).toMatch(/peres~perez/);
    expect(explanation.probability).toBeGreaterThan(0);
    expect(explanation.probability).toBeLessThanOrEqual(1);
  });
});

describe('labelled pairs: held-out fifth and folds', () => {
  const csv = [
    'case_group,schema,name1,name2,is_match,quality,source',
    ...Array.from({ length: 60 }, (_, i) =>
      ['g1', 'Person', `Name ${i} A`, `Name ${i} B`, i % 2 ? 'true' : 'false', 'MEDIUM', 'authored'].join(','),
    ),
    ...Array.from({ length: 25 }, (_, i) =>
      ['g2', 'Company', `Co ${i}`, `Co ${i} SpA`, 'true', 'STRONG', ''].join(','),
    ),
  ].join('\n');
  const pairs = parsePairsCsv(csv, 'fixture.csv');

  it('reads the source of each pair, or the file when it has none', () => {
    expect(pairs).toHaveLength(85);
    expect(pairs[0]?.source).toBe('authored');
    expect(pairs[70]?.source).toBe('fixture.csv');
    expect(pairs[70]?.schema).toBe('Company');
  });

  it('holds out a pair by its own hash: adding pairs moves no old pair between the parts', () => {
    const before = pairs.map(isHeldOut);
    const more = parsePairsCsv(`${csv}\ng3,Person,Extra One,Extra Two,true,WEAK,x`, 'fixture.csv');
    expect(more.slice(0, 85).map(isHeldOut)).toEqual(before);
    const share = before.filter(Boolean).length / before.length;
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.4);
    expect(fnv1a('a')).not.toBe(fnv1a('b'));
  });

  it('deals every case group (and label) evenly over five folds', () => {
    const folds = stratifiedFolds(pairs);
    for (const g of ['g1', 'g2']) {
      const counts = [0, 0, 0, 0, 0];
      pairs.forEach((p, i) => {
        if (p.caseGroup === g) counts[folds[i] as number] = (counts[folds[i] as number] as number) + 1;
      });
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
    }
  });

  it('chooses the threshold with the best F1 and cross-validates out of fold', () => {
    expect(bestThreshold([0.9, 0.8, 0.35, 0.2], [true, true, false, false])).toBeGreaterThan(0.35);
    const real: LabelledPair[] = loadTrainingData().train.filter((_, i) => i % 3 === 0);
    const cv = crossValidate(real, MODEL_WEIGHTS.lambda);
    expect(cv.folds).toHaveLength(5);
    expect(cv.byGroup.get('all')?.mean).toBeGreaterThan(0.6);
    expect(cv.scores).toHaveLength(real.length);
  });
});
