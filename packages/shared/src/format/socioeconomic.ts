/** Monthly income bands (CLP), highest first, as the product offers them (spec 001 §9). */
export interface IncomeBand {
  key: string;
  /** Inclusive lower bound. */
  min: number;
  /** Inclusive upper bound, or null for the open top band. */
  max: number | null;
}

export const INCOME_BANDS: readonly IncomeBand[] = [
  { key: 'gte2500000', min: 2_500_000, max: null },
  { key: '1500000-2499999', min: 1_500_000, max: 2_499_999 },
  { key: '700000-1499999', min: 700_000, max: 1_499_999 },
  { key: 'lt700000', min: 0, max: 699_999 },
];

/** The band of an income, or undefined for a negative or non-finite amount. Fractions round down. */
export function incomeBandFor(income: number): IncomeBand | undefined {
  if (!Number.isFinite(income) || income < 0) return undefined;
  const whole = Math.floor(income);
  return INCOME_BANDS.find((b) => whole >= b.min && (b.max === null || whole <= b.max));
}

/** Socioeconomic levels, highest first; 'z' is the product's own key for "not classified". */
export const SOCIOECONOMIC_LEVELS = ['AB', 'C1A', 'C1B', 'C2', 'C3', 'D', 'E', 'z'] as const;
export type SocioeconomicLevel = (typeof SOCIOECONOMIC_LEVELS)[number];
