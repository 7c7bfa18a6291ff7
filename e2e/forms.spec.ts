import fs from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { platformSigningKey } from '../apps/server/src/modules/forms/forms.signing-key';
import { verifyPdfSignature } from '../apps/server/src/modules/forms/forms.verify';
import { opensslVerify } from '../apps/server/test/openssl';
import { cnpjCheckDigits } from '../packages/shared/src/documents/cnpj';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { waitForMail } from './support/mailbox';
import { demoUser, login } from './support/users';

// a fake camera answers getUserMedia (Chromium's test pattern), with no permission prompt
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});
test.setTimeout(180_000);

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function createOperation(request: APIRequestContext, country: 'cl' | 'br', associate: Record<string, unknown>) {
  const login = await request.post('/api/users/login', { data: demoUser('admin', country) });
  expect(login.ok(), await login.text()).toBeTruthy();
  const token = ((await login.json()) as { token: string }).token;
  const res = await request.post('/api/consultations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { divisa: 'USD', transactionDate: '2026-03-14', associates: [associate] },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string; associates: { dni: string }[] };
}

/** The link of the last form e-mail to `to`. */
async function linkIn(to: string) {
  const text = await waitForMail(to);
  const m = /https?:\/\/[^\s"<>]+\/public\/consultation\/[^\s"<>]+\?form=[0-9a-f-]{36}&key=[A-Za-z0-9_-]+/.exec(text);
  if (!m) throw new Error(`no form link in: ${text.slice(0, 500)}`);
  return m[0];
}

async function choose(page: Page, field: string, option: string) {
  const input = page.locator(`input[data-field="${field}"]`);
  // pre-filled from the operation (decision 160): choosing it again would clear it
  if ((await input.inputValue()) === option) return;
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? -25 : 25));
  await page.mouse.up();
}

/** The visitor's part on a phone-sized screen: photos from the fake camera, a drawn signature, the download. */
async function visitorSigns(
  browser: Browser,
  link: string,
  dni: string,
  locale: string,
  fill: (p: Page) => Promise<void>,
) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, acceptDownloads: true });
  await context.grantPermissions(['camera']);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByTestId('identify-dni').fill(dni);
  await page.getByRole('button', { name: /^Continu(ar|e)$/ }).click();
  await fill(page);
  await page.getByTestId('submit-form').click();
  for (const _ of ['photo', 'idPhoto']) {
    await expect(page.getByTestId('take-photo')).toBeEnabled({ timeout: 20_000 });
    await page.getByTestId('take-photo').click();
    await page.getByTestId('upload-photo').click();
    await expect(page.getByTestId('form-error')).toHaveCount(0);
  }
  await drawSignature(page);
  await page.getByTestId('save-signature').click();
  await page.getByTestId('sign-form').click();
  await expect(page.getByTestId('signed-ok')).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-signed').click()]);
  const file = test.info().outputPath(`signed-${stamp()}.pdf`);
  await download.saveAs(file);
  const pdf = fs.readFileSync(file);
  expect(verifyPdfSignature(pdf)?.subFilter).toBe('ETSI.CAdES.detached');
  // checked independently by openssl: the CMS over the byte range, made with the platform's certificate
  const platform = await platformSigningKey(process.env.E2E_DATA_DIR as string);
  expect(() => opensslVerify(pdf, platform.certPem)).not.toThrow();

  // /public/verify recognises it
  await page.goto('/public/verify');
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByTestId('verify-result')).toContainText(/válido|Valid/i);
  // a second visit to the link is refused
  await page.goto(link);
  await expect(page.getByTestId('form-invalid')).toBeVisible();
  await context.close();
}

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
  await visitorSigns(browser, link, dni, 'es-CL', async (p) => {
    await p.getByRole('textbox', { name: /^Nombre completo/ }).fill('Ana Pérez');
    await p.getByRole('textbox', { name: /^RUT/ }).fill(dni);
    await p.getByRole('textbox', { name: /^Nacionalidad/ }).fill('Chilena');
    await p.getByRole('textbox', { name: /^Domicilio/ }).fill('Av. Providencia 1234');
    await p.getByRole('textbox', { name: /^Profesión/ }).fill('Ingeniera');
    await p.getByRole('textbox', { name: /^Monto de la operación/ }).fill('25000');
    await choose(p, 'currency', 'USD');
    await choose(p, 'origin', 'Remuneraciones');
    await p.getByRole('textbox', { name: /^Detalle del origen/ }).fill('Sueldo de los últimos doce meses');
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
  await visitorSigns(browser, link, cnpj, 'pt-BR', async (p) => {
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
  });
  await page.reload();
  await page.getByTestId('tab-forms').click();
  await expect(page.getByTestId('form-row-0-formBF').getByTestId('form-status-signed')).toBeVisible();
});
