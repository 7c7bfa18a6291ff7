import { expect } from 'vitest';
import type { TestApp } from './harness';

/**
 * A bulk load as an administrator of the Chilean demo company starts one: the signed upload address, the file put
 * there, the load started on it; each answer 200. Returns the start's answer (its `id` is the load's).
 */
export async function startBulkLoad(
  t: TestApp,
  bytes: Buffer,
  body: { customName: string; loadType: string; country: string },
) {
  const u = await t.post('admin', '/api/carga-masiva/upload-url');
  expect(u.statusCode, u.body).toBe(200);
  const put = await t.call({
    as: 'admin',
    method: 'PUT',
    url: u.json().url,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.statusCode, put.body).toBe(200);
  const started = await t.post('admin', '/api/carga-masiva', { ...body, urlFile: u.json().urlFile });
  expect(started.statusCode, started.body).toBe(200);
  return started;
}
