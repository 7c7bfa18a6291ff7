export type EntitySchema = 'Person' | 'Company' | 'Organization' | 'Vessel' | 'Aircraft' | 'Unknown';

export interface ListIdentifier {
  type: string;
  value: string;
  country?: string;
}

/** One entry of a screening list (sanctions, PEP, company list) or a customer file. */
export interface ListEntity {
  /** Unique within its list (e.g. OFAC ent_num). */
  id: string;
  /** e.g. 'ofac', 'onu', 'pep-br', or a company list id. */
  listId: string;
  schema: EntitySchema;
  /** names[0] is the primary name, the rest aliases. */
  names: string[];
  identifiers?: ListIdentifier[];
  /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. */
  birthDates?: string[];
  /** ISO 3166-1 alpha-2 upper case where possible, else as given. */
  countries?: string[];
  programs?: string[];
  remarks?: string;
  extra?: Record<string, unknown>;
}

export interface ScreeningQuery {
  /** Full name; or give the parts below (fatherName and motherName are the two family names). */
  name?: string;
  fatherName?: string;
  motherName?: string;
  schema?: EntitySchema;
  identifiers?: { type?: string; value: string }[];
  birthDate?: string;
  countries?: string[];
}

export type PartMatchKind =
  | 'exact'
  | 'equivalent'
  | 'phonetic'
  | 'fuzzy'
  | 'initial'
  | 'merged'
  | 'missing'
  | 'extra'
  | 'conflict';

/** How one part of the queried name lined up with the candidate name. */
export interface NamePartMatch {
  /** Part of the first (queried) name, '' when the part exists only in the candidate. */
  query: string;
  /** Part of the candidate name, '' when the part exists only in the query. */
  candidate: string;
  kind: PartMatchKind;
  similarity: number;
  /** Relative weight of the part in the name score (particles, titles and legal forms weigh little). */
  weight: number;
}

export interface Explanation {
  /** One human-readable sentence. */
  summary: string;
  /** Score of the names alone, before identifiers, birth date, country and schema. */
  nameScore: number;
  /**
   * The model's calibrated probability that the two names name the same entity (names alone; see
   * packages/screening/src/model). Shown beside the score; the alert still follows the score (decision 176).
   */
  probability?: number;
  /** The list name (primary or alias) that produced the best score. */
  matchedName?: string;
  parts: NamePartMatch[];
  identifier?: { type?: string; value: string; result: 'match' };
  birthDate?: { query: string; candidate: string[]; result: 'match' | 'close' | 'conflict' };
  country?: { query: string[]; candidate: string[]; result: 'match' | 'conflict' };
  schema?: { query: EntitySchema; candidate: EntitySchema; result: 'conflict' };
}

export interface ScreeningHit {
  entityId: string;
  listId: string;
  /** The entity's primary name. */
  name: string;
  /** The entity name or alias that matched best. */
  matchedName: string;
  score: number;
  explanation: Explanation;
  entity: ListEntity;
}

export interface SearchOptions {
  /** Minimum score (default DEFAULT_THRESHOLD). */
  threshold?: number;
  /** Maximum number of hits (default 10). */
  limit?: number;
  /** Only these list ids. */
  lists?: string[];
}

export interface ScreeningIndex {
  add(e: ListEntity): void;
  remove(listId: string, id: string): void;
  replaceList(listId: string, entities: Iterable<ListEntity>): void;
  /** Number of live entities. */
  size(): number;
  search(q: ScreeningQuery, opts?: SearchOptions): ScreeningHit[];
}
