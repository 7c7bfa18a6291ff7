import { type Reason, reasonSentence } from '@regcheck/shared/history/ficha-sentences';
import type { RiskConfigurationT } from '@regcheck/shared/schemas/fichas';

type Config = Pick<RiskConfigurationT, 'weights' | 'cutoffs'>;

export type { Reason };
export { reasonSentence };

type T = (key: string, params?: Record<string, unknown>) => string;
type Exists = (key: string) => boolean;

/** One factor of a ficha's risk: what fired, in sentences, and the points it adds to the weighted score. */
export interface RiskLine {
  factor: string;
  sentences: string[];
  /** the factor's share of the score (its score times its weight over the sum of weights); null without config */
  points: number | null;
  forced: boolean;
}

/**
 * The ficha's reasons grouped by factor, each group with its sentences and (given the company's weights) the
 * points it adds: the highest score of the factor times its weight, over the sum of the weights.
 */
export function explainRisk(reasons: readonly Reason[], config: Config | undefined, t: T, locale: string): RiskLine[] {
  const total = config ? Object.values(config.weights).reduce((a, b) => a + b, 0) : 0;
  const groups = new Map<string, Reason[]>();
  for (const r of reasons) groups.set(r.factor, [...(groups.get(r.factor) ?? []), r]);
  return [...groups].map(([factor, rs]) => {
    const w = config ? (config.weights as Record<string, number>)[factor] : undefined;
    const top = Math.max(...rs.map((r) => r.score));
    return {
      factor,
      sentences: rs.map((r) => reasonSentence(r, t, locale)),
      points: w !== undefined && total > 0 ? Math.round(((top * w) / total) * 100) / 100 : null,
      forced: rs.some((r) => r.forced),
    };
  });
}

/** Where a score falls on the 1-to-3 scale, in percent of its width, and the cut-offs' positions. */
export function scalePositions(score: number, cutoffs: { medium: number; high: number }) {
  const at = (v: number) => Math.min(100, Math.max(0, ((v - 1) / 2) * 100));
  return { score: at(score), medium: at(cutoffs.medium), high: at(cutoffs.high) };
}

/** The factor's name; `exists` guards a factor this screen does not know (shown as "Otro factor"). */
export function factorLabel(factor: string, t: T, exists: Exists): string {
  const key = `fichas:riskExplain.factors.${factor}`;
  return exists(key) ? t(key) : t('fichas:riskExplain.factors.other');
}
