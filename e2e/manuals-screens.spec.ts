import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { catalogText } from './support/catalog';
import { cutTexts } from './support/cut-text';
import { type Lang, SIZES, SWITCH, switchLanguage } from './support/languages';
import { type Credentials, createCompanyUser, login, SUPER_ADMIN } from './support/users';

/*
 * Issue 27 point 6 ("the screens check at 1440 and 1280 px finds nothing cut, in three languages"), the manuals page
 * with its table loaded: a manual with a long name uploaded first, then the page read by the company's officer (who
 * manages the manuals: name, date, uploader, actions) and by a super administrator (every company's manuals, with the
 * company), in Spanish, Portuguese and English at 1440x900 and 1280x800. The long name is shown whole in its row,
 * nothing is cut by its box, and no header or button is left untranslated.
 */
test.setTimeout(360_000);

const LANGS: Lang[] = ['es', 'pt-BR', 'en'];

async function bearer(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return `Bearer ${((await res.json()) as { token: string }).token}`;
}

async function pdfBytes() {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]);
  return Buffer.from(await doc.save());
}

/** The manuals page, its table loaded with the long-named manual: whole, translated, photographed at both sizes. */
async function readManuals(page: Page, lang: Lang, who: string, name: string, headers: string[]) {
  await page.goto('/home/manual');
  await expect(page.getByRole('heading', { name: catalogText(lang, 'reports:manuals.title') })).toBeVisible();
  const table = page.getByTestId('manuals-table');
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  for (const h of headers) await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: catalogText(lang, 'reports:manuals.download') })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.locator('#root[aria-busy="true"]')).toHaveCount(0);
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    // the long name whole in its cell, on lines of its own rather than cut
    await expect(row.getByText(name, { exact: true })).toBeVisible();
    expect(await cutTexts(page), `manuals ${who} ${lang} ${size.width}`).toEqual([]);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`manuals-${who}-${lang}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

test('the manuals page with its table loaded reads whole in three languages at 1440 and 1280, for the officer and the super administrator', async ({
  page,
  browser,
  request,
}) => {
  const officer = await createCompanyUser(request, { country: 'cl', role: 'admin' });
  const name = `Manual de prevención del lavado de activos y del financiamiento del terrorismo, versión ${Date.now() % 100_000} con anexos (Circular UAF 62/2025)`;
  const up = await request.post(`/api/companies-manuals?name=${encodeURIComponent(name)}`, {
    headers: { Authorization: await bearer(request, officer) },
    multipart: { file: { name: 'manual.pdf', mimeType: 'application/pdf', buffer: await pdfBytes() } },
  });
  expect(up.ok(), await up.text()).toBeTruthy();

  await page.setViewportSize(SIZES[0]);
  await login(page, officer);
  for (const lang of LANGS) {
    await switchLanguage(page, lang);
    await readManuals(page, lang, 'officer', name, [
      catalogText(lang, 'reports:manuals.name'),
      catalogText(lang, 'reports:manuals.date'),
      catalogText(lang, 'reports:manuals.uploadedBy'),
    ]);
    const row = page.getByTestId('manuals-table').getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('button', { name: catalogText(lang, 'reports:manuals.rename') })).toBeVisible();
  }

  // a super administrator of its own (the language is stored on the user): every company's manuals, with the company
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const own = { name: `Equipo ${tag}`, email: `sa.manuals.${tag}@example.test`, password: 'Start.2026-e2e' };
  const created = await request.post('/api/users', {
    headers: { Authorization: await bearer(request, SUPER_ADMIN) },
    data: { ...own, role: 'superAdmin' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const sa = await browser.newPage({ viewport: SIZES[0] });
  await login(sa, own);
  for (const lang of LANGS) {
    await switchLanguage(sa, lang);
    await readManuals(sa, lang, 'super-admin', name, [
      catalogText(lang, 'reports:manuals.company'),
      catalogText(lang, 'reports:manuals.name'),
      catalogText(lang, 'reports:manuals.date'),
    ]);
  }
  await sa.close();
});
