import { expect, test } from '@playwright/test';
import { cnpjCheckDigits } from '../packages/shared/src/documents/cnpj';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import {
  createOperation,
  enterSigner,
  FAKE_CAMERA_DESKTOP,
  fillChileanDof,
  linkIn,
  stamp,
  visitorSigns,
} from './support/form-visitor';
import { demoUser, login } from './support/users';

// a fake camera answers getUserMedia (Chromium's test pattern), with no permission prompt, in the desktop Chromium
// (playwright.config.ts, DESKTOP_SPECS): a declaration filled in the browser participants use
test.use({ launchOptions: FAKE_CAMERA_DESKTOP });
test.setTimeout(180_000);

test('an admin sends a DOF; the participant fills, takes both photos, signs on a phone; the PDF validates', async ({
  page,
  request,
  browser,
}) => {
  const email = `dof.${stamp()}@example.cl`;
  const body = String(20_000_000 + Math.floor(Math.random() * 9_000_000));
  const dni = formatRut(`${body}${rutCheckDigit(body)}`);
  const o = await createOperation(request, 'cl', {
    dni,
    type: 'natural',
    monto: 25_000,
    newFicha: { name: 'Ana', fatherName: 'Pérez', email, nationality: 'CL' },
  });
  await login(page, demoUser('admin', 'cl'));
  await page.goto(`/home/records/operationDetail/${o.id}`);
  await page.getByTestId('tab-forms').click();
  const row = page.getByTestId('form-row-0-formDOF');
  await expect(row.getByTestId('form-status-required')).toBeVisible();
  await page.getByTestId('send-0-formDOF').click();
  await expect(row.getByTestId('form-status-sent')).toBeVisible();

  const link = await linkIn(email);
  await visitorSigns(browser, link, dni, {
    locale: 'es-CL',
    fill: (p) => fillChileanDof(p, 'Ana Pérez', dni),
  });

  await page.reload();
  await page.getByTestId('tab-forms').click();
  await expect(page.getByTestId('form-row-0-formDOF').getByTestId('form-status-signed')).toBeVisible();
});

test('a BF of a legal ficha in Brazil, in Portuguese', async ({ page, request, browser }) => {
  const email = `bf.${stamp()}@example.com.br`;
  const base = `${String(Math.floor(Math.random() * 89_999_999) + 10_000_000)}0001`;
  const cnpj = `${base}${cnpjCheckDigits(base)}`;
  const o = await createOperation(request, 'br', {
    dni: cnpj,
    type: 'legal',
    monto: 50_000,
    newFicha: { socialReason: 'Empresa Teste Ltda', email },
  });
  await login(page, demoUser('admin', 'br'));
  await page.goto(`/home/records/operationDetail/${o.id}`);
  await page.getByTestId('tab-forms').click();
  await page.getByTestId('send-0-formBF').click();
  await expect(page.getByTestId('form-row-0-formBF').getByTestId('form-status-sent')).toBeVisible();

  const link = await linkIn(email);
  await visitorSigns(browser, link, cnpj, {
    locale: 'pt-BR',
    fill: async (p) => {
      await expect(p.getByText('Declaração de beneficiário final')).toBeVisible();
      await p.getByRole('textbox', { name: /^Razão social/ }).fill('Empresa Teste Ltda');
      await p.getByRole('textbox', { name: /^CNPJ/ }).fill(cnpj);
      await p.getByRole('textbox', { name: /^Atividade econômica/ }).fill('Comércio');
      await p.getByRole('textbox', { name: /^Endereço da sede/ }).fill('Rua A, 100, São Paulo');
      await p.getByRole('textbox', { name: /^Nome do representante legal/ }).fill('João Souza');
      await p.getByRole('textbox', { name: /^Documento do representante/ }).fill('123.456.789-09');
      await p.getByTestId('add-owners').click();
      await p.getByRole('textbox', { name: /^Nome/ }).last().fill('Maria Souza');
      await p
        .getByRole('textbox', { name: /^Documento$|^Documento \*/ })
        .last()
        .fill('987.654.321-00');
      await p.getByRole('textbox', { name: /^Participação/ }).fill('60');
    },
    // the company signs through a person (decision 189): here its representative, entered by hand
    signer: (p) => enterSigner(p, { name: 'João Souza', document: '123.456.789-09', capacity: 'representante legal' }),
  });
  await page.reload();
  await page.getByTestId('tab-forms').click();
  await expect(page.getByTestId('form-row-0-formBF').getByTestId('form-status-signed')).toBeVisible();
});
