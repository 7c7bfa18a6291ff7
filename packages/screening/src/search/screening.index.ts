import { applyEvidence, queryIdentifiers } from '../match/evidence';
import { compareTokens, tokenSim } from '../match/names.compare';
import { DEFAULT_THRESHOLD, summarize } from '../match/score';
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

const INDEXED_KINDS = new Set(['word', 'generic', 'number', 'syllable']);
const MAX_CANDIDATES = 48;

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

/** Deletion neighbourhood (one character removed) of a token, hashed. */
function deletionHashes(text: string, out: number[]): void {
  out.length = 0;
  if (text.length < 4 || text.length > 30) return;
  for (let i = 0; i < text.length; i++) out.push(hash32(text.slice(0, i) + text.slice(i + 1)));
}

/**
 * In-memory screening index: names are normalised once into interned tokens; names are rows of token ids in
 * typed arrays; tokens point to the names that hold them (compressed postings). Retrieval goes from the query's
 * tokens to similar index tokens (exact, one-edit deletion keys, phonetic key, consonant skeleton, given-name
 * equivalents, split words), weights them by rarity, and only the best candidates are scored in full.
 */
export class MemoryScreeningIndex implements ScreeningIndex {
  // entities
  private entities: (ListEntity | null)[] = [];
  private entitySlot = new Map<string, number>();
  private entityNames: number[][] = [];
  private live = 0;
  // names
  private nameEntity = new IntList();
  private nameAlias = new IntList();
  private nameTokStart = new IntList();
  private nameTokCount = new ByteList();
  private nameAlive = new ByteList();
  private nameToks = new IntList(4096);
  private deadNames = 0;
  // tokens
  private tokens: NameToken[] = [];
  private tokenIdByKey = new Map<string, number>();
  private tokenIdByObj = new Map<NameToken, number>();
  private tokensByText = new MultiMap<string>();
  private tokenDf = new IntList();
  private delKeys = new MultiMap<number>();
  private phonKeys = new MultiMap<string>();
  private skelKeys = new MultiMap<string>();
  private groupKeys = new MultiMap<number>();
  // postings: token id -> name ids. A compact part (CSR) plus recent additions.
  private postOffsets = new Int32Array(1);
  private postData = new Int32Array(0);
  private postExtra = new Map<number, number[]>();
  private postExtraCount = 0;
  // identifiers: normalised value -> entity slots
  private idIndex = new MultiMap<string>();
  // scratch for search
  private acc = new Float64Array(0);
  private hits = new Uint8Array(0);
  private stamp = new Int32Array(0);
  private stampGen = 0;
  private scratchDel: number[] = [];
  private scratchFound = new Map<number, number>();
  private scratchWeight = new Map<number, number>();
  private scratchTouched: number[] = [];
  private scratchIds: number[] = [];
  private scratchSims: number[] = [];
  private scratchTop = new Int32Array(MAX_CANDIDATES);
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

  /** Number of indexed names (primary names and aliases) still live. */
  nameCount(): number {
    return this.nameEntity.length - this.deadNames;
  }

  add(e: ListEntity): void {
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
    const slot = this.entitySlot.get(key);
    if (slot === undefined) return;
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
    let id = this.tokenIdByKey.get(key);
    if (id !== undefined) {
      this.tokenIdByObj.set(t, id);
      return id;
    }
    id = this.tokens.length;
    this.tokens.push(t);
    this.tokenIdByKey.set(key, id);
    this.tokenIdByObj.set(t, id);
    this.tokenDf.push(0);
    this.tokensByText.add(t.text, id);
    if (INDEXED_KINDS.has(t.kind)) {
      deletionHashes(t.text, this.scratchDel);
      for (const h of this.scratchDel) this.delKeys.add(h, id);
      if (t.phon.length >= 2) this.phonKeys.add(t.phon, id);
      const skel = t.skel || (t.kind === 'word' ? consonantSkeleton(t.text) : '');
      if (skel.length >= 2) this.skelKeys.add(skel, id);
      if (t.group) this.groupKeys.add(t.group, id);
    }
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

  /** Rebuilds everything from the live entities (after many removals). */
  private rebuild(): void {
    const live = this.entities.filter((e): e is ListEntity => e !== null);
    const fresh = new MemoryScreeningIndex(live);
    Object.assign(this, fresh);
  }

  private ensureScratch(): void {
    const n = this.nameEntity.length;
    if (this.acc.length < n) {
      const cap = Math.max(n, this.acc.length * 2, 1024);
      this.acc = new Float64Array(cap);
      this.hits = new Uint8Array(cap);
      this.stamp = new Int32Array(cap);
      this.stampGen = 0;
    }
  }

  /** Smallest document frequency among index tokens spelled like text (0 when none). */
  private minDf(text: string): number {
    let df = Number.POSITIVE_INFINITY;
    this.tokensByText.forEach(text, (id) => {
      df = Math.min(df, this.tokenDf.get(id));
    });
    return Number.isFinite(df) ? df : 0;
  }

  /** Rarity weight of an index token. */
  private idf(tokenId: number): number {
    const df = Math.max(1, this.tokenDf.get(tokenId));
    return Math.log(1 + this.nameEntity.length / df);
  }

  /** Index tokens similar to a query token, most similar first (ids and similarities in two arrays). */
  private similarTokens(q: NameToken, ids: number[], sims: number[]): void {
    const found = this.scratchFound;
    found.clear();
    const consider = (id: number) => {
      if (!found.has(id)) found.set(id, tokenSim(q, this.tokens[id] as NameToken).sim);
    };
    this.tokensByText.forEach(q.text, consider);
    if (q.kind !== 'number') {
      // One edit apart: q's deletions vs index tokens and their deletions; q itself vs index deletions.
      deletionHashes(q.text, this.scratchDel);
      for (const h of this.scratchDel) this.delKeys.forEach(h, consider);
      if (q.text.length >= 4) {
        this.delKeys.forEach(hash32(q.text), consider);
        for (let i = 0; i < q.text.length; i++) {
          this.tokensByText.forEach(q.text.slice(0, i) + q.text.slice(i + 1), consider);
        }
      }
      if (q.phon.length >= 2) this.phonKeys.forEach(q.phon, consider);
      const skel = q.skel || consonantSkeleton(q.text);
      if (skel.length >= 2 && (q.skel || skel.length >= 3)) this.skelKeys.forEach(skel, consider);
      if (q.group) this.groupKeys.forEach(q.group, consider);
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
        const e = this.entities[slot];
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
        const e = this.entities[slot];
        if (!e || (lists && !lists.has(e.listId)) || hits.has(slot)) continue;
        const score = compareTokens(tokensFor(e.schema), this.nameTokens(nameId), false).score;
        const prev = bestName.get(slot);
        if (!prev || score > prev.score) bestName.set(slot, { nameId, score });
      }
      for (const [slot, { nameId, score }] of bestName) {
        // Birth date and country can add at most 0.05.
        if (score + 0.05 < threshold) continue;
        const e = this.entities[slot] as ListEntity;
        const cmp = compareTokens(tokensFor(e.schema), this.nameTokens(nameId), true);
        const matchedName = e.names[this.nameAlias.get(nameId)] ?? '';
        const nameScore = Math.round(cmp.score * 10000) / 10000;
        const explanation: Explanation = {
          summary: summarize(cmp.parts, cmp.score),
          nameScore,
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
    const hits = this.hits;
    const stamp = this.stamp;
    const touched = this.scratchTouched;
    touched.length = 0;
    let qWeight = 0;
    const ids = this.scratchIds;
    const sims = this.scratchSims;
    // Very common words only add to names that rarer words already found, once something was found.
    const commonDf = Math.max(500, this.nameEntity.length >> 8);
    const off = this.postOffsets;
    const data = this.postData;
    if (this.stampGen > 2_000_000_000) {
      stamp.fill(0);
      this.stampGen = 0;
    }
    const weightOf = this.scratchWeight;
    const credit = (scale: number): number => {
      const gen = ++this.stampGen;
      let maxW = 0;
      // When every variant is a common word and names were already found, probe those names instead of
      // walking long postings (same result: common words add only to names found already).
      if (touched.length > 0) {
        let postings = 0;
        let allCommon = true;
        for (let k = 0; k < ids.length && allCommon; k++) {
          const id = ids[k] as number;
          if (this.tokenDf.get(id) <= commonDf) allCommon = false;
          postings += this.tokenDf.get(id);
        }
        if (allCommon && postings > 4 * touched.length) {
          weightOf.clear();
          for (let k = 0; k < ids.length; k++) {
            const id = ids[k] as number;
            const w = this.idf(id) * (sims[k] as number) * scale;
            if (w > maxW) maxW = w;
            if (!weightOf.has(id)) weightOf.set(id, w);
          }
          const toks = this.nameToks.data;
          for (let t = 0; t < touched.length; t++) {
            const n = touched[t] as number;
            const start = this.nameTokStart.get(n);
            const end = start + (this.nameTokCount.data[n] as number);
            let best = 0;
            for (let p = start; p < end; p++) {
              const w = weightOf.get(toks[p] as number);
              if (w !== undefined && w > best) best = w;
            }
            if (best > 0) {
              acc[n] = (acc[n] as number) + best;
              hits[n] = (hits[n] as number) + 1;
            }
          }
          return maxW;
        }
      }
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k] as number;
        const w = this.idf(id) * (sims[k] as number) * scale;
        if (w > maxW) maxW = w;
        const onlyTouched = touched.length > 0 && this.tokenDf.get(id) > commonDf;
        const visit = (n: number) => {
          // several variants of one query word in the same name: the first (most similar) counts
          if (stamp[n] === gen) return;
          stamp[n] = gen;
          if (hits[n] === 0) {
            if (onlyTouched) return;
            touched.push(n);
          }
          acc[n] = (acc[n] as number) + w;
          hits[n] = (hits[n] as number) + 1;
        };
        if (id + 1 < off.length) {
          const end = off[id + 1] as number;
          for (let p = off[id] as number; p < end; p++) visit(data[p] as number);
        }
        const extra = this.postExtra.get(id);
        if (extra) for (const n of extra) visit(n);
      }
      return maxW;
    };
    const setOne = (text: string, sim: number): boolean => {
      ids.length = 0;
      sims.length = 0;
      this.tokensByText.forEach(text, (id) => {
        ids.push(id);
        sims.push(sim);
      });
      return ids.length > 0;
    };
    const order = qTokens
      .filter((t) => INDEXED_KINDS.has(t.kind))
      .map((t) => ({ t, df: this.minDf(t.text) }))
      .sort((x, y) => x.df - y.df);
    for (const { t } of order) {
      this.similarTokens(t, ids, sims);
      const exact = sims[0] === 1;
      const w = credit(t.kind === 'generic' ? 0.5 : 1);
      qWeight += w > 0 ? w : Math.log(1 + this.nameEntity.length);
      // A query word that is two index words written together ("ramimakhlouf").
      if (exact || t.text.length < 6) continue;
      for (let cut = 2; cut <= t.text.length - 2; cut++) {
        if (!setOne(t.text.slice(0, cut), 0.5)) continue;
        if (!this.tokensByText.has(t.text.slice(cut))) continue;
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
    for (const n of touched) {
      if (alive[n]) {
        const extra = Math.max(0, (this.nameTokCount.data[n] as number) - (hits[n] as number));
        const s = (acc[n] as number) * norm - 0.03 * extra;
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
      }
      acc[n] = 0;
      hits[n] = 0;
    }
    return Array.from(top.subarray(0, nTop));
  }
}

/** Creates an in-memory screening index, optionally filled with entities. */
export function createIndex(entities?: Iterable<ListEntity>): MemoryScreeningIndex {
  return new MemoryScreeningIndex(entities);
}
