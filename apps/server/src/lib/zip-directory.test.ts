import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { openZipFile } from './zip-directory';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rc-zipdir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(name: string, bytes: Uint8Array) {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

/** Every entry's name, inflated size and SHA-256, read a chunk at a time. */
async function readAll(p: string) {
  const zip = await openZipFile(p);
  if (!zip) return null;
  try {
    const out: Record<string, { size: number; sha: string; read: string }> = {};
    for (const e of zip.entries) {
      const h = createHash('sha256');
      let size = 0;
      const read = await zip.read(e, (c) => {
        h.update(c);
        size += c.length;
      });
      out[e.name] = { size, sha: h.digest('hex'), read };
    }
    return out;
  } finally {
    await zip.close();
  }
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('the zip directory reader', () => {
  const text = new TextEncoder().encode('manifest '.repeat(50_000));
  const noise = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 2654435761) >>> 24);

  it('reads stored and deflated entries, several chunks long, as they were', async () => {
    const p = fileOf('a.zip', zipSync({ 'a.txt': text, 'b/noise.bin': [noise, { level: 0 }], 'c.bin': noise }));
    expect(await readAll(p)).toEqual({
      'a.txt': { size: text.length, sha: sha(text), read: 'ok' },
      'b/noise.bin': { size: noise.length, sha: sha(noise), read: 'ok' },
      'c.bin': { size: noise.length, sha: sha(noise), read: 'ok' },
    });
  });

  it('reads a zip written as a stream (sizes in data descriptors, as the inspector file is written)', async () => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      chunks.push(chunk);
    });
    const a = new ZipDeflate('a.txt', { level: 6 });
    zip.add(a);
    a.push(text.subarray(0, 1000));
    a.push(text.subarray(1000), true);
    const b = new ZipPassThrough('noise.bin');
    zip.add(b);
    b.push(noise, true);
    zip.end();
    const p = fileOf('stream.zip', Buffer.concat(chunks));
    const got = await readAll(p);
    expect(got?.['a.txt']).toEqual({ size: text.length, sha: sha(text), read: 'ok' });
    expect(got?.['noise.bin']).toEqual({ size: noise.length, sha: sha(noise), read: 'ok' });
  });

  it('says what is not a zip, and a damaged entry is corrupt while the others read', async () => {
    expect(await openZipFile(fileOf('pdf.zip', new TextEncoder().encode('%PDF-1.7 not a zip')))).toBeNull();
    const good = Buffer.from(zipSync({ 'a.txt': text, 'z.txt': text }));
    // the first entry's deflate data overwritten
    const bad = Buffer.from(good);
    bad.fill(0xff, 40, 200);
    const got = await readAll(fileOf('bad.zip', bad));
    expect(got?.['a.txt']?.read).toBe('corrupt');
    expect(got?.['z.txt']).toEqual({ size: text.length, sha: sha(text), read: 'ok' });
  });

  it("a limit thrown by the reader's callback stops the reading and reaches the caller", async () => {
    const zip = await openZipFile(fileOf('limit.zip', zipSync({ 'c.bin': noise })));
    if (!zip) throw new Error('not read');
    class Limit extends Error {}
    await expect(
      zip.read(zip.entries[0] as (typeof zip.entries)[number], () => {
        throw new Limit('over');
      }),
    ).rejects.toBeInstanceOf(Limit);
    await zip.close();
  });
});
