import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { webCacheControl } from '../src/lib/web-static';
import { createTestApp, type TestApp } from './harness';

/** Issue 16, fast first load: precompressed assets (Brotli, gzip), a year of cache on hashed names only. */

let t: TestApp;
let app: FastifyInstance;
const js = `export const big = ${JSON.stringify('regcheck '.repeat(2000))};\n`;
beforeAll(async () => {
  t = await createTestApp();
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const asset = path.join(dist, 'assets', 'index-AbC123_x.js');
  fs.writeFileSync(asset, js);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(js));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(js));
  app = await buildApp({ ...t.deps, config: { ...t.deps.config, webDist: dist } }, { logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('the built web app is served compressed and cached', () => {
  it('a hashed asset: Brotli when accepted, else gzip, else plain; immutable for a year', async () => {
    const url = '/assets/index-AbC123_x.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(js.length / 10);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('index.html (and any path of the single-page app) is revalidated on every visit', async () => {
    for (const url of ['/', '/login', '/home/fichas']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('id="root"');
    }
  });

  it('only content-hashed names get the long cache', () => {
    expect(webCacheControl('/dist/assets/LoginPage-D4x_9kQe.js.br')).toBe('public, max-age=31536000, immutable');
    expect(webCacheControl('/dist/index.html')).toBe('no-cache');
    expect(webCacheControl('/dist/favicon.svg')).toBe('no-cache');
  });
});
