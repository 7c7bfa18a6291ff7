import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoUser, login, SUPER_ADMIN } from './support/users';

/**
 * Issue 27: a select keeps its value when its chosen option is clicked a second time (Mantine's default emptied it,
 * and a required field went blank without a word). Only a select with a clear button (×) can be emptied, by it.
 * The project default is in apps/web/src/app/theme.ts; these selects do not set it themselves.
 */

/** Opens the select and clicks the option with this name, as a person does. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a required select keeps its value when its option is chosen again; a clearable one empties by its ×', async ({
  page,
}) => {
  await login(page, SUPER_ADMIN);
  await page.goto('/regcheck/companies/create');

  // the company's country: required and searchable
  const country = page.getByTestId('company-country');
  await country.click();
  await country.fill('Chile');
  await page.getByRole('option', { name: 'Chile', exact: true }).click();
  await expect(country).toHaveValue('Chile');
  await choose(page, country, 'Chile');
  await expect(country).toHaveValue('Chile');

  // the whistleblowing channel's state: a plain select
  const channel = page.getByTestId('company-allegations');
  await choose(page, channel, 'Activo');
  await expect(channel).toHaveValue('Activo');
  await choose(page, channel, 'Activo');
  await expect(channel).toHaveValue('Activo');

  // saving finds nothing missing: the country is still there
  await page.getByTestId('company-name').fill(`E2E Selección ${Date.now()}`);
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Sujeto obligado creado')).toBeVisible();

  // a filter meant to be emptied: choosing its option again keeps it, its × empties it
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-logout').click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await login(page, demoUser('admin', 'cl'));
  await page.goto('/home/fichas');
  const risk = page.getByRole('combobox', { name: 'Riesgo', exact: true });
  await choose(page, risk, 'Riesgo alto');
  await expect(risk).toHaveValue('Riesgo alto');
  await choose(page, risk, 'Riesgo alto');
  await expect(risk).toHaveValue('Riesgo alto');
  await risk.locator('xpath=..').locator('button').click();
  await expect(risk).toHaveValue('');
});
