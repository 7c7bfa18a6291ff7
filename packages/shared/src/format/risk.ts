/** Risk levels, lowest first (spec 000 §4: Low Risk, Medium Risk, High Risk). */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Shown when no associate has a risk. */
export const NO_RISK = '-';

/** Stored risks come as keys or labels in three languages ('high', 'High Risk', 'Alto', 'Riesgo alto'). */
const WORDS: Readonly<Record<string, RiskLevel>> = {
  low: 'low',
  bajo: 'low',
  baixo: 'low',
  medium: 'medium',
  medio: 'medium',
  moderado: 'medium',
  high: 'high',
  alto: 'high',
};

/** Maps a stored value to a RiskLevel, or null when it is empty or not a risk. */
export function normalizeRiskLevel(value: string | null | undefined): RiskLevel | null {
  if (!value) return null;
  const words = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== '' && w !== 'risk' && w !== 'riesgo' && w !== 'risco');
  if (words.length !== 1) return null;
  return WORDS[words[0] ?? ''] ?? null;
}

export interface RiskSources {
  overwrittenRisk?: string | null;
  effectiveRisk?: string | null;
  calculatedRisk?: string | null;
}

/**
 * A ficha's risk: overwrittenRisk first, then effectiveRisk, then calculatedRisk (spec 000 §4).
 * A field that is empty or not a recognisable level counts as absent.
 */
export function riskPrecedence(sources: RiskSources): RiskLevel | null {
  return (
    normalizeRiskLevel(sources.overwrittenRisk) ??
    normalizeRiskLevel(sources.effectiveRisk) ??
    normalizeRiskLevel(sources.calculatedRisk)
  );
}

/** Highest risk across associates (each a level or a set of risk fields); '-' when none has one. */
export function highestRisk(items: ReadonlyArray<RiskSources | string | null | undefined>): RiskLevel | typeof NO_RISK {
  let best = -1;
  for (const item of items) {
    const level = typeof item === 'object' && item !== null ? riskPrecedence(item) : normalizeRiskLevel(item);
    if (level) best = Math.max(best, RISK_LEVELS.indexOf(level));
  }
  return RISK_LEVELS[best] ?? NO_RISK;
}
