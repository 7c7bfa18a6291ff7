import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { catalogText } from './support/catalog';
import { switchLanguage } from './support/languages';
import { demoUser, login } from './support/users';

/*
 * The inspector's file on the ficha's page (issue 28): the auditor asks for it, sees the job's progress, is told
 * when it is ready and downloads a zip with the signed PDF, the JSON and the manifest; in the three languages.
 */

function newRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return formatRut(`${body}${rutCheckDigit(body)}`);
}

test("the auditor asks for a customer's inspector file, follows it and downloads the zip", async ({ page }) => {
  const token = await page.request
    .post('/api/users/login', { data: demoUser('admin', 'cl') })
    .then(async (r) => ((await r.json()) as { token: string }).token);
  const res = await page.request.post('/api/fichas-clientes', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      personType: 'natural',
      dni: newRut(),
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Inés',
      fatherName: 'Inspección',
      email: 'ines.inspeccion@example.cl',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const id = ((await res.json()) as { id: string }).id;

  await login(page, demoUser('auditor', 'cl'));
  await switchLanguage(page, 'Español');
  await page.goto(`/home/fichas/${id}`);
  await page.getByTestId('inspection-open').click();
  await expect(page.getByText(catalogText('es', 'reports:inspection.ui.none'))).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/inspection/es-empty-1440.png' });
  await page.getByTestId('inspection-generate').click();
  const file = page.getByTestId('inspection-file').first();
  await expect(file).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
  await expect(page.getByText(catalogText('es', 'reports:inspection.ui.readyToast'))).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('inspection-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^expediente-ines-inspeccion\.zip$/);
  const bytes = await download.path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p)));
  const parts = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(parts).sort()).toEqual([
    'expediente-ines-inspeccion.json',
    'expediente-ines-inspeccion.pdf',
    'manifest.json',
  ]);

  // anyone checks the zip at /public/verify: valid, each part unchanged (the page in the visitor's language)
  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error('no browser');
  await visitor.goto('/public/verify');
  await visitor
    .locator('input[type="file"]')
    .setInputFiles({ name: 'expediente.zip', mimeType: 'application/zip', buffer: bytes });
  const result = visitor.getByTestId('verify-inspection');
  await expect(result).toContainText(catalogText('es', 'forms:verify.inspectionValid'));
  // the whole text, as sentences: the file's kind ends with its full stop before "Generado…"
  await expect(result).toContainText(
    /Expediente de debida diligencia de un cliente de Demo Chile SpA\. Generado por RegCheck el \d{2}\/\d{2}\/\d{4}\. Firmado por RegCheck y sin cambios\./,
  );
  await expect(result).toContainText(
    `expediente-ines-inspeccion.pdf: ${catalogText('es', 'forms:verify.part.unchanged')}`,
  );
  await visitor.setViewportSize({ width: 1440, height: 900 });
  await visitor.screenshot({ path: 'test-results/inspection/es-verify-zip-1440.png', fullPage: true });
  await visitor.close();

  for (const [label, lang] of [
    ['Español', 'es'],
    ['English', 'en'],
    ['Português', 'pt-BR'],
  ] as const) {
    if (lang !== 'es') {
      await page.keyboard.press('Escape');
      await switchLanguage(page, label);
      await page.getByTestId('inspection-open').click();
    }
    await expect(page.getByRole('dialog')).toContainText(catalogText(lang, 'reports:inspection.ui.intro'));
    await expect(file).toContainText(catalogText(lang, 'reports:inspection.ui.ready'));
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 800 });
      await page.screenshot({ path: `test-results/inspection/${lang}-ready-${width}.png` });
    }
  }
});

test("the auditor asks for the inspector's period pack from the sidebar and downloads it", async ({ page }) => {
  await login(page, demoUser('auditor', 'cl'));
  await switchLanguage(page, 'Español');
  await page.goto('/home/fichas/inspectionPack');
  // offered in the fichas menu, which this page opens
  await expect(page.getByRole('link', { name: catalogText('es', 'shell:nav.inspectionPack') })).toBeVisible();
  await expect(page.getByRole('heading', { name: catalogText('es', 'reports:inspection.ui.packTitle') })).toBeVisible();
  await page.getByTestId('pack-generate').click();
  const file = page.getByTestId('pack-file').first();
  await expect(file).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
  await expect(page.getByText(catalogText('es', 'reports:inspection.ui.packReadyToast'))).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), file.getByTestId('pack-download').click()]);
  const bytes = await download.path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p)));
  const parts = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(parts)).toContain('manifest.json');
  expect(Object.keys(parts).some((p) => p.endsWith('.pdf'))).toBe(true);
  for (const [label, lang] of [
    ['Español', 'es'],
    ['English', 'en'],
    ['Português', 'pt-BR'],
  ] as const) {
    if (lang !== 'es') {
      await switchLanguage(page, label);
    }
    await expect(
      page.getByRole('heading', { name: catalogText(lang, 'reports:inspection.ui.packTitle') }),
    ).toBeVisible();
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 800 });
      await page.screenshot({ path: `test-results/inspection/${lang}-pack-${width}.png`, fullPage: true });
    }
  }
  // a reader in Portuguese is told in Portuguese: both toasts are said in the page's language when shown, and the
  // toasts of the Spanish pass were closed by the switch of language (they were seen on the Portuguese page)
  await expect(page.getByText(catalogText('es', 'reports:inspection.ui.packReadyToast'))).toHaveCount(0);
  await expect(page.getByText(catalogText('es', 'reports:inspection.ui.packStarted'))).toHaveCount(0);
  await page.getByTestId('pack-generate').click();
  await expect(page.getByText(catalogText('pt-BR', 'reports:inspection.ui.packStarted'))).toBeVisible();
  await expect(page.getByTestId('pack-file').first()).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
  await expect(page.getByText(catalogText('pt-BR', 'reports:inspection.ui.packReadyToast'))).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/inspection/pt-BR-pack-toasts-1440.png' });
  await switchLanguage(page, 'Español');
});
