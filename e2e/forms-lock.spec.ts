import { expect, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { waitForMail } from './support/mailbox';
import { demoUser } from './support/users';

/*
 * Issue 22: the public form shows no digit of the document, and five wrong document numbers lock the link; the page
 * then says so, in the visitor's language, and asks for a new link.
 */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('the form shows no digit of the document; five wrong numbers lock the link and the page says so', async ({
  request,
  browser,
}) => {
  const email = `lock.${stamp()}@example.cl`;
  const body = String(20_000_000 + Math.floor(Math.random() * 9_000_000));
  const dni = formatRut(`${body}${rutCheckDigit(body)}`);
  const login = await request.post('/api/users/login', { data: demoUser('admin', 'cl') });
  expect(login.ok(), await login.text()).toBeTruthy();
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const created = await request.post('/api/consultations', {
    headers,
    data: {
      divisa: 'USD',
      transactionDate: '2026-03-14',
      associates: [
        {
          dni,
          type: 'natural',
          monto: 25_000,
          newFicha: { name: 'Ana', fatherName: 'Pérez', email, nationality: 'CL' },
        },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const o = (await created.json()) as { id: string };
  const sent = await request.get(`/api/consultations/resendDOF/${o.id}/0`, { headers });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const text = await waitForMail(email);
  const link = /https?:\/\/[^\s"<>]+\/public\/consultation\/[^\s"<>]+\?form=[0-9a-f-]{36}&key=[A-Za-z0-9_-]+/.exec(
    text,
  )?.[0];
  if (!link) throw new Error(`no form link in: ${text.slice(0, 500)}`);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CL' });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId('identify-dni')).toBeVisible();
  await expect(page.getByText('escriba su número de documento completo')).toBeVisible();
  // no part of the document on the page
  expect(await page.locator('body').innerText()).not.toContain(body.slice(-4));

  for (let i = 1; i <= 4; i++) {
    await page.getByTestId('identify-dni').fill(`1111111${i}-1`);
    await page.getByRole('button', { name: /^Continuar$/ }).click();
    await expect(page.getByTestId('form-error')).toContainText(`intentos restantes: ${5 - i}`);
  }
  await page.getByTestId('identify-dni').fill('99999999-9');
  await page.getByRole('button', { name: /^Continuar$/ }).click();
  await expect(page.getByTestId('form-locked')).toContainText('Pida a la empresa que le envíe un nuevo enlace');
  // the right number cannot open it any more: a new visit shows the locked link
  await page.goto(link);
  await expect(page.getByTestId('form-locked')).toBeVisible();
  await expect(page.getByTestId('identify-dni')).toHaveCount(0);
  await context.close();
});
