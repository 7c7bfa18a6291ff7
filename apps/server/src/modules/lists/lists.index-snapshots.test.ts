import fs from 'node:fs';
import path from 'node:path';
import type { ScreeningQuery } from '@regcheck/screening';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startS3 } from '../../../test/s3-server';
import { screen } from '../search/screening.service';
import { fixture, importList } from './fixtures/import-fixture';
import { currentState, type ListIndexState } from './lists.index';

/*
 * The screening index from its snapshot (issue 29, point 4; decision 245): a node started on a database whose list
 * versions have a snapshot in the file store loads it instead of building the index, and answers as the node that
 * built it; a snapshot of other versions is never used; a damaged one is logged, removed, and the index built.
 * Several apps run in this process on one database, as nodes of one installation would.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps.reverse()) await t.close();
});

interface Node {
  t: TestApp;
  state: ListIndexState;
}
async function node(env: Record<string, string> = {}, first?: Node): Promise<Node> {
  // no poll: each node here changes the lists itself, and what another node saves is what the test looks at
  const t = await createTestApp({ LIST_POLL_MS: '3600000', ...env }, first ? { sameDatabaseAs: first.t } : {});
  apps.push(t);
  const state = currentState();
  // the snapshot a build saves is written after the start, beside the requests
  await state.idle();
  return { t, state };
}

async function snapshots(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const k of t.deps.files.list('screening-index/')) keys.push(k);
  return keys.sort();
}

const NEW_NAME = `${fixture('ofac-small.csv')}9002,"TORRES VALDIVIA, Anselmo","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1965."\n`;
const QUERIES: ScreeningQuery[] = [
  { name: 'Joaquin Guzman Loera' },
  { name: 'Ramiro Perez Gonzales' },
  { name: 'Banco Nacional de Cuba' },
  { name: 'Abu Nidal Organisation' },
  { name: 'Black September' },
  { name: 'Anselmo Torres Baldivia' },
  { name: 'Segismundo Fuensalida Retamal' },
  { name: 'Maria Gonzalez' },
  { name: 'Ramiro Perez', identifiers: [{ value: '12.345.678-5' }] },
];
const answers = (s: ListIndexState) => QUERIES.map((q) => s.index.search(q));

async function addPdi(t: TestApp, name: string) {
  const res = await t.post('superAdmin', '/api/pdi', {
    name,
    rut: '11.111.111-1',
    motive: 'orden de detención',
    status: 'vigente',
  });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

describe('the screening index from its snapshot in the local file store', () => {
  it('a node on the same database loads the snapshot, answers the same; an import makes it unusable; damage falls back to building', async () => {
    const a = await node();
    expect(a.state.stats).toMatchObject({ startedFrom: 'database', snapshotLoads: 0, snapshotsSaved: 1 });
    await importList(a.t, 'ofac', fixture('ofac-small.csv'), { label: 'fixture 1' });
    await a.state.idle();
    await addPdi(a.t, 'Segismundo Fuenzalida Retamal');
    await a.state.idle();
    // one snapshot: of the versions in force, the ones it superseded removed
    const [first, ...more] = await snapshots(a.t);
    expect(more).toEqual([]);
    expect(a.state.stats.snapshotsSaved).toBe(3);
    const firstBytes = (await a.t.deps.files.get(first as string)) as Buffer;

    // a second node on the same database and file store (a restart): loaded, not built, same answers
    const b = await node({ DATA_DIR: a.t.deps.config.dataDir }, a);
    expect(b.state.stats).toMatchObject({ startedFrom: 'snapshot', builds: 0, snapshotLoads: 1, snapshotFailures: 0 });
    expect(b.state.index.size()).toBe(a.state.index.size());
    const expected = answers(a.state);
    expect(expected[0]?.[0]?.entityId).toBe('7675');
    expect(expected[6]?.[0]?.listId).toBe('pdi');
    expect(answers(b.state)).toEqual(expected);
    const r = await screen(b.t.deps, b.t.companies.cl, { name: 'Joaquin Guzman Loera', personType: 'natural' });
    expect(r.lists.find((l) => l.listId === 'ofac')?.hits[0]?.name).toBe('GUZMAN LOERA, Joaquin');
    expect(await snapshots(b.t)).toEqual([first]);

    // an entry changed on the loaded node: the other lists are still in its index, the change is found
    const added = await addPdi(b.t, 'Wenceslao Quintanilla Ortuzar');
    expect(b.state.index.search({ name: 'Wenceslao Quintanilla Ortuzar' }, { lists: ['pdi'] })[0]?.entityId).toBe(
      added,
    );
    expect(b.state.index.search({ name: 'Segismundo Fuensalida Retamal' })[0]?.listId).toBe('pdi');
    // an import on it: the index is rebuilt with the lists it loaded from the snapshot, and saved for the new versions
    const v = await importList(b.t, 'ofac', NEW_NAME, { label: 'fixture 2' });
    expect(v).toMatchObject({ status: 'active', entityCount: 6 });
    await b.state.idle();
    expect(b.state.index.search({ name: 'Anselmo Torres Baldivia' })[0]?.entityId).toBe('9002');
    expect(b.state.index.search({ name: 'Segismundo Fuensalida Retamal' })[0]?.listId).toBe('pdi');
    expect(b.state.index.search({ name: 'Wenceslao Quintanilla Ortuzar' })[0]?.entityId).toBe(added);
    const [second, ...others] = await snapshots(b.t);
    expect(others).toEqual([]);
    expect(second).not.toBe(first);

    // the old snapshot put back and the new one gone: the new versions have none, so the index is built
    const root = path.join(a.t.deps.config.dataDir, 'files');
    await b.t.deps.files.remove(second as string);
    await b.t.deps.files.put(first as string, firstBytes);
    const c = await node({ DATA_DIR: a.t.deps.config.dataDir }, a);
    expect(c.state.stats).toMatchObject({ startedFrom: 'database', snapshotLoads: 0, snapshotsSaved: 1 });
    expect(c.state.index.search({ name: 'Anselmo Torres Baldivia' })[0]?.entityId).toBe('9002');
    const fresh = answers(c.state);
    expect(answers(b.state)).toEqual(fresh);
    const [third, ...rest] = await snapshots(c.t);
    expect(rest).toEqual([]);
    expect(third).not.toBe(first);

    // damaged: a byte changed in the middle, then the file cut short; each time logged, removed and built instead
    const file = path.join(root, third as string);
    const good = fs.readFileSync(file);
    const flipped = Buffer.from(good);
    flipped[flipped.length >> 1] = (flipped[flipped.length >> 1] as number) ^ 0xff;
    for (const damaged of [flipped, good.subarray(0, good.length - 1000)]) {
      const [key] = await snapshots(c.t);
      fs.writeFileSync(path.join(root, key as string), damaged);
      const d = await node({ DATA_DIR: a.t.deps.config.dataDir }, a);
      expect(d.state.stats).toMatchObject({
        startedFrom: 'database',
        snapshotLoads: 0,
        snapshotFailures: 1,
        snapshotsSaved: 1,
      });
      expect(answers(d.state)).toEqual(fresh);
      const after = await snapshots(d.t);
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(key);
      expect(fs.readFileSync(path.join(root, after[0] as string)).length).toBe(good.length);
    }
    // and the snapshot it saved instead is loaded by the next node
    const e = await node({ DATA_DIR: a.t.deps.config.dataDir }, a);
    expect(e.state.stats).toMatchObject({ startedFrom: 'snapshot', builds: 0 });
    expect(answers(e.state)).toEqual(fresh);
  });
});

describe('the screening index from its snapshot in a bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  afterAll(async () => {
    await s3?.close();
  });

  it('a node with its own DATA_DIR loads the snapshot another node saved in the bucket', async () => {
    s3 = await startS3();
    const env = s3.env('install/');
    const a = await node(env);
    await importList(a.t, 'ofac', NEW_NAME, { label: 'fixture s3' });
    await a.state.idle();
    expect(await snapshots(a.t)).toHaveLength(1);
    // an API node (JOBS_IN_PROCESS=false) loads, never saves
    const b = await node({ ...env, JOBS_IN_PROCESS: 'false' }, a);
    expect(b.t.deps.config.dataDir).not.toBe(a.t.deps.config.dataDir);
    expect(b.state.stats).toMatchObject({ startedFrom: 'snapshot', builds: 0, snapshotLoads: 1 });
    expect(answers(b.state)).toEqual(answers(a.state));
    expect(b.state.index.search({ name: 'Anselmo Torres Baldivia' })[0]?.entityId).toBe('9002');
  });
});
