import { z } from 'zod';
import { BENEFICIAL_OWNER_RELATION_TYPES, type RelationTypeName } from './beneficial-owners';

/**
 * One PEP truth per person (issue 24, point 1; DOMAIN.md "Politically exposed persons"; decision 170). A customer's
 * PEP status is derived here, and only here, from every source the product holds about the person: the platform's
 * PEP register (matched by document, or by a name match an officer confirmed), the ficha's own declaration, a signed
 * PEP form, and a relation to a PEP (level 2). Each source gives a level (1 the PEP, 2 a relative or associate), a
 * position, an institution, since and until; "until" comes from the source when it states one, else from the end of
 * office plus the years of the company's country rule (a company setting: Chile 1, Brazil 5 by default). Pure: the
 * server stores the result on the ficha (`pep_status`, `pep_level`, `pep_expiration`, `pep_detail`) and every
 * consumer (risk, forms required, EDD, screens, reports) reads what was stored.
 */

/** Countries whose PEP rule the product knows, and the years a person stays PEP after leaving office by default. */
export const PEP_YEARS_DEFAULT: Readonly<Record<'CL' | 'BR', number>> = { CL: 1, BR: 5 };
/**
 * The least a company may set: Chile "at least 1 year" (UAF Circular 62/2025), Brazil 5 years (Resolução COAF
 * 40/2021, Circular BCB 3.978/2020 art. 27). A company may keep a person PEP longer, never shorter.
 */
export const PEP_YEARS_MIN: Readonly<Record<'CL' | 'BR', number>> = { CL: 1, BR: 5 };
export const PEP_YEARS_MAX = 10;
/** The company setting (PATCH /companies/{id}/business-rules). */
export const PEP_YEARS_SETTING = 'pepYearsAfterOffice';

const pepCountry = (country: string | null | undefined): 'CL' | 'BR' => (country === 'BR' ? 'BR' : 'CL');

/** The least a company of this country may set. */
export const pepYearsMinimum = (country: string | null | undefined) => PEP_YEARS_MIN[pepCountry(country)];

/** The years a PEP stays PEP after leaving office for this company: its setting, else its country's default. */
export function pepYearsOf(settings: unknown, country: string | null | undefined): number {
  const s = (settings && typeof settings === 'object' ? settings : {}) as Record<string, unknown>;
  const v = s[PEP_YEARS_SETTING];
  const min = pepYearsMinimum(country);
  if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= PEP_YEARS_MAX) return v;
  return PEP_YEARS_DEFAULT[pepCountry(country)];
}

/** 'YYYY-MM-DD' plus whole years (29 February lands on 28 February in a common year). */
export function addYearsToDay(day: string, years: number): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Where a PEP status came from. */
export const PEP_SOURCE_KINDS = [
  'register',
  'registerConfirmed',
  'declaration',
  'form',
  'relation',
  'jointOwnership',
] as const;
export type PepSourceKind = (typeof PEP_SOURCE_KINDS)[number];

/** One source's statement about the person. Dates 'YYYY-MM-DD'. */
export interface PepSourceInput {
  kind: PepSourceKind;
  level: 1 | 2;
  position?: string | null;
  institution?: string | null;
  /** start of office */
  since?: string | null;
  /** end of office: "until" is this plus the company's years when the source states no end of its own */
  officeEnd?: string | null;
  /** the end the source itself states (a declared expiration, the Portal's grace period, a related PEP's end) */
  until?: string | null;
  /** level 2: how the person is related (spouse, relative, associate...) and to whom */
  relation?: string | null;
  relatedName?: string | null;
  /** joint ownership (Brazil): the legal person the customer holds together with the PEP, by name */
  through?: string | null;
  /** the register person, the related ficha or the form the source is */
  refId?: string | null;
}

export const PepSourceView = z.object({
  kind: z.enum(PEP_SOURCE_KINDS),
  level: z.union([z.literal(1), z.literal(2)]),
  position: z.string().nullable(),
  institution: z.string().nullable(),
  since: z.string().nullable(),
  until: z.string().nullable().describe('YYYY-MM-DD; null: no end (in office, or the source states none)'),
  active: z.boolean().describe('whether this source makes the person PEP today'),
  relation: z.string().nullable(),
  relatedName: z.string().nullable(),
  through: z
    .string()
    .nullable()
    .optional()
    .describe('joint ownership (Brazil): the legal person held together with the PEP, by name'),
  refId: z.string().nullable(),
});
export type PepSourceViewT = z.infer<typeof PepSourceView>;

/** The one PEP status of a person: what the ficha shows and every consumer reads. */
export const PepDerivedView = z.object({
  status: z
    .enum(['direct', 'consanguineous'])
    .nullable()
    .describe('direct (level 1) or consanguineous (level 2: relative or associate) while PEP; null otherwise'),
  level: z.union([z.literal(1), z.literal(2)]).nullable(),
  state: z.enum(['pep', 'former', 'none']).describe('pep today, former (every source has ended), never PEP'),
  until: z.string().nullable().describe('PEP until this day (YYYY-MM-DD); null: no end. Former: the day it ended'),
  since: z.string().nullable(),
  position: z.string().nullable(),
  institution: z.string().nullable(),
  source: z.enum(PEP_SOURCE_KINDS).nullable().describe('the source the status is shown from'),
  relation: z.string().nullable(),
  relatedName: z.string().nullable(),
  through: z
    .string()
    .nullable()
    .optional()
    .describe('joint ownership (Brazil): the legal person held together with the PEP, by name'),
  years: z.number().int().describe("the years after office of the company's rule the status was computed with"),
  computedOn: z.string().describe('the UTC day it was computed for'),
  sources: z.array(PepSourceView),
});
export type PepDerived = z.infer<typeof PepDerivedView>;

const LEVEL_ORDER = (s: PepSourceViewT) => s.level;
/** Later ends first; no end is the latest. */
const untilRank = (u: string | null) => (u === null ? '9999-99-99' : u);
const KIND_RANK: Record<PepSourceKind, number> = {
  register: 0,
  registerConfirmed: 1,
  form: 2,
  declaration: 3,
  relation: 4,
  jointOwnership: 5,
};

/** The end of one source: its own, else the end of office plus the company's years, else none (in office). */
export function sourceUntil(s: Pick<PepSourceInput, 'until' | 'officeEnd'>, years: number): string | null {
  const computed = s.officeEnd ? addYearsToDay(s.officeEnd, years) : null;
  const own = s.until ? s.until.slice(0, 10) : null;
  // 'YYYY-MM-DD' compares as text: the later of the two
  if (own && computed) return [own, computed].sort()[1] ?? own;
  return own ?? computed;
}

/** A person no source makes PEP (never was one): `base` says with which years, on which day, from which sources. */
export function notPep(base: Pick<PepDerived, 'years' | 'computedOn' | 'sources'>): PepDerived {
  return {
    ...base,
    status: null,
    level: null,
    state: 'none',
    until: null,
    since: null,
    position: null,
    institution: null,
    source: null,
    relation: null,
    relatedName: null,
    through: null,
  };
}

/**
 * The PEP status on `today` ('YYYY-MM-DD') from every source, with the company's years after office. PEP when any
 * source is active (its end not passed); direct when an active source is level 1, else consanguineous. The status is
 * shown from the strongest active source (level 1 first, then the latest end, then register, form, declaration,
 * relation). With no active source and some sources, the person is a former PEP until the latest end.
 */
export function derivePepStatus(sources: PepSourceInput[], today: string, years: number): PepDerived {
  const views: PepSourceViewT[] = sources.map((s) => {
    const until = sourceUntil(s, years);
    return {
      kind: s.kind,
      level: s.level,
      position: s.position?.trim() || null,
      institution: s.institution?.trim() || null,
      since: s.since ? s.since.slice(0, 10) : null,
      until,
      active: until === null || until >= today,
      relation: s.relation ?? null,
      relatedName: s.relatedName ?? null,
      through: s.through ?? null,
      refId: s.refId ?? null,
    };
  });
  views.sort(
    (a, b) =>
      LEVEL_ORDER(a) - LEVEL_ORDER(b) ||
      (untilRank(b.until) > untilRank(a.until) ? 1 : untilRank(b.until) < untilRank(a.until) ? -1 : 0) ||
      KIND_RANK[a.kind] - KIND_RANK[b.kind],
  );
  const active = views.filter((v) => v.active);
  const base = { years, computedOn: today, sources: views };
  const shown = active[0] ?? views[0];
  if (!shown) return notPep(base);
  // the details missing from the shown source are taken from another active source of the same level
  const sameLevel = (active.length ? active : views).filter((v) => v.level === shown.level);
  const first = <K extends 'position' | 'institution' | 'since'>(k: K) =>
    shown[k] ?? sameLevel.find((v) => v[k])?.[k] ?? null;
  return {
    ...base,
    status: active.length ? (shown.level === 1 ? 'direct' : 'consanguineous') : null,
    level: active.length ? shown.level : null,
    state: active.length ? 'pep' : 'former',
    until: shown.until,
    since: first('since'),
    position: first('position'),
    institution: first('institution'),
    source: shown.kind,
    relation: shown.relation,
    relatedName: shown.relatedName,
    through: shown.through ?? null,
  };
}

/** Whether two results say the same thing to a reader (the day computed on aside). */
export function samePepStatus(a: PepDerived | null | undefined, b: PepDerived | null | undefined): boolean {
  const key = (p: PepDerived | null | undefined) =>
    p
      ? JSON.stringify([
          p.status,
          p.level,
          p.state,
          p.until,
          p.since,
          p.position,
          p.institution,
          p.source,
          p.relatedName,
          p.through ?? null,
        ])
      : 'none';
  return key(a) === key(b);
}

/**
 * The relation types of a customer to another that make a PEP's relation a PEP of level 2, by country (DOMAIN.md):
 * Chile: spouse or civil partner, relatives to the 2nd degree, people with a joint action pact; Brazil: spouse or
 * partner, family to the 2nd degree (stepchildren included), close associates.
 */
export const PEP_RELATION_TYPES = ['spouse', 'relative', 'associate'] as const;
export type PepRelationType = (typeof PEP_RELATION_TYPES)[number];
export const isPepRelationType = (t: string): t is PepRelationType =>
  (PEP_RELATION_TYPES as readonly string[]).includes(t);

/**
 * Brazil's close associate by joint ownership (Circular BCB 3.978/2020 art. 27 and Resolução COAF 40/2021: "estreito
 * colaborador", a natural person known to hold a legal person jointly with a PEP; DOMAIN.md "close associates";
 * decision 196). In a company of these countries a natural person who holds, directly, one of these relations to a
 * legal person that a direct (level 1) PEP also holds directly is a PEP of level 2 ("jointOwnership" source), for as
 * long as the PEP is one. Only direct holdings of the same legal person count (not chains), at any participation; a
 * level-2 PEP's co-owner is not made PEP by it. Chile's rule names no such case (a joint action pact is not shared
 * ownership): the rule does not apply there.
 */
export const PEP_JOINT_OWNERSHIP_COUNTRIES: readonly string[] = ['BR'];
/** The relations to a legal person that count as holding it: partner, beneficiary (owner) or effective control. */
export const PEP_JOINT_OWNERSHIP_RELATION_TYPES: readonly RelationTypeName[] = BENEFICIAL_OWNER_RELATION_TYPES;
/** Whether a company of this country applies the joint-ownership rule. */
export const jointOwnershipMakesPep = (country: string | null | undefined) =>
  PEP_JOINT_OWNERSHIP_COUNTRIES.includes(country ?? '');
