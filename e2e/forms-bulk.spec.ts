import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { rutCheckDigit } from '../packages/shared/src/documents/index';
import { waitForMail } from './support/mailbox';
import { demoUser, login } from './support/users';

test.setTimeout(120_000);

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const rut = () => {
  const body = String(21_000_000 + Math.floor(Math.random() * 8_000_000));
  return `${body}-${rutCheckDigit(body)}`;
};

async function token(request: APIRequestContext) {
  const res = await request.post('/api/users/login', { data: demoUser('admin', 'cl') });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function operation(request: APIRequestContext, auth: string, name: string, email?: string) {
  const res = await request.post('/api/consultations', {
    headers: { Authorization: `Bearer ${auth}` },
    data: {
      divisa: 'USD',
      transactionDate: '2026-03-14',
      transactionComments: `bulk ${name}`,
      associates: [
        {
          dni: rut(),
          type: 'natural',
          monto: 5_000,
          newFicha: { name, fatherName: 'Masivo', nationality: 'CL', ...(email ? { email } : {}) },
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string; codigoFormatted: string; consultationStatus: string };
}

async function select(page: Page, codigo: string) {
  await page.getByRole('checkbox', { name: codigo, exact: true }).check();
}

test('mass form submission from the operations list: dialogs, failed rows in words, failure message', async ({
  page,
  request,
}) => {
  const auth = await token(request);
  const tag = stamp();
  // names take letters only: the stamp's digits as letters
  const word = tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');
  const email = `bulk.${tag}@example.cl`;
  const withMail = await operation(request, auth, `Ana${word}`, email);
  const noMail = await operation(request, auth, `Beto${word}`);
  // the list's form status follows the forms: a DOF above the threshold is required
  expect(withMail.consultationStatus).toBe('required');

  await login(page, demoUser('admin', 'cl'));
  await page.goto('/home/history');
  await expect(page.getByRole('checkbox', { name: noMail.codigoFormatted, exact: true })).toBeVisible();
  const rowOf = (codigo: string) =>
    page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: codigo, exact: true }) });
  await expect(rowOf(withMail.codigoFormatted).getByTestId('form-status-required')).toBeVisible();

  // both REQUIRED: no dialog; the answer names the failed row in words
  await select(page, withMail.codigoFormatted);
  await select(page, noMail.codigoFormatted);
  await page.getByTestId('bulk-send-forms').click();
  const result = page.getByTestId('bulk-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText('Formularios enviados: 1; con error: 1');
  await expect(result).toContainText(noMail.codigoFormatted);
  await expect(result).toContainText(`Beto${word}`);
  await expect(result).toContainText('Declaración de origen de fondos');
  await expect(result).toContainText('Debe ingresar un correo electrónico en la ficha para enviar el formulario');
  await expect(result).not.toContainText(withMail.codigoFormatted);
  expect(await waitForMail(email)).toContain('/public/consultation/');
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await expect(rowOf(withMail.codigoFormatted).getByTestId('form-status-sent')).toBeVisible();

  // already sent: a dialog asks whether to resend; without the box ticked nothing can be sent
  await page.getByRole('checkbox', { name: noMail.codigoFormatted, exact: true }).uncheck();
  await page.getByTestId('bulk-send-forms').click();
  await expect(page.getByTestId('bulk-resend')).toBeVisible();
  await expect(page.getByTestId('bulk-confirm')).toBeDisabled();
  await page.getByTestId('bulk-resend').check();
  await page.getByTestId('bulk-confirm').click();
  await expect(page.getByText('Formularios enviados: 1', { exact: true })).toBeVisible();

  // the call fails (the operation was deleted meanwhile): 'Error in massive form submission'
  const del = await request.patch('/api/consultations/soft-delete', {
    headers: { Authorization: `Bearer ${auth}` },
    data: { consultationIds: [withMail.id] },
  });
  expect(del.ok(), await del.text()).toBeTruthy();
  await page.getByTestId('bulk-send-forms').click();
  await page.getByTestId('bulk-resend').check();
  await page.getByTestId('bulk-confirm').click();
  await expect(page.getByText('Error en el envío masivo de formularios')).toBeVisible();
});
