import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIndex,
  decodeSnapshot,
  encodeSnapshot,
  type ListEntity,
  loadSnapshot,
  type MemoryScreeningIndex,
  type ScreeningQuery,
  saveSnapshot,
  snapshotFileName,
} from '../src/index';
import { loadListPath } from '../src/lists.load';
import { engineFingerprint, fingerprintOf } from '../src/search/engine-fingerprint';
import { normalizeName } from '../src/text/normalize';
import { fixtures, listsDir, repoRoot } from './paths';
import { latinPerson, perturb, pick, rng } from './synth';

const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const child = path.join(repoRoot, 'packages/screening/test/snapshot-child.ts');
const versions = { ofac: '2024-05-03', onu: '2026-02-27', fixture: 'small-list' };
let dir = '';
let entities: ListEntity[] = [];
let built: MemoryScreeningIndex;
let queries: ScreeningQuery[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'regcheck-snapshot-'));
  const small = JSON.parse(fs.readFileSync(path.join(fixtures, 'small-list.json'), 'utf8')) as ListEntity[];
  entities = [
    ...loadListPath(path.join(listsDir, 'ofac-sdn-2024-05-03')),
    ...loadListPath(path.join(listsDir, 'un/consolidated-2026-02-27.xml')),
    ...small,
  ];
  built = createIndex(entities);
  const r = rng(5);
  queries = [];
  for (let i = 0; i < 150; i++) {
    const e = pick(r, entities);
    queries.push({ name: perturb(r, pick(r, e.names), 'typo'), schema: e.schema === 'Person' ? 'Person' : 'Unknown' });
    queries.push({ name: latinPerson(r), schema: 'Person', birthDate: '1970' });
  }
  queries.push({ name: 'PEREZ SOTO Juan Carlos', schema: 'Person', countries: ['CL'] });
  queries.push({
    name: 'x',
    identifiers: [{ value: entities.find((e) => e.identifiers?.length)?.identifiers?.[0]?.value ?? '' }],
  });
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('index snapshot', () => {
  it('a new process loads the snapshot saved next to its list versions and answers exactly as the builder', () => {
    const file = saveSnapshot(dir, built, versions);
    expect(path.basename(file)).toBe(snapshotFileName(versions));
    const qFile = path.join(dir, 'queries.json');
    fs.writeFileSync(qFile, JSON.stringify(queries));
    const out = execFileSync(tsx, [child, dir, JSON.stringify(versions), qFile], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(queries.length);
    let withHits = 0;
    queries.forEach((q, i) => {
      const expected = JSON.parse(JSON.stringify(built.search(q, { limit: 5 })));
      if (expected.length) withHits++;
      expect(JSON.parse(lines[i] as string), q.name).toEqual(expected);
    });
    // the comparison means something: most perturbed members are found
    expect(withHits).toBeGreaterThan(100);
  });

  it('in the same process the loaded index has the same entities, names and hits, and can still be updated', () => {
    const { index, lists } = decodeSnapshot(encodeSnapshot(built, versions));
    expect(lists).toEqual(versions);
    expect(index.size()).toBe(built.size());
    expect(index.nameCount()).toBe(built.nameCount());
    const q = { name: 'Juan Carlos Peres Soto', schema: 'Person' as const };
    expect(index.search(q)).toEqual(built.search(q));
    index.add({ id: 'n1', listId: 'fixture', schema: 'Person', names: ['Zebulon Quartermain Oyarzun'] });
    expect(index.search({ name: 'Zebulon Quartermain Oyarzun', schema: 'Person' })[0]?.entityId).toBe('n1');
    index.remove('fixture', 'p1');
    expect(index.search(q).some((h) => h.entityId === 'p1')).toBe(false);
  });

  it('another set of list versions finds no snapshot (the caller rebuilds), and a damaged file is refused', () => {
    saveSnapshot(dir, built, versions);
    expect(loadSnapshot(dir, { ...versions, ofac: '2024-06-01' })).toBeNull();
    const bytes = encodeSnapshot(createIndex([]), versions);
    expect(() => decodeSnapshot(Buffer.from('not a snapshot at all'))).toThrow(/not a screening index snapshot/);
    expect(decodeSnapshot(bytes).index.size()).toBe(0);
  });
});

describe('a snapshot is tied to the engine that read its names (decision 285)', () => {
  it('the fingerprint moves when the normalisation of one token of one probe name moves', () => {
    expect(fingerprintOf(normalizeName)).toBe(engineFingerprint());
    // one transliteration rule read otherwise: the Arabic ain written as nothing instead of "a"
    const otherwise: typeof normalizeName = (input, schema) => {
      const n = normalizeName(input, schema);
      if (!input.includes('عبد')) return n;
      return { ...n, tokens: n.tokens.map((t, i) => (i === 0 ? { ...t, text: t.text.replace(/^a/, '') } : t)) };
    };
    expect(fingerprintOf(otherwise)).not.toBe(engineFingerprint());
    // a change of weight alone moves it too (the score reads the stored weight)
    const reweighted: typeof normalizeName = (input, schema) => {
      const n = normalizeName(input, schema);
      return { ...n, tokens: n.tokens.map((t) => (t.kind === 'particle' ? { ...t, weight: t.weight + 0.01 } : t)) };
    };
    expect(fingerprintOf(reweighted)).not.toBe(engineFingerprint());
  });

  it('a snapshot whose header names another engine is refused, not loaded', () => {
    const bytes = encodeSnapshot(built, versions);
    const at = bytes.indexOf(engineFingerprint());
    expect(at).toBeGreaterThan(0);
    const other = Buffer.from(bytes);
    other.write('0'.repeat(64), at, 'latin1');
    expect(() => decodeSnapshot(other)).toThrow(/engine/);
    expect(decodeSnapshot(bytes).lists).toEqual(versions);
  });
});
