import { type APIRequestContext, expect, test } from '@playwright/test';
import { cpfCheckDigits } from '../packages/shared/src/documents/cpf';
import { type Credentials, loginThroughForm, SUPER_ADMIN } from './support/users';

/**
 * COAF for Brazil (issue 23, point 3), as a Brazilian company's administrator: a BRL cash operation of R$ 60,000 is
 * late in the COAF queue; the communication is registered with its SISCOAF protocol (refused without one, in
 * Portuguese) and moves to "Comunicadas" with its protocol. The test makes a company of its own.
 */
test.setTimeout(180_000);

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const cpf = () => {
  const base = String(100_000_000 + (Number(stamp.slice(-8)) % 800_000_000)).slice(0, 9);
  return `${base}${cpfCheckDigits(base)}`;
};

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: c });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

test('a late COAF communication is registered with its SISCOAF protocol', async ({ page, request }) => {
  const root = { Authorization: `Bearer ${await token(request, SUPER_ADMIN)}` };
  const company = await request.post('/api/companies', {
    headers: root,
    data: { name: `E2E COAF ${stamp} Ltda`, country: 'BR' },
  });
  expect(company.ok(), await company.text()).toBeTruthy();
  const admin: Credentials = { email: `coaf.${stamp}@example.test`, password: 'Start.2026-e2e' };
  const user = await request.post('/api/users', {
    headers: root,
    data: { name: 'Renata Alves', role: 'admin', companyId: (await company.json()).id, ...admin },
  });
  expect(user.ok(), await user.text()).toBeTruthy();
  const headers = { Authorization: `Bearer ${await token(request, admin)}` };
  const op = await request.post('/api/consultations', {
    headers,
    data: {
      transactionDate: '2026-02-10',
      divisa: 'BRL',
      includesCash: true,
      associates: [
        {
          dni: cpf(),
          type: 'natural',
          monto: 60_000,
          efective: 60_000,
          newFicha: { name: 'Paulo', fatherName: 'Souza', nationality: 'BR' },
        },
      ],
    },
  });
  expect(op.ok(), await op.text()).toBeTruthy();
  const codigo = ((await op.json()) as { codigoFormatted: string }).codigoFormatted;

  await page.goto('/login');
  await loginThroughForm(page, admin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/home/reports/coaf?state=late');
  await expect(page.getByRole('heading', { name: 'Comunicações ao COAF' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Atrasadas (1)' })).toBeVisible();
  const row = page.getByTestId('table-row').filter({ hasText: codigo });
  await expect(row).toContainText('10/02/2026');
  await expect(row).toContainText('11/02/2026');
  await expect(row).toContainText('R$ 60.000,00');
  await row.getByTestId('coaf-register').click();
  await page.getByTestId('coaf-communicate-save').click();
  await expect(page.getByText('Informe o número de protocolo do SISCOAF')).toBeVisible();
  await page.getByTestId('coaf-protocol').fill('2026/000123-4');
  await page.getByTestId('coaf-communicate-save').click();
  await expect(page.getByText('Comunicação registrada')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Comunicadas (1)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Comunicadas (1)' }).click();
  await expect(page.getByTestId('table-row').filter({ hasText: codigo })).toContainText('Protocolo 2026/000123-4');

  // USD cash: RegCheck holds no BRL rate, so the page and the operation say it was not checked (decision 158)
  const usd = await request.post('/api/consultations', {
    headers,
    data: {
      transactionDate: '2026-02-11',
      divisa: 'USD',
      includesCash: true,
      associates: [{ dni: cpf(), type: 'natural', monto: 15_000, efective: 15_000 }],
    },
  });
  expect(usd.ok(), await usd.text()).toBeTruthy();
  const usdOp = (await usd.json()) as { id: string; codigoFormatted: string };
  await page.reload();
  const unchecked = page.getByTestId('coaf-unchecked');
  await expect(page.getByText('1 operação em espécie em outra moeda: não verificada para o COAF')).toBeVisible();
  await expect(unchecked).toContainText(usdOp.codigoFormatted);
  await expect(unchecked).toContainText('de 11/02/2026, espécie USD 15.000');
  await unchecked.getByRole('link', { name: usdOp.codigoFormatted }).click();
  await expect(page.getByTestId('operation-coaf-unchecked')).toContainText('COAF: não verificado');
  await expect(page.getByTestId('operation-coaf-unchecked')).toContainText('(USD 15.000)');
});
