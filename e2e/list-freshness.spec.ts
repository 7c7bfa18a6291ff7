import { expect, test } from '@playwright/test';
import { demoUser, login, SUPER_ADMIN } from './support/users';

/*
 * Issue 27, point 1, as the officer and the super administrator see it: the shipped OFAC snapshot of 3 May 2024 is
 * out of date (a daily list), the lists without entries are empty, on the lists page, the dashboard, the company's
 * list controls and each screening result.
 */

const daysSince = (iso: string) => Math.floor((Date.now() - Date.parse(`${iso}T00:00:00Z`)) / 86_400_000);

test('the lists page, the list controls, the dashboard and a screening result say how old each list is', async ({
  page: adminPage,
  request,
  browser,
}) => {
  let page = adminPage;
  await login(page, SUPER_ADMIN);
  await page.goto('/regcheck/lists');
  await expect(page.getByTestId('list-ofac')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('freshness-ofac')).toHaveText('Desactualizada', { timeout: 30_000 });
  const ofacRow = page.getByTestId('lists-catalogue').locator('tr', { has: page.getByTestId('list-ofac') });
  await expect(ofacRow).toContainText('Fecha de la versión: 03/05/2024');
  await expect(ofacRow).toContainText(`${daysSince('2024-05-03')} días de antigüedad`);
  await expect(ofacRow).toContainText('Actualización esperada: Diaria');
  await expect(ofacRow).toContainText('Fuente: www.treasury.gov');
  await expect(page.getByTestId('freshness-interpol')).toHaveText('Vacía');

  // "Listas y ponderaciones" of a company: Interpol is empty, not "Sí"
  const login_ = await request.post('/api/users/login', { data: SUPER_ADMIN });
  const token = ((await login_.json()) as { token: string }).token;
  const companies = (await (
    await request.get(`/api/companies?filter=${encodeURIComponent('{"limit":100}')}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { id: string; name: string }[];
  const chile = companies.find((c) => c.name === 'Demo Chile SpA');
  await page.goto(`/regcheck/companies/${chile?.id}/edit/riskController`);
  await expect(page.getByTestId('list-screens-interpol')).toHaveText('Vacía: no revisa', { timeout: 30_000 });
  await expect(page.getByTestId('list-screens-ofac')).toHaveText('Sí');

  // the officer's dashboard and a screening result
  const officer = await browser.newContext();
  page = await officer.newPage();
  await login(page, demoUser('admin', 'cl'));
  await page.goto('/home/dashboard');
  const alert = page.getByTestId('stale-lists');
  await expect(alert).toContainText('Listas desactualizadas o vacías', { timeout: 30_000 });
  await expect(alert.getByTestId('stale-list-ofac')).toContainText('versión del 03/05/2024');
  await expect(alert.getByTestId('empty-lists-line')).toContainText('Interpol');

  await page.goto('/home/person/consult');
  await page.getByLabel('Nombres', { exact: true }).fill('Joaquin');
  await page.getByLabel('Apellido paterno', { exact: true }).fill('Guzman');
  await page.getByLabel('Apellido materno', { exact: true }).fill('Loera');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const ofac = page.getByTestId('list-result-ofac');
  await expect(ofac).toBeVisible({ timeout: 30_000 });
  await expect(ofac.getByTestId('screened-against')).toHaveText(
    `Revisado contra OFAC SDN (Tesoro de EE. UU.) del 03/05/2024: ${daysSince('2024-05-03')} días de antigüedad, lista desactualizada`,
  );
  await expect(page.getByTestId('list-result-interpol')).toHaveCount(0);
  await expect(page.getByTestId('empty-lists')).toContainText('Interpol está vacía: no revisa a nadie');
});
