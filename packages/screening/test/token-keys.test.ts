import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadListPath } from '../src/lists.load';
import { hash32 } from '../src/search/growable';
import { buildKeyTables, deletionHashes, KeyTable, TokenKeys } from '../src/search/token-keys';
import { type NameToken, normalizeName } from '../src/text/normalize';
import { consonantSkeleton } from '../src/text/phonetic';
import { listsDir } from './paths';

/** Every distinct token of the OFAC 2024 and UN lists' names, in the order an index would meet them. */
function listTokens(): NameToken[] {
  const seen = new Map<string, NameToken>();
  const lists = ['ofac-sdn-2024-05-03', 'un/consolidated-2026-02-27.xml'];
  for (const e of lists.flatMap((l) => loadListPath(path.join(listsDir, l))))
    for (const n of e.names)
      for (const t of normalizeName(n, e.schema).tokens) {
        const k = `${t.text}|${t.kind}|${t.skel}|${t.cls}`;
        if (!seen.has(k)) seen.set(k, t);
      }
  return [...seen.values()];
}

const collect = (each: (fn: (id: number) => void) => void) => {
  const out: number[] = [];
  each((id) => out.push(id));
  return out;
};

describe('frozen retrieval keys (what a snapshot loads)', () => {
  it('a key table keeps each key once, its ids ascending, duplicates folded', () => {
    const t = KeyTable.build([7, 3, 7, 0xffffffff, 3, 7], [1, 2, 2, 3, 4, 2]);
    expect(Array.from(t.keys)).toEqual([3, 7, 0xffffffff]);
    const ids = (key: number) => {
      const k = t.find(key);
      return k < 0 ? [] : Array.from(t.ids.subarray(t.offsets[k], t.offsets[k + 1]));
    };
    expect(ids(3)).toEqual([2, 4]);
    expect(ids(7)).toEqual([1, 2]);
    expect(ids(0xffffffff)).toEqual([3]);
    expect(ids(5)).toEqual([]);
  });

  it('answers every lookup of the OFAC and UN tokens exactly as the growable maps the builder uses', () => {
    const tokens = listTokens();
    const growable = new TokenKeys(tokens);
    tokens.forEach((t, id) => {
      growable.add(id, t);
    });
    const frozen = new TokenKeys(tokens, buildKeyTables(tokens));
    const scratch: number[] = [];
    expect(tokens.length).toBeGreaterThan(15_000);
    for (const t of tokens) {
      expect(collect((fn) => frozen.forText(t.text, fn))).toEqual(collect((fn) => growable.forText(t.text, fn)));
      expect(collect((fn) => frozen.forPhonetic(t.phon, fn))).toEqual(
        collect((fn) => growable.forPhonetic(t.phon, fn)),
      );
      if (t.group)
        expect(collect((fn) => frozen.forGroup(t.group, fn))).toEqual(collect((fn) => growable.forGroup(t.group, fn)));
      const skel = t.skel || consonantSkeleton(t.text);
      expect(collect((fn) => frozen.forSkeleton(skel, fn))).toEqual(collect((fn) => growable.forSkeleton(skel, fn)));
      deletionHashes(t.text, scratch);
      for (const h of scratch)
        expect(collect((fn) => frozen.forDeletion(h, fn))).toEqual(collect((fn) => growable.forDeletion(h, fn)));
    }
    expect(frozen.hasText('zzzqqq')).toBe(false);
  });

  it('a spelling whose hash another spelling shares is not reported for it', () => {
    // find two different texts with one hash among many short strings
    const byHash = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null && i < 2_000_000; i++) {
      const s = i.toString(36);
      const h = hash32(s);
      const other = byHash.get(h);
      if (other !== undefined) pair = [other, s];
      else byHash.set(h, s);
    }
    expect(pair).not.toBeNull();
    const [a, b] = pair as [string, string];
    const tok = (text: string): NameToken => ({ text, kind: 'word', weight: 1, phon: '', skel: '', group: 0, cls: '' });
    const tokens = [tok(a)];
    const frozen = new TokenKeys(tokens, buildKeyTables(tokens));
    expect(collect((fn) => frozen.forText(a, fn))).toEqual([0]);
    expect(collect((fn) => frozen.forText(b, fn))).toEqual([]);
  });
});
