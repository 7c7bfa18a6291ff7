import { applyEvidence, queryIdentifiers } from '../match/evidence';
import {
  compareTokens,
  lastAlignedFuzzy,
  lastAlignedSim,
  lastAlignmentA,
  lastAlignmentB,
  PartSimCache,
  tokenSim,
} from '../match/names.compare';
import { DEFAULT_THRESHOLD, summarize } from '../match/score';
import { nameProbability } from '../model/model';
import { runSteps, type Steps } from '../steps';
import { type NameToken, normalizeIdentifier, normalizeName } from '../text/normalize';
import { consonantSkeleton } from '../text/phonetic';
import type {
  EntitySchema,
  Explanation,
  ListEntity,
  ScreeningHit,
  ScreeningIndex,
  ScreeningQuery,
  SearchOptions,
} from '../types';
import { ByteList, hash32, IntList, MultiMap } from './growable';
import { deletionHashes, INDEXED_KINDS, type KeyTables, keyTablesSteps, TokenKeys } from './token-keys';

const MAX_CANDIDATES = 48;
/**
 * A query's rarest word that still matches more names than this is not given a scratch record per name at first
 * (see candidates: deferred first word).
 */
const DEFER_FIRST_DF = 1000;
/**
 * New names a query word may add once names were found (by rarer words), through its most similar spellings first;
 * past it the word only adds to names found. A word like "Muhammad" has hundreds of spellings and sounds, each
 * uncommon, together in tens of thousands of names of a 1,000,000-name index.
 */
const LATER_WORD_NEW_NAMES = 2000;
/** Names holding the deferred first word alone read at most (most similar spellings first). */
const DEFERRED_ALONE_READ = 4000;
/**
 * Least share of the query's rarity-weighted words (less 0.03 per word of the name left over) a name must hold to
 * be scored in full: below it, names were measured (OFAC + UN, 4,000 queries) to score under 0.72.
 */
const MIN_OVERLAP = 0.15;
/** Query words whose similar index words are remembered (see similarCache). */
const SIMILAR_CACHE_MAX = 50_000;
/**
 * Rarity of the words a person's name match rests on (see rarityFactor). Below RARITY_MIN_NAMES indexed names the
 * document frequencies say nothing and the rule is off.
 */
const RARITY_MIN_NAMES = 2000;
/**
 * Evidence, in rarity units (a word found in a single indexed name weighs 1, a word every name has 0), a partial
 * match needs in order to stand without loss.
 */
const RARITY_EVIDENCE = 1.7;
/** Score lost per unit of missing evidence and per unit of rarity left unmatched. */
const RARITY_COST = 0.3;
/** Words of the query the list name lacks weigh this much more than list words the query lacks. */
const RARITY_QUERY_EXTRA = 4;
const RARITY_FLOOR = 0.5;
/** Weight of a list name's word left out between two matched words (a middle name the query omits). */
const MIDDLE_OMITTED = 0.5;
/**
 * Factor when a name written in the Spanish manner ("GUZMAN ENRIQUEZ, Juan Luis", see familyStart) has its leading
 * given name or its leading family name (Juan, Guzman) left out while a later one of the same part matches: people
 * go by their first given name and by their first (father's) family name.
 */
const LEADING_PART_FACTOR = 0.8;
/**
 * Two spellings that begin differently and both occur in at least this many indexed names are two names
 * ("Hernandez" / "Fernandez", "Roberto" / "Alberto"), not one name misspelt (typing errors and transliterations
 * seldom change the first letter): their spelling-variant match counts with DISTINCT_SPELLING_FACTOR.
 */
const DISTINCT_SPELLING_DF = 1;
const DISTINCT_SPELLING_FACTOR = 0.85;
/** No family part known for a name. */
const NO_FAMILY = 255;

/** Full name of a query: the name, or its parts (given names, father's and mother's family names). */
export function queryFullName(q: ScreeningQuery): string {
  return [q.name, q.fatherName, q.motherName]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

function tokenKey(t: NameToken): string {
  return `${t.text}\u0001${t.kind}\u0001${t.skel}\u0001${t.cls}`;
}

/**
 * Position of the first family-name part in a person's name written in the Spanish manner, "FAMILY NAMES, Given
 * names" with two or more family names ("GUZMAN ENRIQUEZ, Juan Luis"); NO_FAMILY for any other name.
 */
function familyStart(raw: string, count: number): number {
  const comma = raw.indexOf(',');
  if (comma < 0 || raw.indexOf(',', comma + 1) >= 0) return NO_FAMILY;
  const family = raw.slice(0, comma).trim();
  const given = raw.slice(comma + 1).trim();
  if (!family || !given) return NO_FAMILY;
  let familyWords = 0;
  for (const t of normalizeName(family, 'Person').tokens) if (t.kind === 'word') familyWords++;
  if (familyWords < 2) return NO_FAMILY;
  const n = normalizeName(given, 'Person').tokens.length;
  return n > 0 && n < count && n < NO_FAMILY ? n : NO_FAMILY;
}

/**
 * In-memory screening index: names are normalised once into interned tokens; names are rows of token ids in
 * typed arrays; tokens point to the names that hold them (compressed postings). Retrieval goes from the query's
 * tokens to similar index tokens (exact, one-edit deletion keys, phonetic key, consonant skeleton, given-name
 * equivalents, split words), weights them by rarity, and only the best candidates are scored in full.
 */
export class MemoryScreeningIndex implements ScreeningIndex {
  // entities: by slot, null once removed; undefined while not yet read from entitySource (a loaded snapshot)
  private entities: (ListEntity | null | undefined)[] = [];
  /** Set while an index loaded from a snapshot has not yet built the maps only a change needs (ensureMutable). */
  private entitySource: EntitySource | null = null;
  private entitySlot = new Map<string, number>();
  private entityNames: number[][] = [];
  private live = 0;
  // names
  private nameEntity = new IntList();
  private nameAlias = new IntList();
  private nameTokStart = new IntList();
  private nameTokCount = new ByteList();
  private nameAlive = new ByteList();
  /** Position of the first family-name part of a person's name in the Spanish manner (see familyStart). */
  private nameFamily = new ByteList();
  private nameToks = new IntList(4096);
  private deadNames = 0;
  // tokens
  private tokens: NameToken[] = [];
  private tokenIdByKey = new Map<string, number>();
  private tokenIdByObj = new Map<NameToken, number>();
  private tokenDf = new IntList();
  /** Retrieval keys of the tokens (spelling, one-deletion hashes, phonetic key, skeleton, given-name group). */
  private keys = new TokenKeys(this.tokens);
  // postings: token id -> name ids. A compact part (CSR) plus recent additions.
  private postOffsets: Int32Array<ArrayBufferLike> = new Int32Array(1);
  private postData: Int32Array<ArrayBufferLike> = new Int32Array(0);
  private postExtra = new Map<number, number[]>();
  private postExtraCount = 0;
  // identifiers: normalised value -> entity slots
  private idIndex = new MultiMap<string>();
  // scratch for search
  /**
   * Per-name scratch of candidates(), one 16-byte record per name so that a posting costs one cache line: the
   * overlap accumulated (float64 at 2n), and through an int32 view of the same memory the stamp of the last
   * crediting pass (at 4n+2) and the number of query words found (at 4n+3).
   */
  private acc = new Float64Array(0);
  private accI = new Int32Array(0);
  /** One bit per name: found by this query (in touched). Small enough to stay in cache while postings are walked. */
  private touchedBits = new Int32Array(0);
  /** Per name: 1 + the rank of the deferred first word's variant that holds it, 0 for none (see candidates). */
  private deferredRank = new Uint16Array(0);
  private scratchDeferredW = new Float64Array(0);
  private stampGen = 0;
  private scratchDel: number[] = [];
  private scratchFound = new Map<number, number>();
  /**
   * Index tokens similar to a query token (see similarTokens), remembered across queries by the query token's key:
   * customers' names share most of their words. Emptied whenever the index changes.
   */
  private similarCache = new Map<string, { ids: Int32Array; sims: Float64Array }>();
  /** Per query word (text): summed document frequency of the index words it matches (filled by candidates). */
  private queryRarity = new Map<string, number>();
  private scratchWeight = new Map<number, number>();
  /**
   * Names found by the current query, the first nTouched of it (a typed array reused from query to query: a plain
   * array emptied by `length = 0` gives up its storage, and at 1,000,000 names a query finds up to 50,000 names).
   */
  private scratchTouched = new Int32Array(1024);
  private scratchIds: number[] = [];
  private scratchSims: number[] = [];
  private scratchTop = new Int32Array(MAX_CANDIDATES);
  /** Work of the last search's retrieval (for benchmarks): postings read, names found, names probed. */
  private work = { postings: 0, found: 0, probed: 0 };
  private scratchTopScore = new Float64Array(MAX_CANDIDATES);

  constructor(entities?: Iterable<ListEntity>) {
    if (entities) {
      for (const e of entities) this.add(e);
      this.compact();
    }
  }

  size(): number {
    return this.live;
  }

  /**
   * Empties what searches remember between queries (the similar words of query words): for a benchmark that repeats
   * a run of queries from the same state. Answers do not change.
   */
  clearQueryCaches(): void {
    this.similarCache.clear();
  }

  /** Work of the last search's retrieval: postings read, names found by the query's words, names probed. */
  lastSearchWork(): { postings: number; found: number; probed: number } {
    return { ...this.work };
  }

  /** Number of indexed names (primary names and aliases) still live. */
  nameCount(): number {
    return this.nameEntity.length - this.deadNames;
  }

  /** The entity in slot (null when removed), read from the snapshot the first time it is needed. */
  private entity(slot: number): ListEntity | null {
    const e = this.entities[slot];
    if (e !== undefined) return e;
    const read = this.entitySource ? this.entitySource.get(slot) : null;
    this.entities[slot] = read;
    return read;
  }

  /**
   * Builds what only a change needs and a loaded snapshot leaves out (entity keys, names of each entity, the token
   * table's keys): on the first add, remove or replaceList after a load.
   */
  private ensureMutable(): void {
    if (!this.entitySource) return;
    for (let slot = 0; slot < this.entities.length; slot++) {
      const e = this.entity(slot);
      this.entityNames[slot] = [];
      if (e) this.entitySlot.set(`${e.listId}\u0000${e.id}`, slot);
    }
    this.entitySource = null;
    const n = this.nameEntity.length;
    for (let nameId = 0; nameId < n; nameId++)
      if (this.nameAlive.data[nameId]) (this.entityNames[this.nameEntity.get(nameId)] as number[]).push(nameId);
    this.tokens.forEach((t, id) => {
      this.tokenIdByKey.set(tokenKey(t), id);
    });
  }

  add(e: ListEntity): void {
    this.ensureMutable();
    if (this.similarCache.size) this.similarCache.clear();
    const key = `${e.listId}\u0000${e.id}`;
    if (this.entitySlot.has(key)) this.remove(e.listId, e.id);
    const slot = this.entities.length;
    this.entities.push(e);
    this.entitySlot.set(key, slot);
    this.live++;
    const names: number[] = [];
    const seen = new Set<string>();
    e.names.forEach((raw, aliasIdx) => {
      const norm = normalizeName(raw, e.schema);
      if (!norm.tokens.length) return;
      const ids = norm.tokens.map((t) => this.intern(t));
      const sig = ids.join(',');
      if (seen.has(sig)) return;
      seen.add(sig);
      const nameId = this.nameEntity.length;
      this.nameEntity.push(slot);
      this.nameAlias.push(aliasIdx);
      this.nameTokStart.push(this.nameToks.length);
      const count = Math.min(255, ids.length);
      this.nameTokCount.push(count);
      this.nameAlive.push(1);
      this.nameFamily.push(e.schema === 'Person' ? familyStart(raw, count) : NO_FAMILY);
      const uniq = new Set<number>();
      for (let k = 0; k < count; k++) {
        const id = ids[k] as number;
        this.nameToks.push(id);
        if (!uniq.has(id) && INDEXED_KINDS.has((this.tokens[id] as NameToken).kind)) {
          uniq.add(id);
          this.addPosting(id, nameId);
        }
      }
      names.push(nameId);
    });
    this.entityNames[slot] = names;
    for (const id of e.identifiers ?? []) {
      if (id.type === 'cpf-partial') continue;
      const v = normalizeIdentifier(id.value);
      if (v.length >= 4) this.idIndex.add(v, slot);
    }
  }

  remove(listId: string, id: string): void {
    const key = `${listId}\u0000${id}`;
    this.ensureMutable();
    const slot = this.entitySlot.get(key);
    if (slot === undefined) return;
    if (this.similarCache.size) this.similarCache.clear();
    this.entitySlot.delete(key);
    this.entities[slot] = null;
    this.live--;
    for (const n of this.entityNames[slot] ?? []) {
      if (this.nameAlive.data[n]) {
        this.nameAlive.data[n] = 0;
        this.deadNames++;
        const start = this.nameTokStart.get(n);
        const seen = new Set<number>();
        for (let k = 0; k < (this.nameTokCount.data[n] as number); k++) {
          const t = this.nameToks.get(start + k);
          if (!seen.has(t) && INDEXED_KINDS.has((this.tokens[t] as NameToken).kind)) {
            seen.add(t);
            this.tokenDf.set(t, this.tokenDf.get(t) - 1);
          }
        }
      }
    }
    this.entityNames[slot] = [];
  }

  replaceList(listId: string, entities: Iterable<ListEntity>): void {
    this.ensureMutable();
    for (const [key, slot] of [...this.entitySlot]) {
      const e = this.entities[slot];
      if (e && e.listId === listId) this.remove(listId, key.slice(listId.length + 1));
    }
    for (const e of entities) this.add(e.listId === listId ? e : { ...e, listId });
    if (this.deadNames > this.nameEntity.length / 3) this.rebuild();
    else this.compact();
  }

  private intern(t: NameToken): number {
    const known = this.tokenIdByObj.get(t);
    if (known !== undefined) return known;
    const key = tokenKey(t);
    const id = this.tokenIdByKey.get(key);
    if (id !== undefined) {
      this.tokenIdByObj.set(t, id);
      return id;
    }
    this.tokenDf.push(0);
    return this.registerToken(t, key);
  }

  /** Adds a new token to the token table and its retrieval keys; answers its id. */
  private registerToken(t: NameToken, key: string): number {
    const id = this.tokens.length;
    this.tokens.push(t);
    this.tokenIdByKey.set(key, id);
    this.tokenIdByObj.set(t, id);
    this.keys.add(id, t);
    return id;
  }

  private addPosting(tokenId: number, nameId: number): void {
    this.tokenDf.set(tokenId, this.tokenDf.get(tokenId) + 1);
    let list = this.postExtra.get(tokenId);
    if (!list) {
      list = [];
      this.postExtra.set(tokenId, list);
    }
    list.push(nameId);
    this.postExtraCount++;
    if (this.postExtraCount > 50_000 && this.postExtraCount > this.postData.length / 4) this.compact();
  }

  /** Moves recent postings into the compact arrays, dropping names that were removed. */
  compact(): void {
    if (this.postExtraCount === 0 && this.deadNames === 0) return;
    const nTok = this.tokens.length;
    const counts = new Int32Array(nTok + 1);
    const alive = this.nameAlive.data;
    const oldOff = this.postOffsets;
    const oldData = this.postData;
    const oldTok = oldOff.length - 1;
    for (let t = 0; t < oldTok; t++) {
      for (let k = oldOff[t] as number; k < (oldOff[t + 1] as number); k++)
        if (alive[oldData[k] as number]) counts[t + 1] = (counts[t + 1] as number) + 1;
    }
    for (const [t, list] of this.postExtra)
      for (const n of list) if (alive[n]) counts[t + 1] = (counts[t + 1] as number) + 1;
    for (let t = 0; t < nTok; t++) counts[t + 1] = (counts[t + 1] as number) + (counts[t] as number);
    const data = new Int32Array(counts[nTok] as number);
    const fill = counts.slice(0, nTok);
    for (let t = 0; t < oldTok; t++) {
      for (let k = oldOff[t] as number; k < (oldOff[t + 1] as number); k++) {
        const n = oldData[k] as number;
        if (alive[n]) {
          data[fill[t] as number] = n;
          fill[t] = (fill[t] as number) + 1;
        }
      }
    }
    for (const [t, list] of this.postExtra)
      for (const n of list) {
        if (alive[n]) {
          data[fill[t] as number] = n;
          fill[t] = (fill[t] as number) + 1;
        }
      }
    this.postOffsets = counts;
    this.postData = data;
    this.postExtra.clear();
    this.postExtraCount = 0;
  }

  /**
   * The index's state as plain data and typed arrays (see search/snapshot.ts): what a new process needs to answer
   * exactly as this one without normalising a single name again. Postings are compacted first.
   */
  exportState(): IndexState {
    return runSteps(this.exportStateSteps());
  }

  /** `exportState` in steps (decision 252); the index must not change until it ends. */
  *exportStateSteps(): Steps<IndexState> {
    this.compact();
    yield;
    const n = this.nameEntity.length;
    const idValues: string[] = [];
    const idSlots: number[] = [];
    for (let slot = 0; slot < this.entities.length; slot++) {
      if (slot % 4096 === 4095) yield;
      for (const id of this.entity(slot)?.identifiers ?? []) {
        if (id.type === 'cpf-partial') continue;
        const v = normalizeIdentifier(id.value);
        if (v.length >= 4) {
          idValues.push(v);
          idSlots.push(slot);
        }
      }
    }
    return {
      entities: { length: this.entities.length, get: (slot) => this.entity(slot) },
      live: this.live,
      idValues,
      idSlots: Int32Array.from(idSlots),
      tokens: this.tokens,
      keyTables: yield* keyTablesSteps(this.tokens),
      nameEntity: this.nameEntity.data.subarray(0, n),
      nameAlias: this.nameAlias.data.subarray(0, n),
      nameTokStart: this.nameTokStart.data.subarray(0, n),
      nameTokCount: this.nameTokCount.data.subarray(0, n),
      nameAlive: this.nameAlive.data.subarray(0, n),
      nameFamily: this.nameFamily.data.subarray(0, n),
      nameToks: this.nameToks.data.subarray(0, this.nameToks.length),
      tokenDf: this.tokenDf.data.subarray(0, this.tokenDf.length),
      postOffsets: this.postOffsets,
      postData: this.postData,
    };
  }

  /**
   * An index answering exactly as the one whose exportState() gave state. The typed arrays are used as they are
   * (not copied); entities are read from state.entities when a search first needs them, and what only a change
   * needs is built on the first change (ensureMutable).
   */
  static fromState(state: IndexState): MemoryScreeningIndex {
    const ix = new MemoryScreeningIndex();
    ix.entitySource = state.entities;
    ix.entities = new Array(state.entities.length);
    ix.live = state.live;
    state.idValues.forEach((v, k) => {
      ix.idIndex.add(v, state.idSlots[k] as number);
    });
    const n = state.nameEntity.length;
    ix.nameEntity = IntList.wrap(state.nameEntity);
    ix.nameAlias = IntList.wrap(state.nameAlias);
    ix.nameTokStart = IntList.wrap(state.nameTokStart);
    ix.nameTokCount = ByteList.wrap(state.nameTokCount);
    ix.nameAlive = ByteList.wrap(state.nameAlive);
    ix.nameFamily = ByteList.wrap(state.nameFamily);
    ix.nameToks = IntList.wrap(state.nameToks);
    ix.tokenDf = IntList.wrap(state.tokenDf);
    for (let nameId = 0; nameId < n; nameId++) if (!state.nameAlive[nameId]) ix.deadNames++;
    ix.tokens = state.tokens;
    ix.keys = new TokenKeys(ix.tokens, state.keyTables);
    ix.postOffsets = state.postOffsets;
    ix.postData = state.postData;
    return ix;
  }

  /** Rebuilds everything from the live entities (after many removals). */
  private rebuild(): void {
    this.ensureMutable();
    const live = this.entities.filter((e): e is ListEntity => e !== null && e !== undefined);
    const fresh = new MemoryScreeningIndex(live);
    Object.assign(this, fresh);
  }

  private ensureScratch(): void {
    const n = this.nameEntity.length;
    if (this.acc.length < 2 * n) {
      const cap = Math.max(n, this.acc.length, 1024);
      this.acc = new Float64Array(2 * cap);
      this.accI = new Int32Array(this.acc.buffer);
      this.touchedBits = new Int32Array((cap >>> 5) + 1);
      this.deferredRank = new Uint16Array(cap);
      this.stampGen = 0;
    }
  }

  /** Smallest document frequency among index tokens spelled like text (0 when none). */
  private minDf(text: string): number {
    let df = Number.POSITIVE_INFINITY;
    this.keys.forText(text, (id) => {
      df = Math.min(df, this.tokenDf.get(id));
    });
    return Number.isFinite(df) ? df : 0;
  }

  /** Rarity weight of an index token. */
  private idf(tokenId: number): number {
    const df = Math.max(1, this.tokenDf.get(tokenId));
    return Math.log(1 + this.nameEntity.length / df);
  }

  /**
   * Factor on the name score of a person's name whose match is partial (words left unmatched on either side),
   * from the rarity of the words involved, computed from the indexed lists: a match carried by words that many
   * listed names share ("Juan", "Gonzalez", "Muhammad") is weak evidence, and the words left unmatched count
   * against it by their own rarity (the query's more than the list name's: a customer's extra family name is
   * expected, not a listed one). The evidence of a matched word is the smaller of its rarity in the list name and
   * the rarity of everything the query word matches (a spelling with many variants, or a given name with many
   * equivalents, matches many names). Also applies LEADING_PART_FACTOR. Reads the alignment left by the last
   * compareTokens(A, B) call; queryRarity holds the match rarity of the query's words (see candidates).
   */
  /**
   * The one word of a list name (its position) that the query left out between two words it matched in the listed
   * order and spelling, a middle name; -1 when there is none, or more than one, or the matched words are reordered
   * or spelt another way (then the query is rather another person's name sharing a given and a family name). Reads
   * the alignment of the last compareTokens call (mb: query part matched by each list part, -1 for none).
   */
  private omittedMiddle(start: number, count: number, mb: Int16Array): number {
    const toks = this.nameToks.data;
    let lastQuery = -1;
    let gap = -1;
    let gapWords = 0;
    let omitted = -1;
    for (let j = 0; j < count; j++) {
      const kind = (this.tokens[toks[start + j] as number] as NameToken).kind;
      if (kind !== 'word' && kind !== 'syllable') continue;
      const i = mb[j] as number;
      if (i < 0) {
        if (lastQuery >= 0) {
          gap = j;
          gapWords++;
        }
        continue;
      }
      if (i < lastQuery || lastAlignedSim(i) < 1) return -1;
      if (gapWords > 0) {
        if (gapWords > 1 || omitted >= 0) return -1;
        omitted = gap;
      }
      gapWords = 0;
      lastQuery = i;
    }
    return omitted;
  }

  private rarityFactor(A: NameToken[], nameId: number): number {
    const start = this.nameTokStart.get(nameId);
    const count = Math.min(this.nameTokCount.data[nameId] as number, 64);
    const mb = lastAlignmentB(count);
    const toks = this.nameToks.data;
    let factor = 1;
    const family = this.nameFamily.data[nameId] as number;
    if (family !== NO_FAMILY) {
      // leading given name (parts before family), then leading family name
      for (let part = 0; part < 2; part++) {
        const from = part === 0 ? 0 : family;
        const to = part === 0 ? family : count;
        let lead = -1;
        let laterMatched = false;
        for (let j = from; j < to; j++) {
          if ((this.tokens[toks[start + j] as number] as NameToken).kind !== 'word') continue;
          if (lead < 0) lead = j;
          else if ((mb[j] as number) >= 0) laterMatched = true;
        }
        if (lead >= 0 && (mb[lead] as number) < 0 && laterMatched) factor *= LEADING_PART_FACTOR;
      }
    }
    const N = this.nameEntity.length;
    if (N < RARITY_MIN_NAMES) return factor;
    const norm = 1 / Math.log(1 + N);
    let listEvidence = 0;
    let unmatched = 0;
    // (not in a name written in the Spanish manner: the words between its given names and its end are family names)
    const omitted = family === NO_FAMILY ? this.omittedMiddle(start, count, mb) : -1;
    for (let j = 0; j < count; j++) {
      const id = toks[start + j] as number;
      const kind = (this.tokens[id] as NameToken).kind;
      if (kind !== 'word' && kind !== 'syllable') continue;
      const r = this.idf(id) * norm;
      const i = mb[j] as number;
      // a word matched by a spelling variant or a sound is weaker evidence than the same word matched exactly
      if (i >= 0) listEvidence += r * lastAlignedSim(i);
      // a middle name left out between two matched words is how people write their names on a form
      else unmatched += j === omitted ? r * MIDDLE_OMITTED : r;
    }
    if (listEvidence === 0) return factor;
    const ma = lastAlignmentA(A.length);
    let queryEvidence = 0;
    for (let i = 0; i < ma.length; i++) {
      const t = A[i] as NameToken;
      if (t.kind !== 'word' && t.kind !== 'syllable') continue;
      if ((ma[i] as number) >= 0) {
        if (lastAlignedFuzzy(i) && this.minDf(t.text) >= DISTINCT_SPELLING_DF) {
          const j = ma[i] as number;
          const other = toks[start + j] as number;
          if (
            j < count &&
            (this.tokens[other] as NameToken).text[0] !== t.text[0] &&
            this.tokenDf.get(other) >= DISTINCT_SPELLING_DF
          )
            factor *= DISTINCT_SPELLING_FACTOR;
        }
        const df = this.queryRarity.get(t.text);
        queryEvidence += (df === undefined ? 1 : Math.log(1 + N / Math.max(1, df)) * norm) * lastAlignedSim(i);
      } else {
        const df = this.minDf(t.text);
        unmatched += RARITY_QUERY_EXTRA * (df > 0 ? Math.log(1 + N / df) * norm : 1);
      }
    }
    const evidence = Math.min(listEvidence, queryEvidence);
    if (unmatched === 0 || evidence >= RARITY_EVIDENCE) return factor;
    return factor * Math.max(RARITY_FLOOR, 1 - RARITY_COST * (RARITY_EVIDENCE - evidence) * unmatched);
  }

  /** Index tokens similar to a query token, most similar first (ids and similarities in two arrays). */
  private similarTokens(q: NameToken, ids: number[], sims: number[]): void {
    const key = tokenKey(q);
    const cached = this.similarCache.get(key);
    if (cached) {
      const n = cached.ids.length;
      ids.length = n;
      sims.length = n;
      for (let k = 0; k < n; k++) {
        ids[k] = cached.ids[k] as number;
        sims[k] = cached.sims[k] as number;
      }
      return;
    }
    this.findSimilarTokens(q, ids, sims);
    if (this.similarCache.size >= SIMILAR_CACHE_MAX) this.similarCache.clear();
    this.similarCache.set(key, { ids: Int32Array.from(ids), sims: Float64Array.from(sims) });
  }

  private findSimilarTokens(q: NameToken, ids: number[], sims: number[]): void {
    const found = this.scratchFound;
    found.clear();
    const consider = (id: number) => {
      if (!found.has(id)) found.set(id, tokenSim(q, this.tokens[id] as NameToken).sim);
    };
    this.keys.forText(q.text, consider);
    if (q.kind !== 'number') {
      // One edit apart: q's deletions vs index tokens and their deletions; q itself vs index deletions.
      deletionHashes(q.text, this.scratchDel);
      for (const h of this.scratchDel) this.keys.forDeletion(h, consider);
      if (q.text.length >= 4) {
        this.keys.forDeletion(hash32(q.text), consider);
        for (let i = 0; i < q.text.length; i++) {
          this.keys.forText(q.text.slice(0, i) + q.text.slice(i + 1), consider);
        }
      }
      if (q.phon.length >= 2) this.keys.forPhonetic(q.phon, consider);
      const skel = q.skel || consonantSkeleton(q.text);
      if (skel.length >= 2 && (q.skel || skel.length >= 3)) this.keys.forSkeleton(skel, consider);
      if (q.group) this.keys.forGroup(q.group, consider);
    }
    ids.length = 0;
    sims.length = 0;
    const order: [number, number][] = [];
    for (const [id, s] of found) if (s > 0) order.push([id, s]);
    order.sort((x, y) => y[1] - x[1]);
    for (const [id, s] of order) {
      ids.push(id);
      sims.push(s);
    }
  }

  search(q: ScreeningQuery, opts: SearchOptions = {}): ScreeningHit[] {
    const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
    const limit = opts.limit ?? 10;
    const lists = opts.lists?.length ? new Set(opts.lists) : null;
    const qIds = queryIdentifiers(q);
    const hits = new Map<number, ScreeningHit>();

    // Identifiers decide on their own.
    for (const v of qIds) {
      this.idIndex.forEach(v, (slot) => {
        const e = this.entity(slot);
        if (!e || (lists && !lists.has(e.listId)) || hits.has(slot)) return;
        const explanation: Explanation = { summary: '', nameScore: 0, matchedName: e.names[0] ?? '', parts: [] };
        const score = applyEvidence(0, explanation, q, e, qIds);
        if (score >= threshold) {
          const name = e.names[0] ?? '';
          hits.set(slot, { entityId: e.id, listId: e.listId, name, matchedName: name, score, explanation, entity: e });
        }
      });
    }

    const full = queryFullName(q);
    const schema: EntitySchema = q.schema ?? 'Unknown';
    const qTokens = full ? normalizeName(full, schema).tokens : [];
    // A query of unknown type is read the way each candidate is (a person's name, or an organisation's).
    const variants = new Map<EntitySchema, NameToken[]>();
    const simCaches = new Map<NameToken[], PartSimCache>();
    const cacheFor = (tokens: NameToken[]): PartSimCache => {
      let c = simCaches.get(tokens);
      if (!c) {
        c = new PartSimCache(tokens);
        simCaches.set(tokens, c);
      }
      return c;
    };
    const tokensFor = (es: EntitySchema): NameToken[] => {
      if (schema !== 'Unknown' || es === 'Unknown') return qTokens;
      const as: EntitySchema = es === 'Person' ? 'Person' : 'Organization';
      let v = variants.get(as);
      if (!v) {
        v = normalizeName(full, as).tokens;
        variants.set(as, v);
      }
      return v;
    };
    // The rarity of words speaks about people's names; an organisation's name is read as written.
    const personQuery = schema === 'Person' || schema === 'Unknown';
    if (qTokens.length) {
      // Best name of each entity, scored without building explanations.
      const bestName = new Map<number, { nameId: number; score: number }>();
      let retrieval = qTokens;
      if (schema === 'Unknown') {
        // words that only the organisation reading keeps (e.g. "Lady" is a title for a person, a word for a vessel)
        const seen = new Set(qTokens.map((t) => t.text));
        const more = tokensFor('Organization').filter((t) => !seen.has(t.text));
        if (more.length) retrieval = qTokens.concat(more);
      }
      for (const nameId of this.candidates(retrieval)) {
        const slot = this.nameEntity.get(nameId);
        const e = this.entity(slot);
        if (!e || (lists && !lists.has(e.listId)) || hits.has(slot)) continue;
        const qt = tokensFor(e.schema);
        let score = compareTokens(qt, this.nameTokens(nameId), false, cacheFor(qt), false).score;
        // The factor only lowers a score: below the cut-off (see below) the name is dropped either way.
        if (personQuery && e.schema === 'Person' && score + 0.05 >= threshold) score *= this.rarityFactor(qt, nameId);
        const prev = bestName.get(slot);
        if (!prev || score > prev.score) bestName.set(slot, { nameId, score });
      }
      for (const [slot, { nameId, score }] of bestName) {
        // Birth date and country can add at most 0.05.
        if (score + 0.05 < threshold) continue;
        const e = this.entity(slot) as ListEntity;
        const qt = tokensFor(e.schema);
        const cmp = compareTokens(qt, this.nameTokens(nameId), true, cacheFor(qt));
        // the model reads the features of this alignment (before rarityFactor reads the alignment itself)
        const probability = Math.round(nameProbability(cmp.score, e.schema) * 10000) / 10000;
        const factor = personQuery && e.schema === 'Person' && cmp.score > 0 ? this.rarityFactor(qt, nameId) : 1;
        cmp.score *= factor;
        const matchedName = e.names[this.nameAlias.get(nameId)] ?? '';
        const nameScore = Math.round(cmp.score * 10000) / 10000;
        const explanation: Explanation = {
          summary:
            summarize(cmp.parts, cmp.score) +
            (factor < 0.995 ? `; partial match on common or secondary words (x${Math.round(factor * 100) / 100})` : ''),
          nameScore,
          probability,
          matchedName,
          parts: cmp.parts,
        };
        const final = applyEvidence(cmp.score, explanation, q, e, qIds);
        if (final < threshold) continue;
        const name = e.names[0] ?? '';
        hits.set(slot, { entityId: e.id, listId: e.listId, name, matchedName, score: final, explanation, entity: e });
      }
    }
    return [...hits.values()].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)).slice(0, limit);
  }

  private nameTokens(nameId: number): NameToken[] {
    const start = this.nameTokStart.get(nameId);
    const count = this.nameTokCount.data[nameId] as number;
    const out: NameToken[] = new Array(count);
    for (let k = 0; k < count; k++) out[k] = this.tokens[this.nameToks.get(start + k)] as NameToken;
    return out;
  }

  /** Names worth scoring in full, best first by a cheap rarity-weighted overlap. */
  private candidates(qTokens: NameToken[]): number[] {
    this.ensureScratch();
    const acc = this.acc;
    const accI = this.accI;
    const bits = this.touchedBits;
    const deferred = this.deferredRank;
    /**
     * Deferred first word: when the rarest query word still matches many names and other words follow, its names
     * are only marked (deferred: the rank of the variant, whose weight is in deferredW) instead of each getting a
     * record: a marked name becomes a candidate when a later word finds it too. Names holding that word alone are
     * looked at after all words (see the end), and only when fewer than MAX_CANDIDATES names already outscore
     * anything that word alone can give (then at most DEFERRED_ALONE_READ of them, most similar spellings first).
     * At 1,000,000 names this cut the names given a record at the 99th percentile from 19,000 to 7,500 (with
     * LATER_WORD_NEW_NAMES), perturbed members found 90.6% -> 90.8%, innocent alerts unchanged (decision 231).
     */
    let deferredW: Float64Array | null = null;
    let deferredIds: Int32Array | null = null;
    let touched = this.scratchTouched;
    let nTouched = 0;
    let qWeight = 0;
    const ids = this.scratchIds;
    const sims = this.scratchSims;
    // Very common words only add to names that rarer words already found, once something was found.
    const commonDf = Math.max(500, this.nameEntity.length >> 8);
    const off = this.postOffsets;
    const data = this.postData;
    if (this.stampGen > 2_000_000_000) {
      for (let k = 2; k < accI.length; k += 4) accI[k] = 0;
      this.stampGen = 0;
    }
    const weightOf = this.scratchWeight;
    const work = this.work;
    work.postings = 0;
    work.probed = 0;
    // The weight of a spelling or equivalent of a query word is at most that of the word itself when the index holds
    // it: a rarer misspelling of a common word is not rarer evidence ("Hassan" alone outranks "Hussain" alone).
    let cap = Number.POSITIVE_INFINITY;
    const weight = (id: number, sim: number, scale: number) => Math.min(this.idf(id), cap) * sim * scale;
    const credit = (scale: number): number => {
      const gen = ++this.stampGen;
      let maxW = 0;
      let budget = nTouched > 0 || deferredW !== null ? LATER_WORD_NEW_NAMES : Number.POSITIVE_INFINITY;
      // When every variant is a common word and names were already found, probe those names instead of
      // walking long postings (same result: common words add only to names found already).
      if (nTouched > 0 && !deferredW) {
        let postings = 0;
        let allCommon = true;
        for (let k = 0; k < ids.length && allCommon; k++) {
          const id = ids[k] as number;
          if (this.tokenDf.get(id) <= commonDf) allCommon = false;
          postings += this.tokenDf.get(id);
        }
        if (allCommon && postings > 4 * nTouched) {
          weightOf.clear();
          for (let k = 0; k < ids.length; k++) {
            const id = ids[k] as number;
            const w = weight(id, sims[k] as number, scale);
            if (w > maxW) maxW = w;
            if (!weightOf.has(id)) weightOf.set(id, w);
          }
          const toks = this.nameToks.data;
          work.probed += nTouched;
          for (let t = 0; t < nTouched; t++) {
            const n = touched[t] as number;
            const start = this.nameTokStart.get(n);
            const end = start + (this.nameTokCount.data[n] as number);
            let best = 0;
            for (let p = start; p < end; p++) {
              const w = weightOf.get(toks[p] as number);
              if (w !== undefined && w > best) best = w;
            }
            if (best > 0) {
              acc[2 * n] = (acc[2 * n] as number) + best;
              accI[4 * n + 3] = (accI[4 * n + 3] as number) + 1;
            }
          }
          return maxW;
        }
      }
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k] as number;
        const w = weight(id, sims[k] as number, scale);
        if (w > maxW) maxW = w;
        const onlyTouched = (nTouched > 0 || deferredW !== null) && this.tokenDf.get(id) > commonDf;
        // several variants of one query word in the same name: the first (most similar) counts
        const extra = this.postExtra.get(id);
        const compactEnd = id + 1 < off.length ? (off[id + 1] as number) : 0;
        const compactStart = id + 1 < off.length ? (off[id] as number) : 0;
        const total = compactEnd - compactStart + (extra ? extra.length : 0);
        work.postings += total;
        for (let p = 0; p < total; p++) {
          const n =
            p < compactEnd - compactStart
              ? (data[compactStart + p] as number)
              : ((extra as number[])[p - (compactEnd - compactStart)] as number);
          const bit = 1 << (n & 31);
          if (((bits[n >>> 5] as number) & bit) === 0) {
            // a name not found yet: a common word adds it only when the deferred first word holds it; its record
            // (zero until now) is written, not read
            const rank = deferredW ? (deferred[n] as number) : 0;
            if (rank === 0 && (onlyTouched || budget <= 0)) continue;
            bits[n >>> 5] = (bits[n >>> 5] as number) | bit;
            if (nTouched === touched.length) {
              const grown = new Int32Array(touched.length * 2);
              grown.set(touched);
              touched = grown;
              this.scratchTouched = grown;
            }
            touched[nTouched++] = n;
            accI[4 * n + 2] = gen;
            if (rank === 0) {
              acc[2 * n] = w;
              accI[4 * n + 3] = 1;
              budget--;
            } else {
              acc[2 * n] = w + ((deferredW as Float64Array)[rank - 1] as number);
              accI[4 * n + 3] = 2;
              deferred[n] = 0;
            }
            continue;
          }
          if (accI[4 * n + 2] === gen) continue;
          accI[4 * n + 2] = gen;
          acc[2 * n] = (acc[2 * n] as number) + w;
          accI[4 * n + 3] = (accI[4 * n + 3] as number) + 1;
        }
      }
      return maxW;
    };
    const setOne = (text: string, sim: number): boolean => {
      ids.length = 0;
      sims.length = 0;
      this.keys.forText(text, (id) => {
        ids.push(id);
        sims.push(sim);
      });
      return ids.length > 0;
    };
    // Rarest first by everything a word matches (its spellings, sounds and equivalents): the names found first are
    // few, and the common words that follow only add to them.
    this.queryRarity.clear();
    const order = qTokens
      .filter((t) => INDEXED_KINDS.has(t.kind))
      .map((t) => {
        this.similarTokens(t, ids, sims);
        let matchDf = 0;
        for (let k = 0; k < ids.length; k++) matchDf += this.tokenDf.get(ids[k] as number);
        this.queryRarity.set(t.text, matchDf);
        return { t, df: matchDf };
      })
      .sort((x, y) => x.df - y.df);
    let deferredMax = 0;
    for (let o = 0; o < order.length; o++) {
      const { t, df } = order[o] as { t: NameToken; df: number };
      this.similarTokens(t, ids, sims);
      const exact = sims[0] === 1;
      cap = Number.POSITIVE_INFINITY;
      if (exact) {
        cap = 0;
        for (let k = 0; k < ids.length && sims[k] === 1; k++) cap = Math.max(cap, this.idf(ids[k] as number));
      }
      let w: number;
      if (o === 0 && order.length > 1 && df > DEFER_FIRST_DF && ids.length < 65535) {
        // mark the word's names with the rank of the first (most similar) variant holding each
        const scale = t.kind === 'generic' ? 0.5 : 1;
        if (this.scratchDeferredW.length < ids.length) this.scratchDeferredW = new Float64Array(ids.length * 2);
        deferredW = this.scratchDeferredW;
        deferredIds = Int32Array.from(ids);
        w = 0;
        let marked = 0;
        for (let k = 0; k < ids.length; k++) {
          const id = ids[k] as number;
          const wk = weight(id, sims[k] as number, scale);
          deferredW[k] = wk;
          if (wk > w) w = wk;
          // as credit() would: once names were found, a common variant adds none
          if (marked > 0 && this.tokenDf.get(id) > commonDf) continue;
          const end = id + 1 < off.length ? (off[id + 1] as number) : 0;
          const from = id + 1 < off.length ? (off[id] as number) : 0;
          const extra = this.postExtra.get(id);
          const total = end - from + (extra ? extra.length : 0);
          work.postings += total;
          for (let p = 0; p < total; p++) {
            const n = p < end - from ? (data[from + p] as number) : ((extra as number[])[p - (end - from)] as number);
            if (deferred[n] === 0) {
              deferred[n] = k + 1;
              marked++;
            }
          }
        }
        deferredMax = w;
      } else w = credit(t.kind === 'generic' ? 0.5 : 1);
      qWeight += w > 0 ? w : Math.log(1 + this.nameEntity.length);
      cap = Number.POSITIVE_INFINITY;
      // A query word that is two index words written together ("ramimakhlouf").
      if (exact || t.text.length < 6) continue;
      for (let cut = 2; cut <= t.text.length - 2; cut++) {
        if (!setOne(t.text.slice(0, cut), 0.5)) continue;
        if (!this.keys.hasText(t.text.slice(cut))) continue;
        credit(1);
        setOne(t.text.slice(cut), 0.5);
        credit(1);
      }
    }
    // Adjacent query words written together in the index ("van der bilt" / "vanderbilt").
    for (let i = 0; i + 1 < qTokens.length; i++) {
      let joined = (qTokens[i] as NameToken).text;
      for (let len = 2; len <= 3 && i + len <= qTokens.length; len++) {
        joined += (qTokens[i + len - 1] as NameToken).text;
        if (setOne(joined, 1)) credit(1);
      }
    }
    // Keep the MAX_CANDIDATES best by overlap, penalising names with many unmatched words.
    const alive = this.nameAlive.data;
    const top = this.scratchTop;
    const topScore = this.scratchTopScore;
    let nTop = 0;
    let minK = 0;
    const norm = 1 / Math.max(qWeight, 1e-9);
    work.found = nTouched;
    const tokCount = this.nameTokCount.data;
    const consider = (n: number, s: number) => {
      if (nTop < MAX_CANDIDATES) {
        top[nTop] = n;
        topScore[nTop] = s;
        if (s < (topScore[minK] as number)) minK = nTop;
        nTop++;
      } else if (s > (topScore[minK] as number)) {
        top[minK] = n;
        topScore[minK] = s;
        for (let k = 0; k < MAX_CANDIDATES; k++) if ((topScore[k] as number) < (topScore[minK] as number)) minK = k;
      }
    };
    // names scoring above anything the deferred first word alone can give
    const aloneMax = deferredMax * norm;
    let above = 0;
    for (let t = 0; t < nTouched; t++) {
      const n = touched[t] as number;
      const extra = Math.max(0, (tokCount[n] as number) - (accI[4 * n + 3] as number));
      const s = (acc[2 * n] as number) * norm - 0.03 * extra;
      acc[2 * n] = 0;
      accI[4 * n + 3] = 0;
      bits[n >>> 5] = 0;
      // below MIN_OVERLAP not a candidate: shares too little of the query's rarity-weighted words
      if (s < MIN_OVERLAP || !alive[n]) continue;
      if (s > aloneMax) above++;
      consider(n, s);
    }
    if (deferredW && deferredIds) {
      // Names holding the deferred first word and nothing else: read only when they could still be among the
      // candidates; the marks are cleared either way.
      let read = above < MAX_CANDIDATES ? DEFERRED_ALONE_READ : 0;
      for (const id of deferredIds) {
        const from = id + 1 < off.length ? (off[id] as number) : 0;
        const end = id + 1 < off.length ? (off[id + 1] as number) : 0;
        const extra = this.postExtra.get(id);
        const total = end - from + (extra ? extra.length : 0);
        for (let p = 0; p < total; p++) {
          const n = p < end - from ? (data[from + p] as number) : ((extra as number[])[p - (end - from)] as number);
          const rank = deferred[n] as number;
          if (rank === 0) continue;
          deferred[n] = 0;
          if (read <= 0) continue;
          read--;
          work.found++;
          const s = (deferredW[rank - 1] as number) * norm - 0.03 * Math.max(0, (tokCount[n] as number) - 1);
          if (s >= MIN_OVERLAP && alive[n]) consider(n, s);
        }
      }
    }
    return Array.from(top.subarray(0, nTop));
  }
}

/** Entities by slot (null for a removed one), read on demand. */
export interface EntitySource {
  readonly length: number;
  get(slot: number): ListEntity | null;
}

/** Everything an index holds, as typed arrays and plain data (see exportState, fromState, search/snapshot.ts). */
export interface IndexState {
  entities: EntitySource;
  /** Entities not removed. */
  live: number;
  /** Normalised identifiers and the slot of the entity holding each (see idIndex). */
  idValues: string[];
  idSlots: Int32Array;
  tokens: NameToken[];
  keyTables: KeyTables;
  nameEntity: Int32Array;
  nameAlias: Int32Array;
  nameTokStart: Int32Array;
  nameTokCount: Uint8Array;
  nameAlive: Uint8Array;
  nameFamily: Uint8Array;
  nameToks: Int32Array;
  tokenDf: Int32Array;
  postOffsets: Int32Array;
  postData: Int32Array;
}

/** Creates an in-memory screening index, optionally filled with entities. */
export function createIndex(entities?: Iterable<ListEntity>): MemoryScreeningIndex {
  return new MemoryScreeningIndex(entities);
}
