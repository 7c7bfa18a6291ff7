import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPdfText } from '../../../test/form-pdf-text';
import { operation, signedForm } from '../../../test/forms-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * A Brazilian company's inspector files (issue 28): the customer's file and the period pack in Portuguese, read
 * back from their PDFs; a Chilean company's pair beside them in Spanish. The four PDFs are written to
 * test-results/inspection-pdf/ to be looked at as images (pdftoppm), as the issue is judged by reading them.
 */
let t: TestApp;
const OUT = path.resolve(__dirname, '../../../../../test-results/inspection-pdf');
const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
type FileView = { id: string; status: string; downloadUrl: string | null; error: string | null };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => {
  await t?.close();
});

async function ready(company: 'cl' | 'br', url: string, payload?: Record<string, unknown>) {
  const start = await t.post({ as: 'auditor', company }, url, payload);
  expect(start.statusCode, start.body).toBe(200);
  await t.deps.queue.drain();
  const base = url.startsWith('/api/inspection/packs') ? '/api/inspection/packs' : '/api/inspection/files';
  const view = (await t.get({ as: 'auditor', company }, `${base}/${start.json().id}`)).json() as FileView;
  expect(view.error).toBeNull();
  expect(view.status).toBe('ready');
  const zip = await t.get({ as: 'auditor', company }, view.downloadUrl ?? '');
  expect(zip.statusCode, zip.body).toBe(200);
  const parts = unzipSync(new Uint8Array(zip.rawPayload));
  const pdf = Object.keys(parts).find((p) => p.endsWith('.pdf') && !p.includes('/')) ?? '';
  const bytes = parts[pdf] as Uint8Array;
  return { name: pdf, bytes, text: (await formPdfText(bytes)).replace(/\s+/g, ' ') };
}

/** Nothing a reader should not see: a catalogue key, an empty value, an id, a structure. */
function readable(text: string) {
  expect(text).not.toMatch(/reports:|fichas:|inspection\.|undefined|null|NaN|\{\{|"\w+":/);
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
}

describe("a Brazilian company's inspector files are in Portuguese", () => {
  it("the customer's file of a Brazilian customer", async () => {
    const { o } = await operation(t, 'br');
    const fichaId = o.associates[0]?.fichaId as string;
    const screened = await t.post({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${fichaId}/screen`);
    expect(screened.statusCode, screened.body).toBe(200);
    const f = await ready('br', `/api/fichas-clientes/${fichaId}/inspection-file`);
    writeFileSync(path.join(OUT, 'br-customer.pdf'), f.bytes);
    expect(f.name).toBe('dossie-empresa-teste-ltda.pdf');
    expect(f.text).toContain('Dossiê de diligência: Empresa Teste Ltda');
    for (const heading of [
      'Identidade e documentos',
      'Risco atual e suas mudanças',
      'Consultas em listas',
      'Descartes de coincidências',
      'PEP e beneficiários finais',
      'Diligência reforçada e revisões periódicas',
      'Declarações',
      'Operações e comunicações (ROE / COAF)',
      'Histórico da ficha',
    ])
      expect(f.text).toContain(heading);
    // the screenings made on creation and by hand, each with its hits (none here) in Portuguese
    expect(f.text).toMatch(/consultou a ficha nas listas \(coincidências: \d+\)/);
    expect(f.text).toContain('Nenhuma coincidência em nenhuma lista.');
    // its operation as a Brazilian company reads it: the COAF, never the Chilean ROE; the risk said once
    expect(f.text).toMatch(/Operação \d+ · 14\/03\/2025 Valor: USD 9\.000/);
    expect(f.text).toMatch(/Situação: [^·]+ · risco: Alto Nenhuma comunicação ao COAF registrada para esta operação/);
    expect(f.text).not.toMatch(/ROE apresentado|risco: Risco/);
    // no Spanish sentence on a Portuguese page
    expect(f.text).not.toMatch(/ consultó | Sin coincidencias | Expediente /);
    // the list versions in the reader's language, not as stored (in English)
    expect(f.text).not.toMatch(/review against the current text|FATF plenary/);
    readable(f.text);
  });

  it('the period pack of the Brazilian company', async () => {
    const p = await ready('br', '/api/inspection/packs', { from: monthAgo, to: today });
    writeFileSync(path.join(OUT, 'br-period.pdf'), p.bytes);
    expect(p.text).toContain('Relatório do período para o fiscal');
    for (const heading of [
      'Comunicações ao COAF',
      'Atualizações de listas aplicadas',
      'Alertas e como terminou cada um',
      'Revisões periódicas: feitas e vencidas',
      'Declarações enviadas e assinadas',
      'Treinamentos e manuais vigentes',
      'Canal de denúncias: estatísticas',
    ])
      expect(p.text).toContain(heading);
    // a Brazilian company files with the COAF, not the UAF's ROE
    expect(p.text).not.toContain('à UAF');
    expect(p.text).not.toMatch(/ Informe del período |review against the current text|FATF plenary/);
    readable(p.text);
  });
});

describe("a Chilean company's inspector files are in Spanish", () => {
  it("the customer's file and the period pack", async () => {
    const s = await signedForm(t);
    const fichaId = s.o.associates[0]?.fichaId as string;
    const f = await ready('cl', `/api/fichas-clientes/${fichaId}/inspection-file`);
    writeFileSync(path.join(OUT, 'cl-customer.pdf'), f.bytes);
    expect(f.text).toContain('Identidad y documentos');
    expect(f.text).toMatch(/consultó la ficha en las listas \(coincidencias: \d+\)/);
    expect(f.text).toMatch(/Estado: [^·]+ · riesgo: (Bajo|Medio|Alto) No figura en ningún ROE presentado/);
    expect(f.text).not.toContain('COAF registrada');
    readable(f.text);
    const p = await ready('cl', '/api/inspection/packs', { from: monthAgo, to: today });
    writeFileSync(path.join(OUT, 'cl-period.pdf'), p.bytes);
    expect(p.text).toContain('Reportes de operaciones en efectivo (ROE) a la UAF');
    expect(p.text).not.toContain('Comunicações ao COAF');
    expect(`${f.text} ${p.text}`).not.toMatch(/review against the current text|FATF plenary/);
    expect(f.name).toMatch(/^expediente-/);
    readable(p.text);
  });
});
