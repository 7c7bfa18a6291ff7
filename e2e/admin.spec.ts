import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { login } from './support/users';

test('the super administrator creates a company and changes its risk cut-off', async ({ page }) => {
  const name = `E2E Sujeto ${Date.now()}`;
  await login(page, E2E_ADMIN);

  await page.goto('/regcheck/companies');
  await expect(page.getByTestId('pagination-text')).toContainText(/Mostrando de \d+ a \d+ de \d+ registros/);
  await page.getByTestId('company-new').click();
  await expect(page).toHaveURL(/\/regcheck\/companies\/create$/);

  // the client checks before the server: both required fields are marked
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Campo obligatorio')).toHaveCount(2);

  await page.getByTestId('company-name').fill(name);
  await page.getByTestId('company-country').click();
  await page.getByTestId('company-country').fill('Chile');
  await page.getByRole('option', { name: 'Chile', exact: true }).click();
  await page.getByTestId('company-save').click();

  await expect(page.getByText('Sujeto obligado creado')).toBeVisible();
  await expect(page).toHaveURL(/\/regcheck\/companies$/);
  const row = page.getByTestId('table-row').filter({ hasText: name });
  await expect(row).toContainText('Chile');
  await row.getByTestId('company-risk-link').click();

  await expect(page).toHaveURL(/\/regcheck\/companies\/[0-9a-f-]+\/edit\/riskConfiguration$/);
  // the tab shows inside the company's edit area, under the company's name
  await expect(page.getByTestId('company-edit-title')).toHaveText(name);
  await expect(page.getByRole('heading', { name: 'Configuración de riesgo', level: 3 })).toBeVisible();
  await expect(page.getByTestId('risk-weights-sum')).toContainText('Suma de ponderaciones: 13');

  const high = page.getByTestId('risk-cutoffs.high');
  await expect(high).toHaveValue('2');
  // a High cut-off below the Medium one is refused before saving
  await high.fill('1');
  await expect(page.getByText('El corte Alto debe ser mayor que el Medio')).toBeVisible();
  await high.fill('2.2');
  await expect(page.getByText('El corte Alto debe ser mayor que el Medio')).toHaveCount(0);

  await page.getByTestId('risk-save').click();
  await expect(page.getByText('Todas las fichas activas de este sujeto obligado')).toBeVisible();
  await page.getByTestId('risk-confirm').click();
  await expect(page.getByText('Configuración de riesgo guardada')).toBeVisible();

  // the server kept it
  await page.reload();
  await expect(page.getByTestId('risk-cutoffs.high')).toHaveValue('2.2');
});
