import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

// Everything the screening tests read lives in this repository, so that a bare clone passes `npm test`: the small
// fixtures beside this file, the 2021 OFAC set (public domain, gzipped in fixtures/ofac-2021) and the OFAC 2024 and
// UN 2026 snapshots that the server ships (apps/server/data/lists). Only the benchmarks read the shared data set.
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

const shipped = path.join(repoRoot, 'apps/server/data/lists');

/** The list files as the loaders expect them on disk, unpacked once into a temporary folder. */
function materializeLists(): string {
  const dir = path.join(os.tmpdir(), 'regcheck-screening-lists-v1');
  if (fs.existsSync(path.join(dir, '.complete'))) return dir;
  const work = `${dir}.${process.pid}.${Date.now()}`;
  const put = (rel: string, gz: string) => {
    fs.mkdirSync(path.dirname(path.join(work, rel)), { recursive: true });
    fs.writeFileSync(path.join(work, rel), gunzipSync(fs.readFileSync(gz)));
  };
  put('ofac-sdn-2024-05-03/sdn.csv', path.join(shipped, 'ofac-sdn-2024-05-03.csv.gz'));
  put('un/consolidated-2026-02-27.xml', path.join(shipped, 'un-consolidated-2026-02-27.xml.gz'));
  for (const f of ['sdn', 'alt', 'add']) put(`ofac-2021/${f}.csv`, path.join(fixtures, `ofac-2021/${f}.csv.gz`));
  fs.writeFileSync(path.join(work, '.complete'), '');
  try {
    fs.renameSync(work, dir);
  } catch (err) {
    // another test worker unpacked the same files first: use theirs
    if (!fs.existsSync(path.join(dir, '.complete'))) throw err;
    fs.rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

export const listsDir = materializeLists();
