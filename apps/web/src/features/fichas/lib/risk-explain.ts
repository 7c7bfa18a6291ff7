import type { RiskConfigurationT } from '@regcheck/shared/schemas/fichas';
import { countryName, formatNumber } from '../../../app/format/format';
import { listLabel } from '../../../app/screening/list-catalog';

type Config = Pick<RiskConfigurationT, 'weights' | 'cutoffs'>;
export interface Reason {
  rule: string;
  factor: string;
  score: number;
  forced?: boolean;
  detail?: string;
}
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

const KNOWN_RULES = new Set([
  'customerType.natural',
  'customerType.legal',
  'pep.direct',
  'pep.consanguineous',
  'activity.high',
  'activity.medium',
  'income.band',
  'geography.fatfCallForAction',
  'geography.fatfIncreasedMonitoring',
  'geography.preferentialTaxRegime',
  'lists.sanction',
  'lists.pep',
  'lists.other',
  'related.high',
  'related.medium',
  'beneficialOwner.unresolved',
]);

/** A rule that fired as a sentence ("Chile está bajo vigilancia reforzada del GAFI"), never its code. */
export function reasonSentence(r: Reason, t: T, locale: string): string {
  const detail = r.detail ?? '';
  const amount = Number(detail.replace(/[^0-9.]/g, ''));
  const params = {
    detail,
    country: countryName(detail, locale),
    // a list by its name in the reader's language ('pep-register' is 'Registro PEP de RegCheck'), never its id
    list: r.factor === 'lists' && detail ? listLabel(t, detail, detail) : detail,
    amount: detail && Number.isFinite(amount) ? formatNumber(amount, locale, 0) : detail,
  };
  const key = KNOWN_RULES.has(r.rule) ? r.rule : 'unknown';
  return t(`fichas:riskExplain.rules.${key}`, params);
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
