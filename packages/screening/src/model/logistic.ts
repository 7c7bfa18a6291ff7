/**
 * Logistic regression fitted by Newton's method (iteratively reweighted least squares) with an L2 penalty on the
 * weights (not on the intercept). Small and deterministic: a few dozen features, a few thousand rows.
 */

export interface LogisticFit {
  /** Weights, one per feature. */
  weights: number[];
  intercept: number;
  iterations: number;
}

export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** Probability of a row under a fit. */
export function predict(fit: { weights: readonly number[]; intercept: number }, x: ArrayLike<number>): number {
  let z = fit.intercept;
  for (let k = 0; k < fit.weights.length; k++) z += (fit.weights[k] as number) * (x[k] as number);
  return sigmoid(z);
}

/** Solves A x = b in place by Gaussian elimination with partial pivoting (A is n x n, row-major). */
function solve(A: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r * n + c] as number) > Math.abs(A[p * n + c] as number)) p = r;
    if (p !== c) {
      for (let k = 0; k < n; k++) {
        const t = A[c * n + k] as number;
        A[c * n + k] = A[p * n + k] as number;
        A[p * n + k] = t;
      }
      const t = b[c] as number;
      b[c] = b[p] as number;
      b[p] = t;
    }
    const d = A[c * n + c] as number;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = c + 1; r < n; r++) {
      const f = (A[r * n + c] as number) / d;
      if (f === 0) continue;
      for (let k = c; k < n; k++) A[r * n + k] = (A[r * n + k] as number) - f * (A[c * n + k] as number);
      b[r] = (b[r] as number) - f * (b[c] as number);
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r] as number;
    for (let k = r + 1; k < n; k++) s -= (A[r * n + k] as number) * (x[k] as number);
    const d = A[r * n + r] as number;
    x[r] = Math.abs(d) < 1e-12 ? 0 : s / d;
  }
  return x;
}

/**
 * Fits P(y = 1 | x) = sigmoid(w . x + b) to rows X (each of the same length) and labels y (0 or 1), minimising the
 * mean log loss plus lambda/2 sum(free[k] ? 0 : w[k]^2): the features listed in free are not penalised.
 */
export function fitLogistic(
  X: ArrayLike<number>[],
  y: number[],
  lambda = 0.01,
  maxIter = 50,
  free: readonly number[] = [],
): LogisticFit {
  const m = X.length;
  const d = m ? (X[0] as ArrayLike<number>).length : 0;
  const n = d + 1; // last coordinate is the intercept
  const beta = new Float64Array(n);
  let it = 0;
  for (; it < maxIter; it++) {
    const H = new Float64Array(n * n);
    const g = new Float64Array(n);
    for (let i = 0; i < m; i++) {
      const x = X[i] as ArrayLike<number>;
      let z = beta[d] as number;
      for (let k = 0; k < d; k++) z += (beta[k] as number) * (x[k] as number);
      const p = sigmoid(z);
      const r = p - (y[i] as number);
      const w = Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a < n; a++) {
        const xa = a === d ? 1 : (x[a] as number);
        if (xa === 0) continue;
        g[a] = (g[a] as number) + (r * xa) / m;
        for (let b = 0; b <= a; b++) {
          const xb = b === d ? 1 : (x[b] as number);
          H[a * n + b] = (H[a * n + b] as number) + (w * xa * xb) / m;
        }
      }
    }
    for (let a = 0; a < n; a++) for (let b = 0; b < a; b++) H[b * n + a] = H[a * n + b] as number;
    for (let k = 0; k < d; k++) {
      const l = free.includes(k) ? 1e-6 : lambda;
      g[k] = (g[k] as number) + l * (beta[k] as number);
      H[k * n + k] = (H[k * n + k] as number) + l;
    }
    H[d * n + d] = (H[d * n + d] as number) + 1e-9;
    const step = solve(H, g, n);
    let change = 0;
    for (let k = 0; k < n; k++) {
      beta[k] = (beta[k] as number) - (step[k] as number);
      change = Math.max(change, Math.abs(step[k] as number));
    }
    if (change < 1e-8) {
      it++;
      break;
    }
  }
  return { weights: Array.from(beta.subarray(0, d)), intercept: beta[d] as number, iterations: it };
}
