import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { login } from './support/users';

/**
 * The ROE file's layout as data (issue 23, point 2; decision 180), as the super administrator: the page shows the
 * shipped layout in words; a layout the server refuses names its field and stores nothing; saving records who changed
 * it; going back to the shipped layout asks first; a code table names a row without its code. Saved unchanged here, so another test's ROE file stays the same.
 */
test('the super administrator reads, checks, saves and resets the layout of the UAF file', async ({ page }) => {
  await login(page, E2E_ADMIN);
  await page.goto('/regcheck/roe-layout');
  await expect(page.getByRole('heading', { name: 'Formato del archivo ROE para la UAF' })).toBeVisible();
  await expect(page.getByTestId('roe-layout-state')).toHaveText('Formato entregado con RegCheck (sin cambios).');
  const columns = page.getByTestId('roe-layout-columns');
  await expect(columns.getByRole('textbox', { name: 'Encabezado' }).first()).toHaveValue('TIPO_REGISTRO');
  await expect(columns.getByLabel('Contenido').nth(4)).toHaveValue('Umbral aplicado (USD)');

  // two columns with one header and a header with a separator: both named under their fields, nothing stored
  await columns.getByRole('textbox', { name: 'Encabezado' }).nth(1).fill('TIPO_REGISTRO');
  await columns.getByRole('textbox', { name: 'Encabezado' }).nth(2).fill('DESDE;HASTA');
  await page.getByTestId('roe-layout-save').click();
  await expect(columns.getByText('Otra columna ya tiene este encabezado')).toBeVisible();
  await expect(columns.getByText('Sin separadores (; , | tabulador), comillas ni saltos de línea')).toBeVisible();
  await page.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(columns.getByRole('textbox', { name: 'Encabezado' }).nth(1)).toHaveValue('RUT_SUJETO_OBLIGADO');
  await expect(page.getByTestId('roe-layout-reset')).toBeDisabled();

  // a code table (decision 204): a document type chosen without its code is named under its table, nothing stored
  const docTypes = page.getByTestId('roe-layout-document-types');
  const noCodes = docTypes.getByText('Sin códigos: los tipos de documento se escriben como RUT, PASSPORT.');
  await expect(noCodes).toBeVisible();
  await docTypes.getByRole('button', { name: 'Agregar tipo de documento' }).click();
  await docTypes.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await page.getByRole('option', { name: 'Pasaporte' }).click();
  await page.getByTestId('roe-layout-save').click();
  await expect(docTypes.getByText('Este campo es obligatorio')).toBeVisible();
  await page.getByRole('button', { name: 'Descartar cambios' }).click();
  await expect(noCodes).toBeVisible();

  await page.getByTestId('roe-layout-save').click();
  await expect(page.getByText('Formato del ROE guardado')).toBeVisible();
  await expect(page.getByTestId('roe-layout-state')).toContainText('Cambiado el');
  await page.getByTestId('roe-layout-reset').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Volver al formato entregado' }).click();
  await expect(page.getByTestId('roe-layout-state')).toHaveText('Formato entregado con RegCheck (sin cambios).');
});
