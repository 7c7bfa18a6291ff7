/**
 * Index snapshots: an index saved to one file named after the list versions it was built from (and the model and
 * this format), so that a new process loads it instead of normalising every name again, and answers exactly as
 * the process that built it.
 *
 * File layout (format 2): the 8 bytes "RCSNAP2\n", a little-endian uint32 with the length of a small UTF-8 JSON
 * header (format, list versions, model hash, counts and where each section lies), then the sections, each starting
 * at a multiple of 8 bytes. Every section is a typed array written as it is in memory, so loading is reading the
 * file and taking views of it: no token is normalised, no retrieval key computed, no map rebuilt:
 * - the index's arrays (names, postings, document frequencies) and the frozen retrieval-key tables (token-keys.ts);
 * - the token table as columns: kind and group as numbers, text, phonetic key, skeleton and legal class as one
 *   UTF-16 string each with offsets;
 * - each entity as its own JSON text with offsets, parsed the first time a search returns or filters on it;
 * - the identifiers (normalised value and entity slot).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MODEL_WEIGHTS } from '../model/model.weights';
import { runInSlices, runSteps, type Steps } from '../steps';
import type { NameToken, TokenKind } from '../text/normalize';
import type { ListEntity } from '../types';
import { engineFingerprint } from './engine-fingerprint';
import { type EntitySource, type IndexState, MemoryScreeningIndex } from './screening.index';
import { KEY_TABLE_NAMES, KeyTable, type KeyTables } from './token-keys';

const MAGIC = 'RCSNAP2\n';
const FORMAT = 2;
const KINDS: TokenKind[] = ['word', 'generic', 'particle', 'stop', 'legal', 'number', 'initial', 'syllable'];

/** Versions of the lists an index was built from: list id to version (a date, a hash, an import id). */
export type ListVersions = Record<string, string>;

type Typed = Int32Array | Uint32Array | Uint8Array | Float64Array;
type TypeName = 'i32' | 'u32' | 'u8' | 'f64';
const TYPES: Record<TypeName, { bytes: number; make: (b: ArrayBuffer, off: number, len: number) => Typed }> = {
  i32: { bytes: 4, make: (b, o, l) => new Int32Array(b, o, l) },
  u32: { bytes: 4, make: (b, o, l) => new Uint32Array(b, o, l) },
  u8: { bytes: 1, make: (b, o, l) => new Uint8Array(b, o, l) },
  f64: { bytes: 8, make: (b, o, l) => new Float64Array(b, o, l) },
};

interface Header {
  format: number;
  lists: ListVersions;
  modelSha256: string;
  /** engineFingerprint() of the process that built it (decision 285) */
  engine: string;
  createdAt: string;
  live: number;
  entities: number;
  sections: { name: string; type: TypeName; offset: number; length: number }[];
}

/** The canonical text of list versions (key order does not matter): what a snapshot's name and check compare. */
export function versionsText(lists: ListVersions): string {
  return Object.keys(lists)
    .sort()
    .map((k) => `${k}=${lists[k]}`)
    .join('\n');
}

/**
 * File name of the snapshot of an index built from these list versions, by this engine (what it makes of names:
 * engine-fingerprint.ts, decision 285), with this model and format.
 */
export function snapshotFileName(lists: ListVersions): string {
  const h = createHash('sha256').update(versionsText(lists)).update('\n').update(MODEL_WEIGHTS.trainedOn.sha256);
  h.update(`\nformat ${FORMAT}\nengine ${engineFingerprint()}`);
  return `screening-index-${h.digest('hex').slice(0, 16)}.snap`;
}

/** Strings as one UTF-16 text (a u8 section) and the offsets of each string in it (an i32 section). */
function stringColumn(values: string[]): { text: Uint8Array; offsets: Int32Array } {
  const offsets = new Int32Array(values.length + 1);
  let total = 0;
  values.forEach((v, i) => {
    offsets[i] = total;
    total += v.length;
  });
  offsets[values.length] = total;
  const text = Buffer.from(values.join(''), 'utf16le');
  return { text: new Uint8Array(text.buffer, text.byteOffset, text.length), offsets };
}

function readStrings(text: Uint8Array, offsets: Int32Array): string[] {
  const all = Buffer.from(text.buffer, text.byteOffset, text.length).toString('utf16le');
  const out = new Array<string>(offsets.length - 1);
  for (let i = 0; i + 1 < offsets.length; i++) out[i] = all.slice(offsets[i], offsets[i + 1]);
  return out;
}

/** A snapshot as the pieces of its bytes, in order: written or hashed one after another, never joined. */
export interface SnapshotParts {
  chunks: Buffer[];
  size: number;
}

/** Serialises an index into the snapshot format. */
export function encodeSnapshot(index: MemoryScreeningIndex, lists: ListVersions): Buffer {
  const parts = runSteps(encodeSteps(index, lists));
  return Buffer.concat(parts.chunks, parts.size);
}

/**
 * The snapshot's bytes as parts, giving the event loop a turn about every `sliceMs` (a server saving its index while
 * it answers requests; decision 252). The large parts are views of the index's own arrays, not copies (a copy of a
 * million-name index is 137 MB, and allocating it at once made V8 stop for a full collection of 0.4 s): the index
 * must not change until the parts are written.
 */
export function encodeSnapshotInSlices(
  index: MemoryScreeningIndex,
  lists: ListVersions,
  sliceMs = 20,
): Promise<SnapshotParts> {
  return runInSlices(encodeSteps(index, lists), sliceMs);
}

/** entities' JSON gathered into one part before a new part starts */
const JSON_PART = 1024 * 1024;

function* encodeSteps(index: MemoryScreeningIndex, lists: ListVersions): Steps<SnapshotParts> {
  const state = yield* index.exportStateSteps();
  const sections: { name: string; type: TypeName; length: number; bytes: number; chunks: Buffer[] }[] = [];
  const typeOf = (a: Typed): TypeName =>
    a instanceof Int32Array ? 'i32' : a instanceof Uint32Array ? 'u32' : a instanceof Uint8Array ? 'u8' : 'f64';
  const add = (name: string, a: Typed) =>
    sections.push({
      name,
      type: typeOf(a),
      length: a.length,
      bytes: a.byteLength,
      chunks: [Buffer.from(a.buffer, a.byteOffset, a.byteLength)],
    });
  for (const name of [
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
  ] as const)
    add(name, state[name]);
  const toks = state.tokens;
  add(
    'tokKind',
    Uint8Array.from(toks, (t) => KINDS.indexOf(t.kind)),
  );
  add(
    'tokWeight',
    Float64Array.from(toks, (t) => t.weight),
  );
  add(
    'tokGroup',
    Int32Array.from(toks, (t) => t.group),
  );
  for (const col of ['text', 'phon', 'skel', 'cls'] as const) {
    yield;
    const c = stringColumn(toks.map((t) => t[col]));
    add(`tok_${col}`, c.text);
    add(`tok_${col}Off`, c.offsets);
  }
  for (const name of KEY_TABLE_NAMES) {
    const t = state.keyTables[name];
    add(`key_${name}`, t.keys);
    add(`key_${name}Off`, t.offsets);
    add(`key_${name}Ids`, t.ids);
  }
  const ids = stringColumn(state.idValues);
  add('idText', ids.text);
  add('idTextOff', ids.offsets);
  add('idSlots', state.idSlots);
  // entities: one JSON text each (empty for a removed one), UTF-8, with byte offsets; gathered in parts of about
  // JSON_PART bytes
  const jsonParts: Buffer[] = [];
  let batch: Buffer[] = [];
  let batchBytes = 0;
  const entOff = new Float64Array(state.entities.length + 1);
  let total = 0;
  for (let slot = 0; slot < state.entities.length; slot++) {
    if (slot % 1024 === 1023) yield;
    entOff[slot] = total;
    const e = state.entities.get(slot);
    if (!e) continue;
    const b = Buffer.from(JSON.stringify(e), 'utf8');
    batch.push(b);
    batchBytes += b.length;
    total += b.length;
    if (batchBytes >= JSON_PART) {
      jsonParts.push(Buffer.concat(batch, batchBytes));
      batch = [];
      batchBytes = 0;
    }
  }
  if (batchBytes) jsonParts.push(Buffer.concat(batch, batchBytes));
  entOff[state.entities.length] = total;
  sections.push({ name: 'entJson', type: 'u8', length: total, bytes: total, chunks: jsonParts });
  add('entOff', entOff);

  const table: Header['sections'] = [];
  let offset = 0;
  for (const sec of sections) {
    table.push({ name: sec.name, type: sec.type, offset, length: sec.length });
    offset += Math.ceil(sec.bytes / 8) * 8;
  }
  const header: Header = {
    format: FORMAT,
    lists,
    modelSha256: MODEL_WEIGHTS.trainedOn.sha256,
    engine: engineFingerprint(),
    createdAt: new Date().toISOString(),
    live: state.live,
    entities: state.entities.length,
    sections: table,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const start = Math.ceil((MAGIC.length + 4 + json.length) / 8) * 8;
  const head = Buffer.alloc(start);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(json.length, MAGIC.length);
  json.copy(head, MAGIC.length + 4);
  const chunks: Buffer[] = [head];
  for (const sec of sections) {
    chunks.push(...sec.chunks);
    const pad = Math.ceil(sec.bytes / 8) * 8 - sec.bytes;
    if (pad) chunks.push(Buffer.alloc(pad));
  }
  return { chunks, size: start + offset };
}

/** Reads a snapshot; throws when the bytes are not one. The index keeps views of buf's memory. */
export function decodeSnapshot(buf: Buffer): { index: MemoryScreeningIndex; lists: ListVersions; modelSha256: string } {
  if (buf.length < MAGIC.length + 4 || buf.toString('latin1', 0, MAGIC.length - 2) !== MAGIC.slice(0, -2))
    throw new Error('not a screening index snapshot');
  if (buf.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('snapshot of another format');
  // typed views need their element size's alignment: a buffer from a pool may start anywhere
  const mem = buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf);
  const len = mem.readUInt32LE(MAGIC.length);
  const header = JSON.parse(mem.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + len)) as Header;
  if (header.format !== FORMAT) throw new Error(`snapshot format ${header.format}, expected ${FORMAT}`);
  // names normalised by another engine would be looked up under keys this one does not compute: never loaded
  if (header.engine !== engineFingerprint()) throw new Error('snapshot built by an engine that reads names otherwise');
  const start = Math.ceil((MAGIC.length + 4 + len) / 8) * 8;
  const s = new Map<string, Typed>();
  for (const sec of header.sections) {
    s.set(sec.name, TYPES[sec.type].make(mem.buffer as ArrayBuffer, mem.byteOffset + start + sec.offset, sec.length));
  }
  const get = <T extends Typed>(name: string) => {
    const a = s.get(name);
    if (!a) throw new Error(`snapshot without section ${name}`);
    return a as T;
  };
  const kind = get<Uint8Array>('tokKind');
  const weight = get<Float64Array>('tokWeight');
  const group = get<Int32Array>('tokGroup');
  const col = (c: string) => readStrings(get<Uint8Array>(`tok_${c}`), get<Int32Array>(`tok_${c}Off`));
  const text = col('text');
  const phon = col('phon');
  const skel = col('skel');
  const cls = col('cls');
  const tokens = new Array<NameToken>(kind.length);
  for (let i = 0; i < kind.length; i++) {
    tokens[i] = {
      text: text[i] as string,
      kind: KINDS[kind[i] as number] as TokenKind,
      weight: weight[i] as number,
      phon: phon[i] as string,
      skel: skel[i] as string,
      group: group[i] as number,
      cls: cls[i] as string,
    };
  }
  const keyTables = {} as KeyTables;
  for (const name of KEY_TABLE_NAMES)
    keyTables[name] = new KeyTable(
      get<Uint32Array>(`key_${name}`),
      get<Int32Array>(`key_${name}Off`),
      get<Int32Array>(`key_${name}Ids`),
    );
  const entJson = get<Uint8Array>('entJson');
  const entOff = get<Float64Array>('entOff');
  const json = Buffer.from(entJson.buffer, entJson.byteOffset, entJson.length);
  const entities: EntitySource = {
    length: header.entities,
    get: (slot) => {
      const a = entOff[slot] as number;
      const b = entOff[slot + 1] as number;
      return b > a ? (JSON.parse(json.toString('utf8', a, b)) as ListEntity) : null;
    },
  };
  const state: IndexState = {
    entities,
    live: header.live,
    idValues: readStrings(get<Uint8Array>('idText'), get<Int32Array>('idTextOff')),
    idSlots: get<Int32Array>('idSlots'),
    tokens,
    keyTables,
    nameEntity: get('nameEntity'),
    nameAlias: get('nameAlias'),
    nameTokStart: get('nameTokStart'),
    nameTokCount: get('nameTokCount'),
    nameAlive: get('nameAlive'),
    nameFamily: get('nameFamily'),
    nameToks: get('nameToks'),
    tokenDf: get('tokenDf'),
    postOffsets: get('postOffsets'),
    postData: get('postData'),
  };
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
  if (versionsText(snap.lists) !== versionsText(lists) || snap.modelSha256 !== MODEL_WEIGHTS.trainedOn.sha256)
    return null;
  return snap.index;
}
