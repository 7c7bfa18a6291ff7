import {
  countryCode,
  type ListEntity,
  type MemoryScreeningIndex,
  nextTurn,
  normalizeName,
  queryFullName,
} from '@regcheck/screening';
import { listControlsOf } from '@regcheck/shared';
import type { AppDeps } from '../../plugins/context';
import { findCompany } from '../companies';
import {
  activeEntities,
  CITY_LISTS,
  COUNTRY_LISTS,
  currentState,
  freshnessByList,
  type IndexQuery,
  indexQuery,
  type ListHit,
  listHit,
  startedState,
  thresholdOf,
  WORD_LISTS,
} from '../lists';
import { BLACKLIST_LIST, companyIndex, INTEREST_LIST } from './screening.company-lists';

/*
 * The screening types are defined here once: fichas, monitoring and the individual search use these.
 */

/** What fichas and the individual search screen: a person or company by name parts and/or document. */
export interface ScreenQuery extends IndexQuery {
  /** city of residence (risk cities list) */
  city?: string;
}

/** One coincidence in a list: the entry, its score (0 to 1) and the explanation of what matched. */
export type ScreenHit = ListHit;

/** The version a person was screened against and its age (issue 27, decision 165). */
export interface ScreenedVersion {
  label: string | null;
  versionDate: string | null;
  ageDays: number | null;
  state: 'current' | 'stale' | 'empty';
}

export interface ScreenListResult {
  listId: string;
  listName: string;
  kind: 'sanctions' | 'pep' | 'risk' | 'company';
  coincidence: boolean;
  hits: ScreenHit[];
  version?: ScreenedVersion;
}

export interface ScreenResult {
  /** number of lists with a coincidence */
  total: number;
  lastChecked: string;
  threshold: number;
  lists: ScreenListResult[];
  /** lists that screen the company but hold no entry: never offered as screened */
  emptyLists?: { listId: string; listName: string }[];
}

const HITS_PER_LIST = 10;
const LIST_ORDER = [
  'ofac',
  'onu',
  'eu-fsf',
  'uk-ofsi',
  'uk-sanctions',
  'opensanctions',
  'interpol',
  'pdi',
  'pep-register',
  'pep-br',
  'gafi',
  'rtp',
  'risk-cities',
  'keywords',
];

/** The screening index of this process (global lists; company lists are screened beside it). */
export function getIndex(): MemoryScreeningIndex {
  return currentState().index;
}

/** The display name of a list ('interest' and 'blacklist' are the company's own lists). */
export function listName(listId: string): string {
  if (listId === INTEREST_LIST) return 'List of interest';
  if (listId === BLACKLIST_LIST) return 'Blacklist';
  return currentState().sources.get(listId)?.name ?? listId;
}

/** The kind of a list: sanctions, pep, risk, or company for the company's own lists (unknown ids: risk). */
export function listKind(listId: string): ScreenListResult['kind'] {
  if (listId === INTEREST_LIST || listId === BLACKLIST_LIST) return 'company';
  const kind = startedState()?.sources.get(listId)?.kind;
  return kind ?? (SANCTIONS_LIST_IDS.has(listId) ? 'sanctions' : 'risk');
}

/** The sanctions lists the platform knows, for a process whose index has not started (jobs, tests). */
const SANCTIONS_LIST_IDS = new Set(['ofac', 'onu', 'eu-fsf', 'uk-ofsi', 'uk-sanctions']);

/** Ids of the global lists in force (with an active version). */
export async function listIds(_deps?: AppDeps): Promise<string[]> {
  return [...currentState().sources.values()].filter((s) => s.versionId !== null).map((s) => s.id);
}

/**
 * Whether a list entry is in force today: an entry with `validUntil` ('YYYY-MM-DD', the PEP register's expiration)
 * stops matching after that day, even before the daily sweep takes it off its list.
 */
export function inForce(e: ListEntity | undefined, today = new Date().toISOString().slice(0, 10)): boolean {
  const until = e?.extra?.validUntil;
  return typeof until !== 'string' || until === '' || until >= today;
}

/** Entries of a global list in force, all or by id (monitoring screens the fichas against the changed ones). */
export async function listEntities(deps: AppDeps, listId: string, ids: string[] | 'all'): Promise<ListEntity[]> {
  const today = new Date().toISOString().slice(0, 10);
  return (await activeEntities(deps, listId, ids)).filter((e) => inForce(e, today));
}

/** FATF and preferential tax regime lists: a coincidence when the person's country is on the list. */
function countryHits(entities: ListEntity[], country: string | undefined): ScreenHit[] {
  if (!country) return [];
  const code = countryCode(country);
  return entities
    .filter((e) => e.countries?.includes(code))
    .map((e) => ({
      entityId: e.id,
      name: e.names[0] ?? code,
      matchedName: e.names[0] ?? code,
      score: 1,
      explanation: {
        summary: `country ${code} is on the list${e.remarks ? ` (${e.remarks})` : ''}`,
        nameScore: 0,
        parts: [],
        country: { query: [code], candidate: e.countries ?? [], result: 'match' },
      },
    }));
}

const cityKey = (s: string) =>
  normalizeName(s)
    .tokens.map((t) => t.text)
    .join(' ');

/** Risk cities: a coincidence when the person's city is on the list (and the country agrees, when both have one). */
function cityHits(entities: ListEntity[], city: string | undefined, country: string | undefined): ScreenHit[] {
  if (!city?.trim()) return [];
  const key = cityKey(city);
  const code = country ? countryCode(country) : undefined;
  return entities
    .filter((e) => {
      const c = String(e.extra?.city ?? e.names[0] ?? '');
      if (!c || cityKey(c) !== key) return false;
      return !code || !e.countries?.length || e.countries.includes(code);
    })
    .map((e) => ({
      entityId: e.id,
      name: e.names[0] ?? city,
      matchedName: String(e.extra?.city ?? e.names[0] ?? city),
      score: 1,
      explanation: {
        summary: `city ${city} is on the list${e.extra?.reason ? ` (${String(e.extra.reason)})` : ''}`,
        nameScore: 0,
        parts: [],
      },
    }));
}

/** Keywords: a coincidence when a keyword appears as a word of the name (same person type, when it has one). */
function keywordHits(entities: ListEntity[], fullName: string, personType: string | undefined): ScreenHit[] {
  if (!fullName) return [];
  const words = new Set(normalizeName(fullName).tokens.map((t) => t.text));
  const out: ScreenHit[] = [];
  for (const e of entities) {
    const kwType = typeof e.extra?.personType === 'string' ? e.extra.personType : undefined;
    if (kwType && personType && kwType !== personType) continue;
    const word = String(e.extra?.word ?? e.names[0] ?? '');
    const kwTokens = normalizeName(word).tokens.map((t) => t.text);
    if (kwTokens.length && kwTokens.every((t) => words.has(t))) {
      out.push({
        entityId: e.id,
        name: e.names[0] ?? word,
        matchedName: word,
        score: 1,
        explanation: {
          summary: `keyword '${word}' in the name`,
          nameScore: 1,
          matchedName: word,
          parts: kwTokens.map((t) => ({ query: t, candidate: t, kind: 'exact', similarity: 1, weight: 1 })),
        },
      });
    }
  }
  return out;
}

/**
 * Screens a person or company against every global list in force (sanctions, PEP, risk lists, FATF countries,
 * preferential tax regimes, keywords) and the company's own lists (list of interest, blacklist). The threshold
 * is the company's `screeningThreshold` setting, else the engine default. `total` counts the lists with a
 * coincidence.
 */
export async function screen(deps: AppDeps, companyId: string, query: ScreenQuery): Promise<ScreenResult> {
  const [result] = await screenMany(deps, companyId, [query]);
  return result as ScreenResult;
}

/**
 * `screen` for several queries of one company in one pass (a bulk load's batch): the company's threshold and its
 * own lists are read once, then each query is searched in the in-memory indexes exactly as `screen` searches it.
 */
export async function screenMany(deps: AppDeps, companyId: string, queries: ScreenQuery[]): Promise<ScreenResult[]> {
  const state = currentState();
  const company = await findCompany(deps.db, companyId);
  const threshold = thresholdOf(company?.settings);
  const controls = listControlsOf(company?.settings);
  const screens = (listId: string) => controls[listId]?.enabled !== false;
  const own = await companyIndex(deps, companyId);
  const freshness = await freshnessByList(deps);
  const out: ScreenResult[] = [];
  for (const query of queries) {
    // a turn of the event loop every few queries: a bulk load's batch is screened while the previous batch's
    // statements come and go (decision 254), and requests are answered meanwhile
    if (out.length && out.length % SCREEN_TURN_QUERIES === 0) await nextTurn();
    out.push(screenIn(state, own, threshold, query, screens, freshness));
  }
  return out;
}

/** Queries screened between two turns of the event loop (a few milliseconds of work). */
const SCREEN_TURN_QUERIES = 20;

/**
 * The lists that screen a company, in the screening's order, each with its version, version date, age in days and
 * state (current, stale, empty): what the compliance report prints so that a reader knows how fresh the screening
 * of the period was (issue 27 point 1, decision 225). A list the super administrator switched off for the company
 * is left out; an empty one is listed as empty (it screens no one).
 */
export async function screenedListsOf(deps: AppDeps, companyId: string) {
  const company = await findCompany(deps.db, companyId);
  const controls = listControlsOf(company?.settings);
  const freshness = await freshnessByList(deps);
  return [...freshness.values()]
    .filter((f) => controls[f.id]?.enabled !== false)
    .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

/** `screens`: whether a list screens the company (the super administrator may switch a list off for it). */
function screenIn(
  state: ReturnType<typeof currentState>,
  own: Awaited<ReturnType<typeof companyIndex>>,
  threshold: number,
  query: ScreenQuery,
  screens: (listId: string) => boolean,
  freshness: Awaited<ReturnType<typeof freshnessByList>>,
): ScreenResult {
  const q = indexQuery(query);
  const fullName = queryFullName(q);
  const today = new Date().toISOString().slice(0, 10);
  const lists: ScreenListResult[] = [];
  const all = [...state.sources.values()]
    .filter((s) => screens(s.id))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
  // a list with nothing in force screens no one: it is named as such, never offered as screened (issue 27)
  const emptyLists = all
    .filter((s) => s.versionId === null || s.entityCount === 0)
    .map((s) => ({ listId: s.id, listName: s.name }));
  const sources = all.filter((s) => s.versionId !== null && s.entityCount > 0);
  const byName = searchByList(
    state.index,
    q,
    threshold,
    sources.filter((s) => !COUNTRY_LISTS.has(s.id) && !CITY_LISTS.has(s.id) && !WORD_LISTS.has(s.id)).map((s) => s.id),
  );
  for (const s of sources) {
    let hits: ScreenHit[];
    if (COUNTRY_LISTS.has(s.id)) hits = countryHits(state.special.get(s.id) ?? [], query.country);
    else if (CITY_LISTS.has(s.id)) hits = cityHits(state.special.get(s.id) ?? [], query.city, query.country);
    else if (WORD_LISTS.has(s.id)) hits = keywordHits(state.special.get(s.id) ?? [], fullName, query.personType);
    else hits = (byName.get(s.id) ?? []).filter((h) => inForce(h.entity, today)).map(listHit);
    const f = freshness.get(s.id);
    const version: ScreenedVersion | undefined = f
      ? { label: f.label, versionDate: f.versionDate, ageDays: f.ageDays, state: f.state }
      : undefined;
    lists.push({ listId: s.id, listName: s.name, kind: s.kind, coincidence: hits.length > 0, hits, version });
  }
  const companyLists = [
    [INTEREST_LIST, 'List of interest'],
    [BLACKLIST_LIST, 'Blacklist'],
  ] as const;
  const byOwn = searchByList(
    own,
    q,
    threshold,
    companyLists.filter(([listId]) => screens(listId)).map(([listId]) => listId),
  );
  for (const [listId, listName] of companyLists) {
    if (!screens(listId)) continue;
    const hits = (byOwn.get(listId) ?? []).map(listHit);
    lists.push({ listId, listName, kind: 'company', coincidence: hits.length > 0, hits });
  }
  return {
    total: lists.filter((l) => l.coincidence).length,
    lastChecked: new Date().toISOString(),
    threshold,
    lists,
    emptyLists,
  };
}

/**
 * One search of the index over several lists, its hits split by list, each list's first HITS_PER_LIST as a search of
 * that list alone answers them: the index picks its candidate names over all its lists and keeps those of the lists
 * asked, and scores each entity on its own, so the one search finds each list's hits with the same scores and order
 * (decision 254). A search per list read and normalised the query and picked the same candidates once per list.
 */
function searchByList(
  index: MemoryScreeningIndex,
  q: Parameters<MemoryScreeningIndex['search']>[0],
  threshold: number,
  lists: string[],
) {
  const out = new Map<string, ReturnType<MemoryScreeningIndex['search']>>();
  if (!lists.length) return out;
  for (const h of index.search(q, { threshold, limit: Number.POSITIVE_INFINITY, lists })) {
    const list = out.get(h.listId) ?? [];
    if (list.length < HITS_PER_LIST) list.push(h);
    out.set(h.listId, list);
  }
  return out;
}

function rank(id: string) {
  const i = LIST_ORDER.indexOf(id);
  return i < 0 ? LIST_ORDER.length : i;
}
