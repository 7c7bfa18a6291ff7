/**
 * The one beneficial-owner rule (docs/decisions.md 16 and 17): who owns or controls a legal person, and whether its
 * owner is unresolved. Pure: the server reads the ownership edges in one query and every place that needs the answer
 * (the beneficiaries view, the risk rating, reports, forms) asks this module, so they cannot disagree.
 */

/** Every relation type a related person may have to a ficha. */
export const RELATION_TYPES = [
  'representant',
  'beneficiary',
  'both',
  'manager',
  'effectiveControl',
  'declarant',
  'partners',
  // a PEP's relations (decision 170): spouse or partner, relative to the 2nd degree, close associate
  'spouse',
  'relative',
  'associate',
] as const;
export type RelationTypeName = (typeof RELATION_TYPES)[number];

/** Relation types that carry ownership: their participation counts toward beneficial ownership, along chains too. */
export const OWNERSHIP_RELATION_TYPES = [
  'partners',
  'beneficiary',
  'both',
] as const satisfies readonly RelationTypeName[];

/** Relation types that make a natural person a beneficial owner by control, whatever the participation. */
export const CONTROL_RELATION_TYPES = ['effectiveControl'] as const satisfies readonly RelationTypeName[];

/** Relation types that declare the person a beneficiary ('both' is representative and beneficiary). */
export const DECLARED_RELATION_TYPES = ['beneficiary', 'both'] as const satisfies readonly RelationTypeName[];

/** The relation types the beneficial-owner rule reads (ownership and control): what the repo query selects. */
export const BENEFICIAL_OWNER_RELATION_TYPES: readonly RelationTypeName[] = [
  ...OWNERSHIP_RELATION_TYPES,
  ...CONTROL_RELATION_TYPES,
];

/** Ownership chains longer than this many relationships are not followed. */
export const OWNERSHIP_MAX_DEPTH = 10;

/** The UAF default: a natural person owning 10 % or more (inclusive) is a beneficial owner. */
export const DEFAULT_BENEFICIAL_OWNER_THRESHOLD = 10;
export const DEFAULT_BENEFICIAL_OWNER_INCLUSIVE = true;

/**
 * The highest beneficial-owner threshold (%) a country's rule allows: Brazil's institution sets its own, never above
 * 25% (Circular BCB 3.978/2020, DOMAIN.md "Beneficial owners"). Chile's rule (10% or more) is the default, not a
 * bound: the threshold and its inclusiveness are company settings there (decision in docs/decisions.md).
 */
export const BENEFICIAL_OWNER_THRESHOLD_MAX: Readonly<Record<string, number>> = { BR: 25 };

/** The bound of the beneficial-owner threshold for a company of `country` (100 where the country sets none). */
export function beneficialOwnerThresholdMax(country: string | null | undefined): number {
  return BENEFICIAL_OWNER_THRESHOLD_MAX[country ?? ''] ?? 100;
}

const has = (list: readonly string[], type: string) => list.includes(type);

/** Whether a relation type carries ownership (partners, beneficiary, both). */
export function carriesOwnership(relationType: string): boolean {
  return has(OWNERSHIP_RELATION_TYPES, relationType);
}

export interface BeneficialOwnerSettings {
  /** percent, 0 to 100 */
  threshold: number;
  /** whether exactly the threshold counts */
  inclusive: boolean;
}

/** The company's beneficial-owner settings from its `settings` object, with the defaults where it has none. */
export function beneficialOwnerSettings(companySettings: unknown): BeneficialOwnerSettings {
  const s = (companySettings && typeof companySettings === 'object' ? companySettings : {}) as {
    beneficialOwnerThreshold?: number | null;
    beneficialOwnerInclusive?: boolean | null;
  };
  return {
    threshold: s.beneficialOwnerThreshold ?? DEFAULT_BENEFICIAL_OWNER_THRESHOLD,
    inclusive: s.beneficialOwnerInclusive ?? DEFAULT_BENEFICIAL_OWNER_INCLUSIVE,
  };
}

/** Whether a total participation reaches the threshold under the settings. */
export function reachesThreshold(participation: number, s: BeneficialOwnerSettings): boolean {
  return s.inclusive ? participation >= s.threshold : participation > s.threshold;
}

/** One active relationship: `fichaId` has `relatedFichaId` as related person. */
export interface OwnershipEdge {
  fichaId: string;
  relatedFichaId: string;
  relationType: string;
  /** percent, or null when none was given */
  participation: number | null;
  /** of the related person */
  relatedPersonType: 'natural' | 'legal';
  /** whether the related person's ficha is active (an inactive one is never an owner, but chains pass through it) */
  relatedActive: boolean;
}

export type BeneficialOwnerBasis = 'ownership' | 'effectiveControl' | 'declared';

export interface BeneficialOwner {
  fichaId: string;
  /** total ownership, direct and indirect, percent (rounded to 2 decimals) */
  participation: number;
  /** ownership held directly, percent (rounded to 2 decimals) */
  directParticipation: number;
  basis: BeneficialOwnerBasis;
  /** ownership chains, ficha ids from the company to the person */
  paths: string[][];
}

export interface BeneficialOwnersResult extends BeneficialOwnerSettings {
  /** largest participation first */
  owners: BeneficialOwner[];
  /** a legal person without any beneficial owner */
  unresolved: boolean;
}

interface Holding {
  total: number;
  direct: number;
  paths: string[][];
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/**
 * Every owner reachable through ownership relationships that carry a participation, with the share multiplied along
 * each chain (50 % of a company that owns 40 % is 20 %) and added across chains; a chain stops at a cycle and after
 * `OWNERSHIP_MAX_DEPTH` relationships. Only active owners are returned (chains pass through inactive companies).
 */
export function ownershipHoldings(fichaId: string, edges: readonly OwnershipEdge[]) {
  const from = new Map<string, OwnershipEdge[]>();
  for (const e of edges) {
    if (!carriesOwnership(e.relationType) || e.participation === null) continue;
    const list = from.get(e.fichaId) ?? [];
    list.push(e);
    from.set(e.fichaId, list);
  }
  const holdings = new Map<string, Holding & { personType: 'natural' | 'legal' }>();
  const walk = (node: string, share: number, path: string[]) => {
    for (const e of from.get(node) ?? []) {
      if (path.includes(e.relatedFichaId)) continue;
      const owned = (share * (e.participation ?? 0)) / 100;
      const chain = [...path, e.relatedFichaId];
      if (e.relatedActive) {
        const h = holdings.get(e.relatedFichaId) ?? { total: 0, direct: 0, paths: [], personType: e.relatedPersonType };
        h.total += owned;
        if (chain.length === 2) h.direct += owned;
        h.paths.push(chain);
        holdings.set(e.relatedFichaId, h);
      }
      if (chain.length - 1 < OWNERSHIP_MAX_DEPTH) walk(e.relatedFichaId, owned, chain);
    }
  };
  walk(fichaId, 100, [fichaId]);
  return holdings;
}

/**
 * The beneficial owners of a ficha: natural persons whose ownership (direct and indirect) reaches the threshold,
 * then natural persons related directly by effective control or declared beneficiaries below it. A legal ficha
 * with none is "owner unresolved" (rated High by default, decision 17).
 */
export function beneficialOwners(
  ficha: { id: string; personType: 'natural' | 'legal' },
  edges: readonly OwnershipEdge[],
  settings: BeneficialOwnerSettings,
): BeneficialOwnersResult {
  const holdings = ownershipHoldings(ficha.id, edges);
  const owners: BeneficialOwner[] = [];
  const listed = new Set<string>();
  for (const [id, h] of holdings) {
    if (h.personType !== 'natural') continue;
    const total = round(h.total, 4);
    if (!reachesThreshold(total, settings)) continue;
    owners.push({
      fichaId: id,
      participation: round(total, 2),
      directParticipation: round(h.direct, 2),
      basis: 'ownership',
      paths: h.paths,
    });
    listed.add(id);
  }
  for (const e of edges) {
    if (e.fichaId !== ficha.id || listed.has(e.relatedFichaId)) continue;
    if (e.relatedPersonType !== 'natural' || !e.relatedActive) continue;
    const basis: BeneficialOwnerBasis | null = has(CONTROL_RELATION_TYPES, e.relationType)
      ? 'effectiveControl'
      : has(DECLARED_RELATION_TYPES, e.relationType)
        ? 'declared'
        : null;
    if (!basis) continue;
    const h = holdings.get(e.relatedFichaId);
    owners.push({
      fichaId: e.relatedFichaId,
      participation: round(h?.total ?? e.participation ?? 0, 2),
      directParticipation: round(h?.direct ?? e.participation ?? 0, 2),
      basis,
      paths: h?.paths ?? [[ficha.id, e.relatedFichaId]],
    });
    listed.add(e.relatedFichaId);
  }
  owners.sort((a, b) => b.participation - a.participation);
  return { ...settings, owners, unresolved: ficha.personType === 'legal' && owners.length === 0 };
}
