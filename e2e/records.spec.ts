import { expect, test } from '@playwright/test';
import { cnpjCheckDigits, formatCnpj } from '../packages/shared/src/documents/index';
import { demoUser, login } from './support/users';

/** Demo persons (apps/server/src/demo/demo-data.ts): María José González (Chile) and Comércio Paulista Ltda (Brazil). */
const CHILE_RUT = '12345678-5';
const PAULISTA_CNPJ = formatCnpj(`112223330001${cnpjCheckDigits('112223330001')}`);

test.describe('per-person records from the demo sample provider', () => {
  test('a Chilean court-case table shows the sample data labelled, 10 a page, with 10/25/50', async ({ page }) => {
    await login(page, demoUser('admin', 'cl'));
    await page.goto(`/home/records/${CHILE_RUT}/causasCivilesChile`);
    await expect(page.getByRole('heading', { name: 'Causas civiles (Chile)' })).toBeVisible();
    await expect(page.getByTestId('records-sample')).toHaveText('Datos de ejemplo');
    await expect(page.getByTestId('records-sample-notice')).toContainText('proveedor de demostración');
    await expect(page.getByText('María José González', { exact: false })).toBeVisible();
    const rows = page.getByTestId('court-cases').getByTestId('table-row');
    await expect(rows).toHaveCount(10);
    await page.getByRole('combobox', { name: 'Registros por página' }).click();
    await expect(page.getByRole('option')).toHaveText(['10', '25', '50']);
    await page.getByRole('option', { name: '25', exact: true }).click();
    await expect.poll(async () => rows.count()).toBeGreaterThan(10);
  });

  test('the CNPJ validator shows the registry data of the sample provider, labelled', async ({ page }) => {
    await login(page, demoUser('admin', 'br'));
    await page.goto(`/home/records/${encodeURIComponent(PAULISTA_CNPJ)}/validadorCPF-CNPJ`);
    const card = page.getByTestId('registry-card');
    await expect(card.getByTestId('records-sample')).toHaveText('Dados de exemplo');
    await expect(card.getByTestId('registry-fields')).toContainText('EXEMPLO COMERCIO E SERVICOS LTDA');
    await expect(card.getByTestId('registry-fields')).toContainText('Ativa / regular (ATIVA)');
    await expect(card.getByTestId('risk-badge')).toBeVisible();
  });

  test('the PEP Mexico page shows the matches of the sample provider, labelled, with the match percentage', async ({
    page,
  }) => {
    await login(page, demoUser('admin', 'cl'));
    await page.goto(`/home/records/${CHILE_RUT}/pepMexico`);
    await expect(page.getByRole('heading', { name: 'PEP México' })).toBeVisible();
    await expect(page.getByTestId('records-sample')).toHaveText('Datos de ejemplo');
    const first = page.getByTestId('pep-mexico-match').first();
    await expect(first).toContainText('Coincidencia: 92 %');
    await expect(first).toContainText('Secretaría de Hacienda y Crédito Público');
    await expect(first).toContainText('Tipo de PEP');
  });
});

test.describe('Bacen fraud-indication records (Brazil)', () => {
  test('files a record identified 30 hours ago and sees it flagged late; the 24-hour state is shown', async ({
    page,
  }) => {
    await login(page, demoUser('admin', 'br'));
    await page.goto('/home/bacen');
    await expect(page.getByTestId('bacen-declaration')).toBeVisible();
    await page.getByTestId('bacen-new').click();
    await expect(page).toHaveURL(/\/home\/bacen\/new$/);
    const at = new Date(Date.now() - 30 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    // the date typed dd/mm/yyyy and the time in 24 hours (decision 261), not the browser's datetime-local
    const date = page.getByTestId('bacen-identified-at-date');
    await expect(date).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await date.fill(`${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`);
    await page.getByLabel('Horas', { exact: true }).fill(pad(at.getHours()));
    await page.getByLabel('Minutos', { exact: true }).fill(pad(at.getMinutes()));
    await expect(page.getByTestId('bacen-window-preview')).toContainText('O prazo de 24 horas venceu');
    await page.getByTestId('bacen-description').fill('Pix enviado após troca de senha não reconhecida');
    await page.getByTestId('bacen-institution').fill('Banco Demo S.A.');
    // without consent the record is refused in the form
    await page.getByTestId('bacen-save').click();
    await expect(page.getByText('É necessário o consentimento prévio do cliente')).toBeVisible();
    // a Pix needs its key (or the destination institution and account), marked on the field
    await expect(page.getByText('Informe a chave Pix, ou a instituição e a conta de destino')).toBeVisible();
    await page.getByTestId('bacen-dest-pix-key').fill('destino@example.com');
    await page.getByTestId('bacen-consent').check();
    await page.getByTestId('bacen-save').click();
    await expect(page).toHaveURL(/\/home\/bacen\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('bacen-window')).toHaveText('Fora do prazo (mais de 24 horas)');
    await expect(page.getByTestId('bacen-window-text')).toContainText('depois do prazo');
    await expect(page.getByText('O registro não foi alterado.')).toBeVisible();
    // the edit needs a reason; the previous version is listed with who, when and why
    await page.getByTestId('bacen-edit').click();
    await expect(page.getByRole('heading', { name: 'Editar registro' })).toBeVisible();
    await page.getByTestId('bacen-description').fill('Pix enviado após troca de senha não reconhecida pelo cliente');
    await page.getByTestId('bacen-save').click();
    await expect(page.getByText('Informe o motivo da alteração')).toBeVisible();
    await page.getByTestId('bacen-edit-reason').fill('Complemento da descrição após contato com o cliente');
    await page.getByTestId('bacen-save').click();
    await expect(page.getByText('pelo cliente', { exact: false })).toBeVisible();
    const versions = page.getByTestId('bacen-versions');
    await expect(versions.getByRole('row')).toHaveCount(1);
    await expect(versions).toContainText('Complemento da descrição após contato com o cliente');
    await expect(versions.getByRole('cell').nth(2)).not.toBeEmpty();
    await expect(versions).not.toContainText('Sistema');
  });

  test('a Chilean administrator has no Bacen page', async ({ page }) => {
    await login(page, demoUser('admin', 'cl'));
    await page.goto('/home/bacen');
    await expect(page).not.toHaveURL(/\/home\/bacen$/);
  });
});
