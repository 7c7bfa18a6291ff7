import { expect, type Page, test } from '@playwright/test';
import { switchLanguage } from './support/languages';
import { createCompanyUser, demoUser, login, SUPER_ADMIN } from './support/users';

/*
 * Issue 27, point 4 (decision 190): the texts the issue found in the wrong language read in the reader's language:
 * the notifications (written as keys when raised), the lists' names and the FATF entries, the page title; the
 * Chilean reports page offers no CPF/CNPJ validator.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test('the notifications of a Chilean company read in English and in Portuguese, titles included', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { country: 'cl', role: 'userMonitoring' });
  await login(page, user);
  await page.goto('/home/notifications');
  // the demo's list match, raised in Spanish (the company's language)
  await expect(page.getByText(/^Nueva coincidencia en listas: /).first()).toBeVisible();
  await expect(page).toHaveTitle('Notificaciones · RegCheck');

  await switchLanguage(page, 'English');
  await expect(page.getByText(/^New list match: /).first()).toBeVisible();
  await expect(page.getByText(/^Nueva coincidencia/)).toHaveCount(0);
  await expect(page).toHaveTitle('Notifications · RegCheck');
  await page.screenshot({ path: test.info().outputPath('notifications-en.png') });

  await switchLanguage(page, 'Português');
  await expect(page.getByText(/^Nova coincidência em listas: /).first()).toBeVisible();
  await expect(page.getByText(/^New list match/)).toHaveCount(0);
  await expect(page).toHaveTitle('Notificações · RegCheck');
  await page.screenshot({ path: test.info().outputPath('notifications-pt-BR.png') });
});

test('the lists and the FATF entries read in English and in Portuguese', async ({ page, request }) => {
  // a super administrator of its own: the language is stored on the user, and the other worker signs in as the
  // demo super administrator meanwhile (switching that one's language made its pages read Portuguese)
  const root = await request.post('/api/users/login', { data: SUPER_ADMIN });
  expect(root.ok(), await root.text()).toBeTruthy();
  const own = { email: `e2e.root.${Date.now()}@example.test`, password: 'Start.2026-e2e' };
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${((await root.json()) as { token: string }).token}` },
    data: { name: 'E2E Root', role: 'superAdmin', ...own },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await login(page, own);
  try {
    await switchLanguage(page, 'English');
    await page.goto('/regcheck/lists');
    await expect(page.getByTestId('list-gafi')).toHaveText('FATF countries');
    await expect(page.getByTestId('list-pep-register')).toContainText('RegCheck PEP');
    await expect(page).toHaveTitle('Lists · RegCheck');
    await page.screenshot({ path: test.info().outputPath('lists-en.png') });

    await switchLanguage(page, 'Português');
    await page.goto('/regcheck/lists');
    await expect(page.getByTestId('list-gafi')).toHaveText('Países do GAFI');
    await expect(page.getByTestId('list-pep-register')).toContainText('Cadastro PEP');
    await expect(page).toHaveTitle('Listas · RegCheck');
    await page.screenshot({ path: test.info().outputPath('lists-pt-BR.png') });

    // the FATF entries (stored as seeded, in English) by their country and reason in Portuguese
    await page.getByTestId('list-gafi').click();
    await expect(page.getByRole('link', { name: 'Argélia', exact: true })).toBeVisible();
    await expect(page.getByText('Algeria', { exact: true })).toHaveCount(0);
    // the entry itself: its name and its reason
    await page.getByRole('link', { name: 'Argélia', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Argélia' })).toBeVisible();
    await expect(page.getByText('sob monitoramento reforçado', { exact: true })).toBeVisible();
    await expect(page.getByText('increased monitoring')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('fatf-entry-pt-BR.png') });
  } finally {
    await switchLanguage(page, 'Español');
  }
});

test('the CPF/CNPJ validator report is offered to a Brazilian company only', async ({ browser }) => {
  for (const [country, offered] of [
    ['cl', false],
    ['br', true],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await login(page, demoUser('admin', country));
    await page.goto('/home/reports');
    await expect(page.getByTestId('report-kind')).toBeVisible();
    if (offered) await expect(page.getByTestId('report-kind')).toContainText('CPF/CNPJ');
    else await expect(page.getByTestId('report-kind')).not.toContainText('CPF/CNPJ');
    await context.close();
  }
});

test('the super administrator writes a news item with its Portuguese translation; a Brazilian company reads it in Portuguese', async ({
  browser,
}) => {
  const stamp = Date.now();
  const root = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await root.newPage();
  await login(page, SUPER_ADMIN);
  await page.goto('/regcheck/news');
  await page.getByTestId('news-new').click();
  await page.getByTestId('news-title').fill(`GAFI: plenaria ${stamp}`);
  await page.getByTestId('news-body').fill('El GAFI actualizó sus listas.');
  await page.getByTestId('news-title-pt-BR').fill(`GAFI: plenária ${stamp}`);
  await page.getByTestId('news-body-pt-BR').fill('O GAFI atualizou suas listas.');
  await page.screenshot({ path: test.info().outputPath('news-form-es.png') });
  await page.getByTestId('news-save').click();
  await expect(page.getByTestId('news-form')).toHaveCount(0);
  await root.close();

  const br = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const brPage = await br.newPage();
  await login(brPage, demoUser('admin', 'br'));
  await brPage.goto('/home/news');
  await expect(brPage.getByText(`GAFI: plenária ${stamp}`)).toBeVisible();
  await expect(brPage.getByText(`GAFI: plenaria ${stamp}`)).toHaveCount(0);
  await br.close();
});
