import type { ListControlsT, RiskConfigurationT, RiskReasonT } from '@regcheck/shared';
import { RISK_LEVELS, type RiskLevel } from '@regcheck/shared/format/index';

/**
 * Default risk model (DOMAIN.md "Risk model"): every factor scores 1 (low) to 3 (high); the weighted mean
 * maps to Low / Medium / High by the cut-offs. A sanctions match, an FATF call-for-action country and an
 * unresolved beneficial owner force High. FATF lists as of the February 2026 plenary (dated data: `asOf`).
 */
export const DEFAULT_RISK_CONFIGURATION: RiskConfigurationT = {
  weights: { customerType: 1, pep: 3, activity: 2, income: 1, geography: 2, lists: 3, related: 1 },
  cutoffs: { medium: 1.3, high: 2.0 },
  customerType: { natural: 1, legal: 2 },
  pep: { direct: 3, consanguineous: 2.5, none: 1 },
  highRiskActivities: [
    'casino',
    'casa de cambio',
    'cambista',
    'joyer',
    'joalher',
    'inmobiliari',
    'imobiliari',
    'corredor de propiedades',
    'criptoactivo',
    'cripto',
    'armas',
    'notari',
    'factoring',
    'remesa',
    'lottery',
    'loteria',
  ],
  mediumRiskActivities: [
    'abogad',
    'advogad',
    'contador',
    'contad',
    'comerciante',
    'empresari',
    'funcionario publico',
    'independiente',
  ],
  incomeBands: [
    { min: 2_500_000, score: 3 },
    { min: 1_500_000, score: 2 },
    { min: 0, score: 1 },
  ],
  fatfCallForAction: ['KP', 'IR', 'MM'],
  fatfIncreasedMonitoring: [
    'DZ',
    'AO',
    'BO',
    'BG',
    'CM',
    'CI',
    'CD',
    'HT',
    'KE',
    'KW',
    'LA',
    'LB',
    'MC',
    'NA',
    'NP',
    'PG',
    'SS',
    'SY',
    'VE',
    'VN',
    'VG',
    'YE',
  ],
  // Chile's SII list of preferential tax regimes (art. 41 H LIR), main jurisdictions
  preferentialTaxRegimes: [
    'AD',
    'AI',
    'AG',
    'BS',
    'BH',
    'BB',
    'BZ',
    'BM',
    'KY',
    'CK',
    'DM',
    'GI',
    'GD',
    'GG',
    'IM',
    'JE',
    'LR',
    'LI',
    'MV',
    'MH',
    'MU',
    'MS',
    'NR',
    'NU',
    'PA',
    'KN',
    'LC',
    'VC',
    'WS',
    'SC',
    'TC',
    'VU',
    'VG',
    'VI',
  ],
  geographyScores: { increasedMonitoring: 3, preferentialTax: 3, other: 1 },
  sanctionLists: ['ofac', 'onu', 'un', 'eu', 'uk', 'interpol', 'opensanctions', 'blacklist'],
  pepLists: ['pep', 'pep-br', 'pep-cl', 'pepChile', 'pepBrasil'],
  listScores: { sanction: 3, pep: 3, other: 2, none: 1 },
  forceHighUnresolvedBeneficialOwner: true,
  asOf: '2026-02-27',
};

/**
 * The risk configuration a rating uses: the company's configuration and, from the super administrator's list
 * controls, which lists count and the lists factor a match on each one scores (its weight, 1 to 3).
 */
export type RiskModel = RiskConfigurationT & { listControls?: ListControlsT };

/** What the model reads of a ficha. */
export interface RiskSubject {
  personType: 'natural' | 'legal';
  pepStatus: 'direct' | 'consanguineous' | null;
  position: string | null;
  businessType: string | null;
  employer: string | null;
  income: number | null;
  nationality: string | null;
  countryOfResidence: string | null;
  dniCountry: string | null;
  /** lists with a coincidence that was not dismissed */
  matchedLists: string[];
  /** highest risk among related persons (representatives, beneficiaries, partners) */
  relatedRisk: RiskLevel | null;
  /** a legal person with no beneficial owner identified */
  unresolvedBeneficialOwner: boolean;
}

export interface RiskResult {
  level: RiskLevel;
  score: number;
  reasons: RiskReasonT[];
}

const fold = (s: string | null | undefined) => (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function listKind(listId: string, c: RiskConfigurationT): 'sanction' | 'pep' | 'other' {
  const id = listId.toLowerCase();
  if (c.sanctionLists.some((s) => id === s.toLowerCase() || id.startsWith(`${s.toLowerCase()}-`))) return 'sanction';
  if (c.pepLists.some((s) => id === s.toLowerCase()) || id.startsWith('pep')) return 'pep';
  return 'other';
}

/**
 * Computes a ficha's risk with the rules that fired. Each factor contributes its score times its weight; the
 * weighted mean (1 to 3) is compared with the cut-offs; forcing rules set High whatever the score.
 */
export function computeRisk(s: RiskSubject, c: RiskModel = DEFAULT_RISK_CONFIGURATION): RiskResult {
  const reasons: RiskReasonT[] = [];
  const factor: Record<keyof RiskConfigurationT['weights'], number> = {
    customerType: c.customerType[s.personType],
    pep: 1,
    activity: 1,
    income: 1,
    geography: c.geographyScores.other,
    lists: c.listScores.none,
    related: 1,
  };
  let forced = false;
  reasons.push({ rule: `customerType.${s.personType}`, factor: 'customerType', score: factor.customerType });

  if (s.pepStatus) {
    factor.pep = c.pep[s.pepStatus];
    reasons.push({ rule: `pep.${s.pepStatus}`, factor: 'pep', score: factor.pep });
  } else factor.pep = c.pep.none;

  const activity = fold([s.position, s.businessType, s.employer].filter(Boolean).join(' '));
  if (activity) {
    const high = c.highRiskActivities.find((w) => activity.includes(fold(w)));
    const medium = high ? undefined : c.mediumRiskActivities.find((w) => activity.includes(fold(w)));
    if (high) factor.activity = 3;
    else if (medium) factor.activity = 2;
    if (high || medium)
      reasons.push({
        rule: `activity.${high ? 'high' : 'medium'}`,
        factor: 'activity',
        score: factor.activity,
        detail: high ?? medium,
      });
  }

  if (s.income != null) {
    const band = [...c.incomeBands].sort((a, b) => b.min - a.min).find((b) => (s.income ?? 0) >= b.min);
    if (band) {
      factor.income = band.score;
      if (band.score > 1)
        reasons.push({ rule: 'income.band', factor: 'income', score: band.score, detail: `>= ${band.min}` });
    }
  }

  // geography: the highest of nationality, residence and the document's country
  const countries = [...new Set([s.nationality, s.countryOfResidence, s.dniCountry].filter((x): x is string => !!x))];
  for (const cc of countries) {
    const code = cc.toUpperCase();
    if (c.fatfCallForAction.includes(code)) {
      forced = true;
      factor.geography = 3;
      reasons.push({ rule: 'geography.fatfCallForAction', factor: 'geography', score: 3, forced: true, detail: code });
    } else if (c.fatfIncreasedMonitoring.includes(code)) {
      factor.geography = Math.max(factor.geography, c.geographyScores.increasedMonitoring);
      reasons.push({
        rule: 'geography.fatfIncreasedMonitoring',
        factor: 'geography',
        score: c.geographyScores.increasedMonitoring,
        detail: code,
      });
    } else if (c.preferentialTaxRegimes.includes(code)) {
      factor.geography = Math.max(factor.geography, c.geographyScores.preferentialTax);
      reasons.push({
        rule: 'geography.preferentialTaxRegime',
        factor: 'geography',
        score: c.geographyScores.preferentialTax,
        detail: code,
      });
    }
  }

  for (const listId of s.matchedLists) {
    const control = c.listControls?.[listId];
    // a list that no longer screens the company: a match it left behind does not count
    if (control && !control.enabled) continue;
    const kind = listKind(listId, c);
    const score = control ? control.weight : c.listScores[kind];
    factor.lists = Math.max(factor.lists, score);
    if (kind === 'sanction') forced = true;
    reasons.push({
      rule: `lists.${kind}`,
      factor: 'lists',
      score,
      forced: kind === 'sanction' || undefined,
      detail: listId,
    });
  }

  if (s.relatedRisk && s.relatedRisk !== 'low') {
    factor.related = s.relatedRisk === 'high' ? 3 : 2;
    reasons.push({ rule: `related.${s.relatedRisk}`, factor: 'related', score: factor.related });
  }

  if (s.personType === 'legal' && s.unresolvedBeneficialOwner && c.forceHighUnresolvedBeneficialOwner) {
    forced = true;
    reasons.push({ rule: 'beneficialOwner.unresolved', factor: 'customerType', score: 3, forced: true });
  }

  let sum = 0;
  let weights = 0;
  for (const [k, w] of Object.entries(c.weights) as [keyof typeof factor, number][]) {
    sum += factor[k] * w;
    weights += w;
  }
  const score = Math.round((weights ? sum / weights : 1) * 1000) / 1000;
  const level: RiskLevel = forced
    ? 'high'
    : score >= c.cutoffs.high
      ? 'high'
      : score >= c.cutoffs.medium
        ? 'medium'
        : 'low';
  return { level, score, reasons };
}

export function maxRisk(a: RiskLevel | null, b: RiskLevel | null): RiskLevel | null {
  if (!a) return b;
  if (!b) return a;
  return RISK_LEVELS.indexOf(a) >= RISK_LEVELS.indexOf(b) ? a : b;
}
