import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { type Credentials, DEMO_PASSWORD, demoUser, login } from './support/users';

/**
 * exportReport: the admin of the demo starts an export of the list-matches report of this month, sees the toast
 * '¡Iniciando nuevo reporte!', waits for the job to finish in the exports table and downloads the xlsx, which holds
 * the demo's OFAC match. With E2E_SHOTS, screenshots of the page in es, pt-BR and en at 1440x900 and 1280x800.
 */

async function startListsExport(page: Page) {
  await page.goto('/home/reports/exportReport');
  await page.getByTestId('export-report').click();
  await page.getByRole('option', { name: 'Coincidencias en listas' }).click();
  await page.getByTestId('export-start').click();
  await expect(page.getByText('¡Iniciando nuevo reporte!')).toBeVisible();
}

test('starts an export, sees the toast, follows its progress and downloads the xlsx', async ({ page }) => {
  await login(page, demoUser('admin', 'cl'));
  await startListsExport(page);
  const table = page.getByTestId('exports-table');
  const row = table.getByRole('row').filter({ hasText: 'Coincidencias en listas' }).first();
  // the table refreshes by itself while the job runs
  await expect(row).toContainText('Listo', { timeout: 30_000 });
  await expect(row).toContainText('100 %');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Descargar' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^listas_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const sheet = wb.worksheets[0];
  expect(String(sheet?.getCell('A1').value)).toBe('Informe de coincidencias en listas');
  const names = (sheet?.getColumn(1).values ?? []).map(String);
  expect(names.some((n) => n.includes('Maduro'))).toBe(true);
});

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function signedIn(browser: Browser, c: Credentials, viewport: { width: number; height: number }) {
  const page = await browser.newPage({ viewport, locale: 'es-CL' });
  await login(page, c);
  return page;
}

test('screenshots of the export page', async ({ browser, request }) => {
  const out = process.env.E2E_SHOTS;
  test.skip(!out, 'set E2E_SHOTS to a folder to take the screenshots');
  test.setTimeout(300_000);
  const adminToken = await token(request, demoUser('admin', 'cl'));
  for (const [lang, userLang] of [
    ['es', 'es'],
    ['pt-BR', 'br'],
    ['en', 'en'],
  ] as const) {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const user = { email: `exports.${stamp}@example.test`, password: DEMO_PASSWORD };
    const res = await request.post('/api/users', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: {
        name: `Capturas ${lang}`,
        email: user.email,
        role: 'adminNoUser',
        password: user.password,
        lang: userLang,
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    const userToken = await token(request, user);
    for (const report of ['summary', 'finalBeneficiaries']) {
      const r = await request.post('/api/informes/exports', {
        headers: { Authorization: `Bearer ${userToken}` },
        data: { report },
      });
      expect(r.ok(), await r.text()).toBeTruthy();
    }
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1280, height: 800 },
    ]) {
      const page = await signedIn(browser, user, viewport);
      await page.goto('/home/reports/exportReport');
      await expect(page.getByTestId('exports-table').getByRole('button').first()).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(300);
      const size = `${viewport.width}x${viewport.height}`;
      await page.screenshot({ path: path.join(out as string, `${lang}-${size}-export-report.png`), fullPage: true });
      await page.close();
    }
  }
  expect(fs.readdirSync(out as string).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(6);
});
