// A bulk load as a user makes it, for the benchmarks (bench:bulk, bench:load's bulk scenarios): a fichas 3.0 file
// generated on disk, uploaded through the routes (POST /api/carga-masiva/upload-url, PUT of the bytes to the signed
// URL, POST /api/carga-masiva) and followed through GET /api/carga-masiva/{id} until the job says it is over.
import fs from 'node:fs';
import path from 'node:path';
import type { BulkLoadViewT } from '@regcheck/shared/schemas/bulk-loads';
import { writeFichasFile } from '../../apps/server/src/modules/bulk-loads/bulk-loads.samples';
import { api } from '../../apps/server/test/child-server';

/** What GET /api/carga-masiva/{id} answers (the contract's schema). */
export type LoadView = BulkLoadViewT;

/** The statuses in which a load no longer moves on its own ('update' waits for the user's answer). */
const OVER = ['done', 'error', 'invalid', 'update'];

/**
 * Writes a fichas file of about `rows` spreadsheet rows in `dir`: each group of five persons is four natural ones (one
 * row each) and a legal one followed by two related persons (three rows); one main row in a hundred is invalid. RUTs
 * start at `firstRut`. Answers the file's path, its exact row count (header excluded), its size in bytes and its
 * content (read here, outside any timer).
 */
export async function writeBulkFile(dir: string, rows: number, firstRut: number) {
  const file = path.join(dir, 'fichas.xlsx');
  const written = await writeFichasFile(file, Math.round((rows * 5) / 7), firstRut);
  return { file, ...written, content: fs.readFileSync(file) };
}

/** Uploads `file` through the signed URL and starts the load as the user of `token`; answers the load's id. */
export async function startBulkLoad(url: string, token: string, file: Buffer, customName: string) {
  const signed = await api<{ url: string; urlFile: string }>(url, token, 'POST', '/api/carga-masiva/upload-url');
  if (signed.status !== 200) throw new Error(`upload-url: ${signed.status} ${JSON.stringify(signed.body)}`);
  const put = await fetch(`${url}${signed.body.url}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: file,
  });
  if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);
  const started = await api<{ id: string }>(url, token, 'POST', '/api/carga-masiva', {
    customName,
    loadType: 'fichas',
    urlFile: signed.body.urlFile,
  });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body.id;
}

/**
 * Reads the load every `everyMs` until it is over; answers its last view. The access token lasts 15 minutes
 * (ACCESS_TOKEN_TTL) and a long load outlives it: on a 401, `signIn` gives a new one, as the browser renews its own.
 */
export async function waitForBulkLoad(
  url: string,
  token: string,
  id: string,
  everyMs = 500,
  signIn?: () => Promise<string>,
): Promise<LoadView> {
  let current = token;
  for (;;) {
    await new Promise((r) => setTimeout(r, everyMs));
    const res = await api<LoadView>(url, current, 'GET', `/api/carga-masiva/${id}`);
    if (res.status === 401 && signIn) {
      current = await signIn();
      continue;
    }
    if (res.status !== 200) throw new Error(`GET /api/carga-masiva/${id}: ${res.status} ${JSON.stringify(res.body)}`);
    if (OVER.includes(res.body.bulkStatus)) return res.body;
  }
}

/**
 * Whether every row of a file of `rows` rows is accounted for: the load finished ('done', or 'error' when some rows
 * failed, as the generated files' invalid rows do), counted all of them, processed all of them, and each is created,
 * updated or failed. Answers the verdict and a line that says so.
 */
export function accountedFor(view: LoadView, rows: number) {
  const sum = view.created + view.updated + view.failed;
  const ok =
    ['done', 'error'].includes(view.bulkStatus) &&
    view.total === rows &&
    view.bulkProcessedQuantity === rows &&
    sum === rows;
  const line =
    `${view.bulkStatus}: ${view.bulkProcessedQuantity}/${view.total} of the file's ${rows} rows processed; created ` +
    `${view.created}, updated ${view.updated}, failed ${view.failed}` +
    (view.fileError ? `; file error: ${view.fileError}` : '') +
    ` [every row accounted for: ${ok ? 'yes' : 'NO'}]`;
  return { ok, line };
}
