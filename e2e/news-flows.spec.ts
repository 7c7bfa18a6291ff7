import { type APIRequestContext, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { type Credentials, demoUser, login, SUPER_ADMIN } from './support/users';

/**
 * The super administrator's news screen and the news a company reads through its sidebar; a company's report flow
 * named on its reports dashboard tab and printed on the report; the forms and customers reports of /home/reports.
 */
test.setTimeout(120_000);

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: c });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

test('the super administrator writes, edits and deactivates a news item; a company of its country reads it', async ({
  page,
  browser,
}) => {
  const title = `Circular UAF ${stamp}`;
  await login(page, SUPER_ADMIN);
  await page.getByTestId('nav-newsAdmin').click();
  await expect(page).toHaveURL(/\/regcheck\/news$/);
  await page.getByTestId('news-new').click();
  // the form checks before the server
  await page.getByTestId('news-save').click();
  await expect(page.getByText('Escriba un título')).toBeVisible();
  await page.getByTestId('news-title').fill(title);
  await page.getByTestId('news-body').fill('El ROE del trimestre vence el día 10.');
  await page.getByTestId('news-countries').click();
  await page.getByTestId('news-countries').fill('Chile');
  await page.getByRole('option', { name: 'Chile', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('news-save').click();
  await expect(page.getByText('Noticia publicada', { exact: true })).toBeVisible();
  const row = page.getByTestId('news-table').getByRole('row', { name: new RegExp(title.slice(0, 20)) });
  await expect(row).toContainText('Activa');
  await expect(row).toContainText('Chile');

  // a front-desk user in Chile opens the news from the sidebar
  const reader = await browser.newContext();
  const cl = await reader.newPage();
  await login(cl, demoUser('frontdesk', 'cl'));
  await cl.getByTestId('nav-news').click();
  await expect(cl).toHaveURL(/\/home\/news$/);
  await expect(cl.getByTestId('news-list')).toContainText(title);
  await expect(cl.getByTestId('news-external')).toHaveAttribute('href', 'https://news.example.test/');

  // edited, then deactivated: the reader sees the change, then no longer the item
  await row.getByRole('button', { name: 'Editar' }).click();
  await page.getByTestId('news-title').fill(`${title} (actualizada)`);
  await page.getByTestId('news-save').click();
  await expect(page.getByText('Noticia guardada', { exact: true })).toBeVisible();
  await cl.reload();
  await expect(cl.getByTestId('news-list')).toContainText(`${title} (actualizada)`);
  const edited = page.getByTestId('news-table').getByRole('row', { name: new RegExp(title.slice(0, 20)) });
  await edited.getByRole('button', { name: 'Desactivar' }).click();
  await page.getByTestId('news-toggle-confirm').click();
  await expect(edited).toContainText('Desactivada');
  await cl.reload();
  await expect(cl.getByRole('heading', { name: 'Noticias' })).toBeVisible();
  await expect(cl.getByText(title)).toHaveCount(0);
  await reader.close();
});

test("a company's report flow: the super administrator names the responsible person, the report prints them", async ({
  page,
  request,
}) => {
  const root = { Authorization: `Bearer ${await token(request, SUPER_ADMIN)}` };
  const company = await request.post('/api/companies', {
    headers: root,
    data: { name: `E2E Flujos ${stamp} SpA`, country: 'CL' },
  });
  const companyId = (await company.json()).id as string;
  const admin: Credentials = { email: `flujos.${stamp}@example.test`, password: 'Start.2026-e2e' };
  for (const [name, role, creds] of [
    ['Marta Oficial', 'admin', admin],
    ['Pedro Recepción', 'frontdesk', { email: `pedro.${stamp}@example.test`, password: 'Start.2026-e2e' }],
  ] as const) {
    const res = await request.post('/api/users', { headers: root, data: { name, role, companyId, ...creds } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  await login(page, SUPER_ADMIN);
  await page.goto(`/regcheck/companies/${companyId}/edit/reportsDashboard`);
  await expect(page.getByTestId('flow-conflictOfInterest-responsible')).toContainText('Aún no hay responsable');
  await page.getByTestId('flow-conflictOfInterest-edit').click();
  await expect(page).toHaveURL(/\/reportsDashboard\/conflictOfInterest$/);
  // only users who see the reports are offered
  await page.getByTestId('flow-user').click();
  await expect(page.getByRole('option', { name: /Marta Oficial/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Pedro Recepción/ })).toHaveCount(0);
  await page.getByRole('option', { name: /Marta Oficial/ }).click();
  await page.getByTestId('flow-save').click();
  await expect(page.getByText('Responsable guardado')).toBeVisible();
  await expect(page).toHaveURL(/\/reportsDashboard$/);
  await expect(page.getByTestId('flow-conflictOfInterest-responsible')).toHaveText('Marta Oficial');
  await page.goto(`/regcheck/companies/${companyId}/edit/reportsDashboard/ros`);
  await expect(page.getByTestId('flow-unknown')).toBeVisible();

  // the company's administrator opens the conflict-of-interest report: it names the responsible person
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-logout').click();
  await login(page, admin);
  await page.goto('/home/reports/conflict-of-interest');
  await expect(page.getByText(/Responsable: Marta Oficial/)).toBeVisible();
});

test('the forms and customers reports on /home/reports, on screen and as xlsx', async ({ page }) => {
  await login(page, demoUser('admin', 'cl'));
  await page.goto('/home/reports');
  await page.getByTestId('report-kind').getByText('Clientes').click();
  await page.getByTestId('period-preset').click();
  await page.getByRole('option', { name: 'Desde el inicio' }).click();
  await expect(page.getByTestId('report-fichas-totals')).toContainText('Personas naturales');
  await expect(page.getByTestId('report-fichas-fichas')).toContainText('Maduro');
  await page.getByTestId('report-fichas-options-risk').click();
  await page.getByRole('option', { name: 'Riesgo alto' }).click();
  await expect(page.getByText(/· Alto/)).toBeVisible();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-fichas-xlsx').click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await xlsx.path());
  const names = (wb.worksheets[1]?.getColumn(1).values ?? []).map(String);
  expect(names.some((n) => n.includes('Maduro'))).toBe(true);

  await page.getByTestId('report-kind').getByText('Formularios').click();
  await expect(page.getByTestId('report-forms-options-form-type')).toHaveValue('Declaración de origen de fondos');
  await page.getByTestId('report-forms-options-allow-filled').check();
  await expect(page.getByTestId('report-forms-forms')).toContainText('Formularios completados y firmados');
});
