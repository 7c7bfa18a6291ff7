import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  decodeSnapshot,
  encodeSnapshotInSlices,
  type ListVersions,
  type MemoryScreeningIndex,
  nextTurn,
  type SnapshotParts,
  snapshotFileName,
  versionsText,
} from '@regcheck/screening';
import { DERIVED_FOLDERS } from '../../lib/files';
import type { AppDeps } from '../../plugins/context';

/**
 * The screening index's snapshots in the installation's file store (decision 245): a new process loads the index
 * built from the database's current list versions instead of building it again. A snapshot's key names the list
 * versions it was built from (with the model and the snapshot format: snapshotFileName of the screening package)
 * and the SHA-256 of its bytes: `screening-index/<versions>.<sha256>.snap`. The store makes a key appear only once
 * its content is complete (a rename on the local disk, the end of the upload in a bucket), and the reader checks the
 * hash, so neither a writer stopped half-way nor a damaged file is ever loaded.
 */
const FOLDER = DERIVED_FOLDERS[0] as 'screening-index';
/** bytes hashed between two turns of the event loop (a few milliseconds) */
const HASH_SLICE = 2 * 1024 * 1024;

const stemOf = (v: ListVersions) => `${FOLDER}/${snapshotFileName(v).replace(/\.snap$/, '')}.`;

async function keysOf(deps: AppDeps): Promise<string[]> {
  const keys: string[] = [];
  for await (const k of deps.files.list(`${FOLDER}/`)) if (k.startsWith(`${FOLDER}/`)) keys.push(k);
  return keys;
}

/** A snapshot that is not what its key says (wrong size, hash or content): removed, never loaded. */
class DamagedSnapshot extends Error {}

/** The bytes of a key, checked against the hash its name carries; null when the key is gone. */
async function readChecked(deps: AppDeps, key: string, sha256: string): Promise<Buffer | null> {
  const got = await deps.files.getStream(key);
  if (!got) return null;
  // one allocation of its own (not from the pool): its offset is 0, as the snapshot's typed views need
  const buf = Buffer.allocUnsafeSlow(got.size);
  const hash = createHash('sha256');
  let at = 0;
  for await (const chunk of got.stream as AsyncIterable<Buffer>) {
    if (at + chunk.length > buf.length) {
      got.stream.destroy();
      throw new DamagedSnapshot('longer than the store says');
    }
    chunk.copy(buf, at);
    hash.update(chunk);
    at += chunk.length;
  }
  if (at !== buf.length) throw new DamagedSnapshot(`truncated: ${at} of ${buf.length} bytes`);
  if (hash.digest('hex') !== sha256) throw new DamagedSnapshot('its content does not match the hash in its name');
  return buf;
}

export interface LoadedSnapshot {
  index: MemoryScreeningIndex;
  key: string;
  bytes: number;
}

/**
 * The index built from exactly these list versions, from the store; null when there is none or none can be used
 * (the caller builds from the database). A damaged snapshot is logged and removed; a store that does not answer is
 * logged, and the index is built.
 */
export async function loadIndexSnapshot(
  deps: AppDeps,
  versions: ListVersions,
  failed: () => void,
): Promise<LoadedSnapshot | null> {
  const stem = stemOf(versions);
  let keys: string[];
  try {
    keys = (await keysOf(deps)).filter((k) => k.startsWith(stem) && k.endsWith('.snap'));
  } catch (err) {
    failed();
    deps.log.warn({ err }, 'screening: the file store does not list the index snapshots; building the index');
    return null;
  }
  for (const key of keys) {
    try {
      const buf = await readChecked(deps, key, key.slice(stem.length, -'.snap'.length));
      if (!buf) continue;
      let snap: ReturnType<typeof decodeSnapshot>;
      try {
        snap = decodeSnapshot(buf);
      } catch (err) {
        throw new DamagedSnapshot(`not a readable snapshot: ${(err as Error).message}`);
      }
      if (versionsText(snap.lists) !== versionsText(versions))
        throw new DamagedSnapshot('built from other list versions than its name says');
      return { index: snap.index, key, bytes: buf.length };
    } catch (err) {
      failed();
      deps.log.warn({ err, key }, 'screening: the index snapshot cannot be used; building the index from the database');
      if (err instanceof DamagedSnapshot) {
        await deps.files
          .remove(key)
          .catch((e: unknown) => deps.log.warn({ err: e, key }, 'screening: a damaged snapshot could not be removed'));
      }
    }
  }
  return null;
}

export interface PreparedSnapshot {
  key: string;
  /** the snapshot's bytes in parts: the large ones are views of the index's arrays (decision 252) */
  parts: SnapshotParts;
  /** snapshots of other list versions, removed once this one is stored */
  superseded: string[];
  encodeMs: number;
}

/**
 * Encodes the index for these versions, unless the store already holds a snapshot of them (another process saved
 * it): then only the superseded ones are returned for removal, with no bytes. The parts are read from the index
 * itself: it must not change until they are stored (the caller holds the index's queue across both).
 */
export async function prepareIndexSnapshot(
  deps: AppDeps,
  index: MemoryScreeningIndex,
  versions: ListVersions,
): Promise<PreparedSnapshot | { key: null; superseded: string[] }> {
  const stem = stemOf(versions);
  const keys = await keysOf(deps);
  const superseded = keys.filter((k) => !k.startsWith(stem));
  if (keys.some((k) => k.startsWith(stem))) return { key: null, superseded };
  const t0 = performance.now();
  // in slices, with turns between them: the process answers its requests while it encodes (decision 252)
  const parts = await encodeSnapshotInSlices(index, versions);
  const hash = createHash('sha256');
  for (const chunk of parts.chunks)
    for (let at = 0; at < chunk.length; at += HASH_SLICE) {
      hash.update(chunk.subarray(at, at + HASH_SLICE));
      await nextTurn();
    }
  const sha = hash.digest('hex');
  return { key: `${stem}${sha}.snap`, parts, superseded, encodeMs: Math.round(performance.now() - t0) };
}

/** Stores a prepared snapshot (the key appears once complete), then removes the superseded ones. */
export async function storeIndexSnapshot(
  deps: AppDeps,
  p: PreparedSnapshot | { key: null; superseded: string[] },
): Promise<void> {
  if (p.key !== null) await deps.files.putStream(p.key, Readable.from(p.parts.chunks, { objectMode: false }));
  for (const k of p.superseded) await deps.files.remove(k);
}
