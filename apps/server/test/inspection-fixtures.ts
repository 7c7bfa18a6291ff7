import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import { formPdfText } from './form-pdf-text';
import type { TestApp } from './harness';

/**
 * A ficha's customer file as an administrator asks for it: started (200), made by the queue, ready without error,
 * downloaded; its PDF's text (white space folded) and its JSON.
 */
export async function customerFile(t: TestApp, fichaId: string, company: 'cl' | 'br' = 'cl') {
  const start = await t.post({ as: 'admin', company }, `/api/fichas-clientes/${fichaId}/inspection-file`);
  expect(start.statusCode, start.body).toBe(200);
  await t.deps.queue.drain();
  const view = await t.get({ as: 'admin', company }, `/api/inspection/files/${start.json().id}`);
  expect(view.json()).toMatchObject({ status: 'ready', error: null });
  const zip = await t.get({ as: 'admin', company }, view.json().downloadUrl);
  const parts = unzipSync(new Uint8Array(zip.rawPayload));
  const pdfName = Object.keys(parts).find((p) => p.endsWith('.pdf') && !p.includes('/')) ?? '';
  const text = (await formPdfText(parts[pdfName] as Uint8Array)).replace(/\s+/g, ' ');
  const json = JSON.parse(Buffer.from(parts[pdfName.replace(/\.pdf$/, '.json')] as Uint8Array).toString('utf8'));
  return { text, json };
}
