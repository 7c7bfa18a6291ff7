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

test('the templates download with their header and help sheet; a load naming trashed fichas asks which to restore', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, demoUser('admin', 'cl'), 'es-CL');
  await page.goto('/tools/massiveUpload');

  // the 'fichas 3.0' template: the header row in Spanish and a second sheet explaining each column
  for (const [type, first] of [
    [/^Fichas 3\.0$/, es.columns.personType],
    [/^Operaciones$/, es.columns.operationRef],
  ] as const) {
    await page.getByTestId('bulk-type').getByText(type).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bulk-template').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path()) as string);
    expect(wb.worksheets.length).toBeGreaterThanOrEqual(2);
    const header = ((wb.worksheets[0] as ExcelJS.Worksheet).getRow(1).values as unknown[]).slice(1).map(String);
    expect(header[0]).toBe(first);
    expect(header).toContain(es.columns.dni);
    // the help sheet names every column of the header with an explanation
    const help = wb.worksheets[1] as ExcelJS.Worksheet;
    const explained: string[] = [];
    help.eachRow((r, n) => {
      if (n > 1) explained.push(String((r.values as unknown[])[1]));
    });
    for (const h of header) expect(explained).toContain(h);
  }

  // two customers trashed, then a file with their documents and a new one
  const auth = { Authorization: `Bearer ${await token(request, demoUser('admin', 'cl'))}` };
  const base = 40_000_000 + stamp * 10;
  const [a, b, c] = [rut(base + 1), rut(base + 2), rut(base + 3)];
  const ids: string[] = [];
  for (const [dni, name] of [
    [a, 'Restaurada'],
    [b, 'Reemplazada'],
  ] as const) {
    const r = await request.post('/api/fichas-clientes', {
      headers: auth,
      data: { personType: 'natural', dni, name, fatherName: 'Similar', motherName: 'Prueba' },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
    ids.push(((await r.json()) as { id: string }).id);
  }
  const del = await request.patch('/api/fichas-clientes/soft-delete', { headers: auth, data: { fichasIds: ids } });
  expect(del.ok(), await del.text()).toBeTruthy();
  const h = es.columns;
  const file = await xlsx(path.join(dir, 'similares.xlsx'), [
    [h.personType, h.dni, h.name, h.fatherName, h.motherName],
    ['natural', a, 'Restaurada', 'Similar', 'Cargada'],
    ['natural', b, 'Reemplazada', 'Similar', 'Cargada'],
    ['natural', c, 'Nueva', 'Similar', 'Cargada'],
  ]);
  await page
    .getByTestId('bulk-type')
    .getByText(/^Fichas 3\.0$/)
    .click();
  await page.getByTestId('bulk-name').fill(`E2E similares ${stamp}`);
  await page.getByTestId('bulk-dropzone').locator('input[type=file]').setInputFiles(file);
  await page.getByTestId('bulk-start').click();
  const dialog = page.getByTestId('bulk-similar-dialog');
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toContainText('El archivo incluye documentos de fichas eliminadas (2)');
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  await expect(dialog.getByTestId('bulk-similar-restore')).toBeDisabled();
  if (process.env.E2E_SHOTS) {
    fs.mkdirSync(path.join(process.env.E2E_SHOTS, 'bulk'), { recursive: true });
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'bulk', 'es-1440x900-similar-dialog.png') });
  }
  await dialog
    .getByRole('checkbox', { name: new RegExp(`^Restaurada Similar Prueba \\(${a.replace(/\./g, '\\.')}\\), fila 2$`) })
    .check();
  await expect(dialog.getByTestId('bulk-similar-restore')).toHaveText('Restaurar 1 seleccionadas');
  await dialog.getByTestId('bulk-similar-restore').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('bulk-current-progress')).toContainText('100%', { timeout: 60_000 });
  await expect(page.getByTestId('bulk-current-counts')).toHaveText('Creadas: 2 · Actualizadas: 1 · Con error: 0');
  // the chosen one came back (same ficha, the file's data); the other is a new ficha, the old one stays trashed
  const byDni = async (dni: string) =>
    (await (await request.get(`/api/fichas-clientes/by-dni/${encodeURIComponent(dni)}`, { headers: auth })).json()) as {
      id: string;
      motherName: string;
    };
  expect(await byDni(a)).toMatchObject({ id: ids[0], motherName: 'Cargada' });
  expect((await byDni(b)).id).not.toBe(ids[1]);
  await page.close();
});
