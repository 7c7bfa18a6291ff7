import { expect, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { demoUser, login } from './support/users';

function newRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return formatRut(`${body}${rutCheckDigit(body)}`);
}

test('create an operation with two participants in CLP, finish it, resume it, see the historical record', async ({
  page,
}) => {
  await login(page, demoUser('admin', 'cl'));
  await page.goto('/home/records/consulta');
  await expect(page.getByTestId('operation-currency')).toHaveValue(/CLP/);
  await page.getByTestId('operation-type').fill('Compraventa');
  const reference = `E2E-${Date.now()}`;
  await page.getByTestId('operation-reference').fill(reference);

  for (const [i, name] of ['Ana', 'Bruno'].entries()) {
    await page.getByTestId('participant-dni').fill(newRut());
    await page.getByTestId('participant-add').click();
    await expect(page.getByTestId(`participant-${i}`)).toBeVisible();
    await page.getByTestId(`participant-${i}-name`).fill(name);
  }
  await page.getByTestId('participant-0-amount').fill('1.000.000');
  await page.getByTestId('participant-0-cash').fill('2.000.000');
  // live validation: cash above the contributed amount blocks the creation
  await expect(page.getByText('El monto en efectivo excede el monto aportado')).toBeVisible();
  await expect(page.getByTestId('operation-create')).toBeDisabled();
  await page.getByTestId('participant-0-cash').fill('200.000');
  await page.getByTestId('participant-1-amount').fill('500.000');
  await expect(page.getByTestId('total-amount')).toHaveText('1.500.000');
  await expect(page.getByTestId('total-cash')).toHaveText('200.000');
  await page.getByTestId('operation-create').click();

  await expect(page).toHaveURL(/\/home\/records\/operationDetail\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('operation-status')).toHaveText('En curso');
  await expect(page.getByTestId('participants-table').getByRole('row')).toHaveCount(3);

  await page.getByTestId('operation-finish').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Finalizada');
  await page.getByTestId('operation-resume').click();
  await expect(page.getByTestId('operation-status')).toHaveText('En curso');

  await page.getByTestId('tab-history').click();
  await expect(page.getByTestId('historical-record')).toHaveCount(1);
  await expect(page.getByTestId('historical-record')).toContainText('1.500.000 CLP');

  // the operation is in the customer-management list
  await page.goto('/home/history');
  await page.getByTestId('history-search').fill(reference);
  await page.getByTestId('history-apply').click();
  await expect(page.getByTestId('history-table').getByRole('row')).toHaveCount(2);
});
