/**
 * Index snapshots: an index saved to one file named after the list versions it was built from, so that a new
 * process loads it instead of normalising every name again, and answers exactly as the process that built it.
 *
 * File layout: the 8 bytes "RCSNAP1\n", a little-endian uint32 with the length of a UTF-8 JSON header, the header
 * (format version, list versions, model hash, token table, entities, and where each typed array lies), then the
 * typed arrays, each starting at a multiple of 8 bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MODEL_WEIGHTS } from '../model/model.weights';
import type { ListEntity } from '../types';
import { type IndexState, MemoryScreeningIndex, type StoredToken } from './screening.index';

const MAGIC = 'RCSNAP1\n';
const FORMAT = 1;

/** Versions of the lists an index was built from: list id to version (a date, a hash, an import id). */
export type ListVersions = Record<string, string>;

const ARRAYS = [
  'nameEntity',
  'nameAlias',
  'nameTokStart',
  'nameTokCount',
  'nameAlive',
  'nameFamily',
  'nameToks',
  'tokenDf',
  'postOffsets',
  'postData',
] as const;
type ArrayName = (typeof ARRAYS)[number];

interface Header {
  format: number;
  lists: ListVersions;
  modelSha256: string;
  createdAt: string;
  tokens: StoredToken[];
  entities: (ListEntity | null)[];
  arrays: { name: ArrayName; bytes: 1 | 4; offset: number; length: number }[];
}

function canonical(lists: ListVersions): string {
  return Object.keys(lists)
    .sort()
    .map((k) => `${k}=${lists[k]}`)
    .join('\n');
}

/** File name of the snapshot of an index built from these list versions (and this model). */
export function snapshotFileName(lists: ListVersions): string {
  const h = createHash('sha256').update(canonical(lists)).update('\n').update(MODEL_WEIGHTS.trainedOn.sha256);
  return `screening-index-${h.digest('hex').slice(0, 16)}.snap`;
}

/** Serialises an index into the snapshot format. */
export function encodeSnapshot(index: MemoryScreeningIndex, lists: ListVersions): Buffer {
  const state = index.exportState();
  const arrays: Header['arrays'] = [];
  let offset = 0;
  for (const name of ARRAYS) {
    const a = state[name];
    const bytes = a.BYTES_PER_ELEMENT as 1 | 4;
    arrays.push({ name, bytes, offset, length: a.length });
    offset += Math.ceil((a.length * bytes) / 8) * 8;
  }
  const header: Header = {
    format: FORMAT,
    lists,
    modelSha256: MODEL_WEIGHTS.trainedOn.sha256,
    createdAt: new Date().toISOString(),
    tokens: state.tokens,
    entities: state.entities,
    arrays,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const start = Math.ceil((MAGIC.length + 4 + json.length) / 8) * 8;
  const out = Buffer.alloc(start + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, MAGIC.length);
  json.copy(out, MAGIC.length + 4);
  for (const a of arrays) {
    const src = state[a.name];
    Buffer.from(src.buffer, src.byteOffset, src.length * a.bytes).copy(out, start + a.offset);
  }
  return out;
}

/** Reads a snapshot; throws when the bytes are not one. */
export function decodeSnapshot(buf: Buffer): { index: MemoryScreeningIndex; lists: ListVersions; modelSha256: string } {
  if (buf.length < MAGIC.length + 4 || buf.toString('latin1', 0, MAGIC.length) !== MAGIC)
    throw new Error('not a screening index snapshot');
  const len = buf.readUInt32LE(MAGIC.length);
  const header = JSON.parse(buf.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + len)) as Header;
  if (header.format !== FORMAT) throw new Error(`snapshot format ${header.format}, expected ${FORMAT}`);
  const start = Math.ceil((MAGIC.length + 4 + len) / 8) * 8;
  const typed = {} as Record<ArrayName, Int32Array | Uint8Array>;
  for (const a of header.arrays) {
    const from = buf.byteOffset + start + a.offset;
    // copied into fresh, aligned memory: the file's buffer may start anywhere
    const bytes = new Uint8Array(buf.buffer.slice(from, from + a.length * a.bytes));
    typed[a.name] = a.bytes === 4 ? new Int32Array(bytes.buffer) : bytes;
  }
  const state = { ...typed, tokens: header.tokens, entities: header.entities } as IndexState;
  return { index: MemoryScreeningIndex.fromState(state), lists: header.lists, modelSha256: header.modelSha256 };
}

/** Saves an index into dir, named after its list versions; answers the file's path. */
export function saveSnapshot(dir: string, index: MemoryScreeningIndex, lists: ListVersions): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, snapshotFileName(lists));
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, encodeSnapshot(index, lists));
  renameSync(tmp, file);
  return file;
}

/**
 * Loads the snapshot of an index built from exactly these list versions (and this model) from dir; null when
 * there is none, so the caller builds the index and saves it.
 */
export function loadSnapshot(dir: string, lists: ListVersions): MemoryScreeningIndex | null {
  const file = path.join(dir, snapshotFileName(lists));
  if (!existsSync(file)) return null;
  const snap = decodeSnapshot(readFileSync(file));
  if (canonical(snap.lists) !== canonical(lists) || snap.modelSha256 !== MODEL_WEIGHTS.trainedOn.sha256) return null;
  return snap.index;
}
