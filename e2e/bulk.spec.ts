import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { cpfCheckDigits } from '../packages/shared/src/documents/cpf';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/rut';
import { type Credentials, demoUser, login, SUPER_ADMIN } from './support/users';

/*
 * Issue 11: a compliance officer loads 50 fichas in Chile (3 bad rows) and 20 operation rows in Brazil from xlsx,
 * watches the progress reach 100%, downloads the error file and finds the 3 rows with their messages, and finds the
 * new fichas in the list, screened.
 */

const stamp = Date.now() % 1_000_000;
const rut = (n: number) => formatRut(`${n}${rutCheckDigit(String(n))}`);
const cpf = (n: number) => {
  const base = String(n).padStart(9, '0');
  return `${base}${cpfCheckDigits(base)}`;
};
const catalog = (lang: string) =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, `../packages/shared/src/locales/${lang}/bulk.json`), 'utf8'),
  ) as {
    columns: Record<string, string>;
  };
const es = catalog('es');
const pt = catalog('pt-BR');
/** a number written in letters (names take letters only) */
const letters = (n: number): string =>
  (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-e2e-'));

async function xlsx(file: string, rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Hoja1');
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(file);
  return file;
}

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: c });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function signedIn(browser: Browser, c: Credentials, locale: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale });
  await login(page, c);
  return page;
}

async function loadFile(page: Page, type: RegExp, name: string, file: string) {
  await page.goto('/tools/massiveUpload');
  await page.getByTestId('bulk-type').getByText(type).click();
  await page.getByTestId('bulk-name').fill(name);
  await page.getByTestId('bulk-dropzone').locator('input[type=file]').setInputFiles(file);
  await page.getByTestId('bulk-start').click();
  await expect(page.getByTestId('bulk-current-progress')).toContainText('100%', { timeout: 90_000 });
}

test('50 fichas in Chile with 3 bad rows and 20 operation rows in Brazil: progress, error file, screened fichas', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // --- Chile: 50 rows, rows 11, 26 and 41 are wrong (document, date, missing name of a legal person)
  const h = es.columns;
  const rows: unknown[][] = [
    [h.personType, h.dni, h.name, h.fatherName, h.motherName, h.socialReason, h.birthDate, h.email, h.nationality],
  ];
  const base = 30_000_000 + stamp * 10;
  for (let i = 0; i < 50; i++) {
    const row = i + 2;
    if (row === 11) rows.push(['natural', '12.345.678-9', 'Documento', 'Malo', 'Uno', null, '01/01/1980', null]);
    else if (row === 26) rows.push(['natural', rut(base + i), 'Fecha', 'Mala', 'Dos', null, '31/02/1980', null]);
    else if (row === 41) rows.push(['jurídica', rut(base + i), null, null, null, null, null, null]);
    else if (row === 2)
      rows.push(['natural', rut(base + i), 'Nicolás', 'Maduro', 'Moros', null, '23/11/1962', null, 'VE']);
    else
      rows.push([
        'natural',
        rut(base + i),
        `Cargado${letters(i)}`,
        'Masivo',
        'Prueba',
        null,
        '15/03/1985',
        `c${i}@correo.test`,
      ]);
  }
  const clFile = await xlsx(path.join(dir, 'fichas-cl.xlsx'), rows);
  const cl = await signedIn(browser, demoUser('admin', 'cl'), 'es-CL');
  await loadFile(cl, /^Fichas 3\.0$/, `E2E fichas ${stamp}`, clFile);
  await expect(cl.getByTestId('bulk-current-counts')).toHaveText('Creadas: 47 · Actualizadas: 0 · Con error: 3');
  await cl.getByTestId('bulk-current-errors').click();
  const table = cl.getByTestId('bulk-errors-table');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table).toContainText('12.345.678-9 no es un RUT válido');
  const downloading = cl.waitForEvent('download');
  await cl.getByTestId('bulk-errors-download').click();
  const saved = path.join(dir, 'errors.xlsx');
  await (await downloading).saveAs(saved);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(saved);
  const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
  const report = [2, 3, 4].map((r) => (sheet.getRow(r).values as unknown[]).slice(1, 5).map(String));
  expect(report.map((r) => r[0])).toEqual(['11', '26', '41']);
  expect(report[0]?.[1]).toBe(h.dni);
  expect(report[1]?.[1]).toBe(h.birthDate);
  expect(report[1]?.[2]).toBe('31/02/1980');
  expect(report[2]?.[3]).toBeTruthy();
  await cl.keyboard.press('Escape');
  // the history shows the load finished with its counts
  await cl.goto('/home/massiveBulks');
  const hist = cl.getByTestId('bulk-history-table');
  await expect(hist).toContainText(`E2E fichas ${stamp}`);
  await expect(hist).toContainText('Creadas: 47 · Actualizadas: 0 · Con error: 3');
  // the new fichas are in the list, and the sanctioned name was screened
  await cl.goto('/home/fichas');
  await cl.getByTestId('fichas-search').fill(`Cargado${letters(7)} Masivo`);
  await expect(cl.getByRole('link', { name: new RegExp(`^Cargado${letters(7)} Masivo`) })).toBeVisible({
    timeout: 20_000,
  });
  const auth = { Authorization: `Bearer ${await token(request, demoUser('admin', 'cl'))}` };
  const hit = await request.get(`/api/fichas-clientes/by-dni/${encodeURIComponent(rut(base))}`, { headers: auth });
  expect(hit.ok(), await hit.text()).toBeTruthy();
  expect(((await hit.json()) as { listas: { total: number } }).listas.total).toBeGreaterThan(0);
  await cl.close();

  // --- Brazil: a company of its own with bulk loads enabled (the demo's has them off), 20 participant rows
  const root = { Authorization: `Bearer ${await token(request, SUPER_ADMIN)}` };
  const company = await request.post('/api/companies', {
    headers: root,
    data: { name: `E2E Cargas ${stamp} Ltda`, country: 'BR', massiveBulks: true },
  });
  expect(company.ok(), await company.text()).toBeTruthy();
  const br: Credentials = { email: `bulk.${stamp}@example.test`, password: 'Start.2026-e2e' };
  const user = await request.post('/api/users', {
    headers: root,
    data: {
      name: 'Carla Souza',
      email: br.email,
      role: 'admin',
      password: br.password,
      companyId: (await company.json()).id,
    },
  });
  expect(user.ok(), await user.text()).toBeTruthy();
  const o = pt.columns;
  const header = [
    o.operationRef,
    o.transactionType,
    o.transactionDate,
    o.currency,
    o.reference,
    o.comments,
    o.personType,
    o.documentCountry,
    o.documentType,
    o.dni,
    o.name,
    o.fatherName,
    o.motherName,
    o.socialReason,
    o.amount,
    o.cash,
  ];
  const ops: unknown[][] = [header];
  for (let i = 0; i < 20; i++) {
    const op = Math.floor(i / 2) + 1;
    ops.push([
      `OP-${op}`,
      'Venda',
      '10/01/2026',
      'BRL',
      `REF-${op}`,
      null,
      'física',
      'BR',
      'CPF',
      cpf(100_000_000 + stamp * 100 + i),
      `Pessoa ${letters(i)}`,
      'Teste',
      null,
      null,
      1000 + i,
      i % 2 ? 0 : 100,
    ]);
  }
  const brFile = await xlsx(path.join(dir, 'operacoes-br.xlsx'), ops);
  const bp = await signedIn(browser, br, 'pt-BR');
  await loadFile(bp, /^Operações$/, `E2E operações ${stamp}`, brFile);
  await expect(bp.getByTestId('bulk-current-counts')).toHaveText('Criadas: 20 · Atualizadas: 0 · Com erro: 0');
  const brAuth = { Authorization: `Bearer ${await token(request, br)}` };
  const count = await request.get('/api/consultations/count', { headers: brAuth });
  expect(((await count.json()) as { count: number }).count).toBe(10);
  await bp.close();
});
