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
  await page.getByTestId('operation-type').click();
  await page.getByRole('option', { name: 'Compra de divisas' }).click();
  const reference = `E2E-${Date.now()}`;
  await page.getByTestId('operation-reference').fill(reference);

  const ruts = [newRut(), newRut()];
  for (const [i, name] of ['Ana', 'Bruno'].entries()) {
    await page.getByTestId('participant-dni').fill(ruts[i] as string);
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
  await page.getByTestId('operation-finish-confirm').click();
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

  // the participant's Historial lists the operation with its state in words (it read a field the server does not
  // send, and the state column was empty)
  await page.goto(`/home/records/${encodeURIComponent(ruts[0] as string)}/historial`);
  const row = page.getByTestId('ficha-operations').getByRole('row').filter({ hasText: '1.000.000' });
  await expect(row).toContainText('En curso');
});

test('send by e-mail reports participants without e-mail; insurance, transporter and transactions of a person', async ({
  page,
  request,
}) => {
  await login(page, demoUser('admin', 'cl'));
  await page.goto('/home/records/consulta');
  await page.getByTestId('operation-type').click();
  await page.getByRole('option', { name: 'Pago' }).click();
  const dni = newRut();
  await page.getByTestId('participant-dni').fill(dni);
  await page.getByTestId('participant-add').click();
  await page.getByTestId('participant-0-name').fill('Carla');
  await page.getByTestId('participant-0-amount').fill('300.000');
  await page.getByTestId('operation-create').click();
  await expect(page).toHaveURL(/\/home\/records\/operationDetail\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();

  // send by e-mail: the participant has no e-mail, so it is reported with the spec's message
  await page.getByTestId('operation-send-email').click();
  await page.getByTestId('send-email-submit').click();
  await expect(page.getByTestId('send-email-skipped')).toContainText(
    'Debe ingresar un correo electrónico en la ficha para enviarlo',
  );
  await expect(page.getByTestId('send-email-result')).toContainText('Correos enviados: 0');
  await page.keyboard.press('Escape');

  // insurance fields and transporter on the open operation
  await page.getByTestId('tab-policy').click();
  await page.getByTestId('insurance-policyNumber').fill('POL-778');
  await page.getByTestId('insurance-premiumSFP').fill('1.250,50');
  // the start date typed on the Spanish page as dd/mm/yyyy in the one date input (decision 261), not the browser's
  // mm/dd/yyyy: 14/03/2026 is read as the 14th of March
  const startDate = page.getByTestId('insurance-startDate');
  await expect(startDate).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await startDate.fill('14/03/2026');
  await startDate.blur();
  await expect(startDate).toHaveValue('14/03/2026');
  await page.getByTestId('transporter-dni').fill('11.111.111-1');
  await page.getByTestId('transporter-countries').fill('CL, AR');
  await page.getByTestId('operation-extras-save').click();
  await expect(page.getByText('Operación actualizada').first()).toBeVisible();
  await page.reload();
  await page.getByTestId('tab-policy').click();
  await expect(page.getByTestId('insurance-policyNumber')).toHaveValue('POL-778');
  await expect(page.getByTestId('insurance-premiumSFP')).toHaveValue('1250.5');
  await expect(page.getByTestId('transporter-countries')).toHaveValue('CL, AR');
  await expect(page.getByTestId('insurance-startDate')).toHaveValue('14/03/2026');
  // saved as the ISO day the API has always taken
  const signIn = await request.post('/api/users/login', { data: demoUser('admin', 'cl') });
  const { token } = (await signIn.json()) as { token: string };
  const saved = await request.get(`/api/consultations/view/${detailUrl.split('/').pop()}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  expect(((await saved.json()) as { startDate: string | null }).startDate).toBe('2026-03-14');

  // the person's transactions: create one linked to the operation, then back to the operation
  await page.getByRole('tab', { name: 'Participantes' }).click();
  await page.getByTestId('participants-table').getByRole('link', { name: 'Transacciones' }).click();
  await expect(page).toHaveURL(/\/home\/records\/[^/]+\/transaction\?operation=/);
  await expect(page.getByTestId('transactions-empty')).toBeVisible();
  await page.getByTestId('transaction-type').fill('Pago de prima');
  await page.getByTestId('transaction-amount').fill('300.000');
  await page.getByTestId('transaction-cash').fill('400.000');
  await page.getByTestId('transaction-save').click();
  await expect(page.getByText('El monto en efectivo excede el monto aportado')).toBeVisible();
  await page.getByTestId('transaction-cash').fill('0');
  await page.getByTestId('transaction-save').click();
  await expect(page.getByTestId('transactions-table').getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('transactions-table')).toContainText('300.000 CLP');
  await page.getByTestId('transactions-table').getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/transaction\/[0-9a-f-]{36}$/);
  // the edit form replaces the new-transaction form: type only once it holds the saved amount
  await expect(page.getByTestId('transaction-amount')).not.toHaveValue('');
  await page.getByTestId('transaction-amount').fill('350.000');
  await page.getByTestId('transaction-save').click();
  await expect(page.getByTestId('transactions-table')).toContainText('350.000 CLP');
  await page.getByTestId('transactions-table').getByRole('link', { name: 'Abrir la operación' }).click();
  await expect(page).toHaveURL(detailUrl);

  // finished: the server refuses the change and its message is shown
  await page.getByTestId('operation-finish').click();
  await page.getByTestId('operation-finish-confirm').click();
  await expect(page.getByTestId('operation-status')).toHaveText('Finalizada');
  await page.getByTestId('tab-policy').click();
  await page.getByTestId('insurance-policyNumber').fill('POL-999');
  await page.getByTestId('operation-extras-save').click();
  await expect(
    page.getByText('Esta operación está finalizada y no se puede editar; reanúdela primero').first(),
  ).toBeVisible();
});
