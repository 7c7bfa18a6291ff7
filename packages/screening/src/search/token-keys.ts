/**
 * Retrieval keys of the index's tokens: from a key (a spelling, a one-deletion hash, a phonetic key, a consonant
 * skeleton, a given-name group) to the ids of the tokens that have it, in ascending id order.
 *
 * Two layers: a frozen part (KeyTable: sorted 32-bit key hashes over one array of ids, typed arrays a snapshot holds
 * as they are, so a new process has them without computing a single key) and a growable part for the tokens added
 * since. A hash can be shared by two keys, so a frozen string key is checked against the token itself before its
 * id is reported: the answers are the same as those of the growable maps the builder used.
 */

import { runSteps, type Steps } from '../steps';
import type { NameToken } from '../text/normalize';
import { consonantSkeleton } from '../text/phonetic';
import { hash32, MultiMap } from './growable';

/** tokens between two pauses of keyTablesSteps */
const PAUSE_EVERY = 2048;
/** pairs of a radix pass between two pauses of KeyTable.buildSteps (a few milliseconds) */
const SORT_SLICE = 1 << 19;

export const INDEXED_KINDS = new Set(['word', 'generic', 'number', 'syllable']);

/** Deletion neighbourhood (one character removed) of a token, hashed. */
export function deletionHashes(text: string, out: number[]): void {
  out.length = 0;
  if (text.length < 4 || text.length > 30) return;
  for (let i = 0; i < text.length; i++) out.push(hash32(text.slice(0, i) + text.slice(i + 1)));
}

/** The consonant-skeleton key a token is filed under ('' when none). */
function skeletonKey(t: NameToken): string {
  const skel = t.skel || (t.kind === 'word' ? consonantSkeleton(t.text) : '');
  return skel.length >= 2 ? skel : '';
}

/** Sorted unique 32-bit keys, each with a run of ids (ascending) in one array: a frozen multimap. */
export class KeyTable {
  constructor(
    readonly keys: Uint32Array,
    readonly offsets: Int32Array,
    readonly ids: Int32Array,
  ) {}

  static readonly empty = new KeyTable(new Uint32Array(0), new Int32Array(1), new Int32Array(0));

  /**
   * A table of the (key, id) pairs, given in ascending id order (duplicates folded). Sorted by key with a stable
   * radix sort (two passes of 16 bits), so the ids of one key stay in ascending order.
   */
  static build(pairKeys: number[], pairIds: number[]): KeyTable {
    return runSteps(KeyTable.buildSteps(pairKeys, pairIds));
  }

  /** `build` in steps: it pauses every SORT_SLICE pairs of each pass (decision 252). */
  static *buildSteps(pairKeys: number[], pairIds: number[]): Steps<KeyTable> {
    const n = pairKeys.length;
    let order = new Int32Array(n);
    let next = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    for (const shift of [0, 16]) {
      const counts = new Int32Array(65537);
      for (let s = 0; s < n; s += SORT_SLICE) {
        for (let i = s, e = Math.min(n, s + SORT_SLICE); i < e; i++) {
          const b = (((pairKeys[i] as number) >>> shift) & 0xffff) + 1;
          counts[b] = (counts[b] as number) + 1;
        }
        yield;
      }
      for (let b = 0; b < 65536; b++) counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number);
      for (let s = 0; s < n; s += SORT_SLICE) {
        for (let i = s, e = Math.min(n, s + SORT_SLICE); i < e; i++) {
          const o = order[i] as number;
          const b = ((pairKeys[o] as number) >>> shift) & 0xffff;
          next[counts[b] as number] = o;
          counts[b] = (counts[b] as number) + 1;
        }
        yield;
      }
      [order, next] = [next, order];
    }
    const keys: number[] = [];
    const offsets: number[] = [];
    const ids = new Int32Array(n);
    let m = 0;
    for (let s = 0; s < n; s += SORT_SLICE) {
      for (let i = s, e = Math.min(n, s + SORT_SLICE); i < e; i++) {
        const o = order[i] as number;
        const key = (pairKeys[o] as number) >>> 0;
        const id = pairIds[o] as number;
        if (keys.length === 0 || keys[keys.length - 1] !== key) {
          keys.push(key);
          offsets.push(m);
        } else if (ids[m - 1] === id) continue;
        ids[m++] = id;
      }
      yield;
    }
    offsets.push(m);
    return new KeyTable(Uint32Array.from(keys), Int32Array.from(offsets), ids.slice(0, m));
  }

  /** Index of key in keys, -1 when absent (binary search). */
  find(key: number): number {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = keys[mid] as number;
      if (k < key) lo = mid + 1;
      else if (k > key) hi = mid - 1;
      else return mid;
    }
    return -1;
  }
}

/** The frozen tables of one token set, as a snapshot stores them. */
export interface KeyTables {
  text: KeyTable;
  del: KeyTable;
  phon: KeyTable;
  skel: KeyTable;
  group: KeyTable;
}
export const KEY_TABLE_NAMES = ['text', 'del', 'phon', 'skel', 'group'] as const;

export class TokenKeys {
  private text = new MultiMap<string>();
  private del = new MultiMap<number>();
  private phon = new MultiMap<string>();
  private skel = new MultiMap<string>();
  private group = new MultiMap<number>();
  private scratch: number[] = [];

  /** tokens: the index's token table (read, never written, by the frozen lookups). */
  constructor(
    private readonly tokens: NameToken[],
    private readonly frozen: KeyTables | null = null,
  ) {}

  /** Files the keys of token id (the newest token). */
  add(id: number, t: NameToken): void {
    this.text.add(t.text, id);
    if (!INDEXED_KINDS.has(t.kind)) return;
    deletionHashes(t.text, this.scratch);
    for (const h of this.scratch) this.del.add(h, id);
    if (t.phon.length >= 2) this.phon.add(t.phon, id);
    const skel = skeletonKey(t);
    if (skel) this.skel.add(skel, id);
    if (t.group) this.group.add(t.group, id);
  }

  private frozenEach(table: KeyTable, key: number, fn: (id: number) => void, check?: (t: NameToken) => boolean) {
    const k = table.find(key);
    if (k < 0) return;
    const ids = table.ids;
    for (let p = table.offsets[k] as number; p < (table.offsets[k + 1] as number); p++) {
      const id = ids[p] as number;
      if (!check || check(this.tokens[id] as NameToken)) fn(id);
    }
  }

  /** Tokens spelled text. */
  forText(text: string, fn: (id: number) => void): void {
    if (this.frozen) this.frozenEach(this.frozen.text, hash32(text), fn, (t) => t.text === text);
    this.text.forEach(text, fn);
  }

  hasText(text: string): boolean {
    let found = false;
    this.forText(text, () => {
      found = true;
    });
    return found;
  }

  /** Tokens with a one-character deletion hashing to h. */
  forDeletion(h: number, fn: (id: number) => void): void {
    if (this.frozen) this.frozenEach(this.frozen.del, h, fn);
    this.del.forEach(h, fn);
  }

  forPhonetic(phon: string, fn: (id: number) => void): void {
    if (this.frozen) this.frozenEach(this.frozen.phon, hash32(phon), fn, (t) => t.phon === phon);
    this.phon.forEach(phon, fn);
  }

  forSkeleton(skel: string, fn: (id: number) => void): void {
    if (this.frozen) this.frozenEach(this.frozen.skel, hash32(skel), fn, (t) => skeletonKey(t) === skel);
    this.skel.forEach(skel, fn);
  }

  forGroup(group: number, fn: (id: number) => void): void {
    if (this.frozen) this.frozenEach(this.frozen.group, group >>> 0, fn);
    this.group.forEach(group, fn);
  }
}

/** The frozen tables of every token in tokens (what TokenKeys.add files, as KeyTables). */
export function buildKeyTables(tokens: NameToken[]): KeyTables {
  return runSteps(keyTablesSteps(tokens));
}

/** `buildKeyTables` in steps: it pauses every PAUSE_EVERY tokens and between tables (decision 252). */
export function* keyTablesSteps(tokens: NameToken[]): Steps<KeyTables> {
  const pairs = { text: [[], []], del: [[], []], phon: [[], []], skel: [[], []], group: [[], []] } as Record<
    keyof KeyTables,
    [number[], number[]]
  >;
  const put = (name: keyof KeyTables, key: number, id: number) => {
    pairs[name][0].push(key);
    pairs[name][1].push(id);
  };
  const scratch: number[] = [];
  for (let id = 0; id < tokens.length; id++) {
    if (id % PAUSE_EVERY === PAUSE_EVERY - 1) yield;
    const t = tokens[id] as NameToken;
    put('text', hash32(t.text), id);
    if (!INDEXED_KINDS.has(t.kind)) continue;
    deletionHashes(t.text, scratch);
    for (const h of scratch) put('del', h, id);
    if (t.phon.length >= 2) put('phon', hash32(t.phon), id);
    const skel = skeletonKey(t);
    if (skel) put('skel', hash32(skel), id);
    if (t.group) put('group', t.group >>> 0, id);
  }
  const out = {} as KeyTables;
  for (const name of KEY_TABLE_NAMES) out[name] = yield* KeyTable.buildSteps(pairs[name][0], pairs[name][1]);
  return out;
}
