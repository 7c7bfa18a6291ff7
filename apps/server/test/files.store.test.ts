import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type FileStore, localFileStore } from '../src/lib/files';
import { S3_PART_BYTES, s3FileStore } from '../src/lib/files-s3';
import { copyFiles } from '../src/tools/files-to-bucket';
import { createTestApp, type TestApp } from './harness';
import { startS3 } from './s3-server';
import { TEST_ENV } from './test-env';

/*
 * Issue 29, points 1 and 2: one file store, two backends. The same contract runs on the local folder and on an
 * S3-compatible bucket served on this machine by s3rver (a real S3 protocol server: signed requests, multipart
 * uploads, listings); then a server started with FILE_STORE=s3 keeps an uploaded manual in the bucket, not on its
 * disk, and serves it back.
 */

let s3: Awaited<ReturnType<typeof startS3>>;
const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-files-'));

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(localDir, { recursive: true, force: true });
});

/** The S3 settings of the environment, as an operator would write them. */
const s3Env = (prefix = '') => s3.env(prefix);

function s3Store(prefix: string): FileStore {
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: localDir, ...s3Env(prefix) });
  if (config.files.kind !== 's3') throw new Error('not s3');
  return s3FileStore(config.files);
}

/** `bytes` pseudo-random bytes as a stream of 64 KiB chunks, and their SHA-256. */
function generated(bytes: number, seed: number) {
  const hash = createHash('sha256');
  let sent = 0;
  let x = seed;
  const stream = new Readable({
    read() {
      if (sent >= bytes) return this.push(null);
      const n = Math.min(65_536, bytes - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) {
        x = (x * 1_103_515_245 + 12_345) >>> 0;
        chunk[i] = x >>> 24;
      }
      sent += n;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

async function sha256Of(stream: Readable) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const c of stream) {
    hash.update(c as Buffer);
    size += (c as Buffer).length;
  }
  return { digest: hash.digest('hex'), size };
}

const keysOf = async (store: FileStore, prefix?: string) => {
  const keys: string[] = [];
  for await (const k of store.list(prefix)) keys.push(k);
  return keys.sort();
};

const backends: [string, () => FileStore][] = [
  ['the local folder', () => localFileStore(localDir)],
  ['an S3-compatible bucket', () => s3Store('install-a')],
];

describe.each(backends)('the file store on %s', (_name, make) => {
  it('keeps bytes under a key, answers null for a missing key, and forgets a removed one', async () => {
    const store = make();
    await store.put('fichas/c1/f1/a.pdf', Buffer.from('%PDF-1.7 uno'));
    expect((await store.get('fichas/c1/f1/a.pdf'))?.toString()).toBe('%PDF-1.7 uno');
    expect(await store.get('fichas/c1/f1/none.pdf')).toBeNull();
    expect(await store.getStream('fichas/c1/f1/none.pdf')).toBeNull();
    await store.remove('fichas/c1/f1/none.pdf');
    await store.remove('fichas/c1/f1/a.pdf');
    expect(await store.get('fichas/c1/f1/a.pdf')).toBeNull();
  });

  it('streams a file of several parts in and out unchanged, and lists every key', async () => {
    const store = make();
    const size = 2 * S3_PART_BYTES + 123_457;
    const file = generated(size, 7);
    await store.putStream('exports/c1/big.xlsx', file.stream);
    await store.put('exports/c1/small.txt', Buffer.from('x'));
    const read = await store.getStream('exports/c1/big.xlsx');
    expect(read?.size).toBe(size);
    if (!read) throw new Error('missing');
    expect(await sha256Of(read.stream)).toEqual({ digest: file.digest(), size });
    expect(await keysOf(store, 'exports/')).toEqual(['exports/c1/big.xlsx', 'exports/c1/small.txt']);
  });

  it('a stream that fails half way leaves no file under the key', async () => {
    const store = make();
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent > S3_PART_BYTES + 1_000_000) return this.destroy(new Error('the upload was cut'));
        sent += 1_000_000;
        this.push(Buffer.alloc(1_000_000, 1));
      },
    });
    await expect(store.putStream('uploads/c1/cut.xlsx', failing)).rejects.toThrow('the upload was cut');
    expect(await store.get('uploads/c1/cut.xlsx')).toBeNull();
    expect(await keysOf(store, 'uploads/')).toEqual([]);
  });

  it('refuses a key that would leave the store', async () => {
    const store = make();
    await expect(store.put('../outside.txt', Buffer.from('x'))).rejects.toThrow(/outside the store/);
  });
});

describe('two installations in one bucket', () => {
  it('keep their files apart by prefix', async () => {
    const a = s3Store('install-a');
    const b = s3Store('install-b');
    await a.put('manuals/c1/m.pdf', Buffer.from('a'));
    expect(await b.get('manuals/c1/m.pdf')).toBeNull();
    expect(await keysOf(b)).toEqual([]);
  });
});

describe('the server with FILE_STORE=s3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '100000', ...s3Env('server') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps an uploaded manual in the bucket, not on its disk, and serves it back', async () => {
    expect(t.deps.files.kind).toBe('s3');
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const boundary = '----s3test';
    const res = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/companies-manuals',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nManual de prevención\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="manual.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    const stored = await keysOf(t.deps.files);
    expect(stored.some((k) => k.endsWith('.pdf'))).toBe(true);
    // nothing of it on the local disk
    const local = path.join(t.deps.config.dataDir, 'files');
    expect(fs.existsSync(local) ? fs.readdirSync(local, { recursive: true }).length : 0).toBe(0);
    const back = await t.call({ as: 'admin', method: 'GET', url: `/api/companies-manuals/downloadfile/${id}` });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(pdf)).toBe(true);
  });
});

describe('the settings', () => {
  it('refuse an S3 store without a bucket, with half the credentials, or a prefix that climbs', () => {
    expect(() => loadConfig({ ...TEST_ENV, FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...TEST_ENV, ...s3Env(), S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...TEST_ENV, ...s3Env('../other') })).toThrow(/S3_PREFIX/);
    expect(loadConfig({ ...TEST_ENV }).files).toEqual({ kind: 'local' });
  });
});

describe('npm run files:to-bucket', () => {
  it('copies every local file into the bucket verified by hash, skips what is there, and removes only on request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-move-'));
    const local = localFileStore(dir);
    const bucket = s3Store('moved');
    await local.put('manuals/c1/a.pdf', Buffer.from('uno'));
    await local.put('fichas/c1/f1/b.pdf', Buffer.from('dos'));
    await local.putStream('exports/c1/big.xlsx', generated(S3_PART_BYTES + 10, 3).stream);
    const first = await copyFiles(local, bucket);
    expect(first).toMatchObject({ copied: 3, skipped: 0, failed: [], removed: 0 });
    expect(await keysOf(bucket)).toEqual(['exports/c1/big.xlsx', 'fichas/c1/f1/b.pdf', 'manuals/c1/a.pdf']);
    expect((await bucket.get('fichas/c1/f1/b.pdf'))?.toString()).toBe('dos');
    // a second run after a change: only the changed file goes up again; then the local copies go
    await local.put('manuals/c1/a.pdf', Buffer.from('uno, corregido'));
    const second = await copyFiles(local, bucket, { removeSource: true });
    expect(second).toMatchObject({ copied: 1, skipped: 2, failed: [], removed: 3 });
    expect((await bucket.get('manuals/c1/a.pdf'))?.toString()).toBe('uno, corregido');
    expect(await keysOf(local)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
