import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cnpjCheckDigits, cpfCheckDigits, formatCnpj, formatCpf } from '../packages/shared/src/documents/index';
import { E2E_ADMIN } from '../playwright.config';
import { demoUser, login } from './support/users';

/**
 * The per-person record pages on the demo fichas (apps/server/src/demo/demo-data.ts) answered by the built-in sample
 * provider, always labelled as sample data; the super administrator's ProcessosJudiciais and providers screen; the
 * Bacen page of a person reached by document.
 */
const CHILE_RUT = '12345678-5';
const SILVA_CPF = formatCpf(`123456789${cpfCheckDigits('123456789')}`);
const PAULISTA_CNPJ = formatCnpj(`112223330001${cnpjCheckDigits('112223330001')}`);

async function sampleLabelled(page: Page, text: RegExp | string) {
  await expect(page.getByTestId('records-sample').first()).toHaveText(text);
  await expect(page.getByTestId('records-sample-notice').first()).toBeVisible();
}

/** A table of 10 rows offering 10, 25 and 50 a page. */
async function tableOfTen(page: Page, testId: string) {
  const rows = page.getByTestId(testId).getByTestId('table-row');
  await expect(rows).toHaveCount(10);
  await page.getByTestId(testId).getByRole('combobox').click();
  await expect(page.getByRole('option')).toHaveText(['10', '25', '50']);
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect.poll(async () => rows.count()).toBeGreaterThan(10);
}

async function superToken(request: APIRequestContext) {
  const res = await request.post('/api/users/login', { data: E2E_ADMIN });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function companyId(request: APIRequestContext, token: string, name: string) {
  const filter = encodeURIComponent(JSON.stringify({ limit: 500 }));
  const res = await request.get(`/api/companies?filter=${filter}`, { headers: { Authorization: `Bearer ${token}` } });
  const list = (await res.json()) as { id: string; name: string }[];
  const found = list.find((c) => c.name === name);
  expect(found, name).toBeTruthy();
  return found?.id as string;
}

test.describe('Chilean record pages (sample provider)', () => {
  test('insolvency bulletin: proceedings labelled sample data, 10 a page, publications of one', async ({ page }) => {
    await login(page, demoUser('admin', 'cl'));
    await page.goto(`/home/records/${CHILE_RUT}/boletinConcursal`);
    await expect(page.getByRole('heading', { name: 'Boletín concursal' })).toBeVisible();
    await sampleLabelled(page, 'Datos de ejemplo');
    await expect(page.getByText('María José González', { exact: false })).toBeVisible();
    await expect(page.getByTestId('insolvency-table')).toContainText('Liquidación voluntaria');
    await tableOfTen(page, 'insolvency-table');
    await page.getByTestId('insolvency-table').getByRole('button').first().click();
    await expect(page.getByTestId('insolvency-publications')).toContainText(
      'Resolución que da inicio al procedimiento',
    );
  });

  test('tax folder: tabs in the address, the whole folder and one declaration', async ({ page }) => {
    await login(page, demoUser('admin', 'cl'));
    await page.goto(`/home/records/${CHILE_RUT}/carpetaTributaria`);
    await expect(page.getByRole('heading', { name: 'Carpeta tributaria' })).toBeVisible();
    await sampleLabelled(page, 'Datos de ejemplo');
    await expect(page.getByTestId('tax-taxpayer')).toContainText('Segunda categoría');
    await page.getByRole('tab', { name: 'IVA (F29)' }).click();
    await expect(page).toHaveURL(/\/carpetaTributaria\/tab\/vat$/);
    await tableOfTen(page, 'tax-vat');
    await page.getByTestId('tax-vat').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/carpetaTributaria\/view\/F29-2025-09$/);
    await expect(page.getByTestId('tax-declaration')).toContainText(
      'Declaración mensual de IVA (formulario 29) de 09/2025',
    );
    await page.goto(`/home/records/${CHILE_RUT}/carpetaTributaria/view`);
    await expect(page.getByTestId('tax-folder-whole')).toContainText('Bienes raíces');
    await expect(page.getByTestId('tax-folder-whole')).toContainText('Venta al por menor por correo y por Internet');
    await sampleLabelled(page, 'Datos de ejemplo');
  });

  test("the insurer's operations, products and a policy's detail with the insurance fields", async ({ page }) => {
    await login(page, demoUser('admin', 'cl'));
    await page.goto(`/home/records/${CHILE_RUT}/consorcio-operations`);
    await expect(page.getByRole('heading', { name: 'Operaciones en la aseguradora' })).toBeVisible();
    await sampleLabelled(page, 'Datos de ejemplo');
    await expect(page.getByTestId('insurer-operations')).toContainText('Pago de prima');
    await tableOfTen(page, 'insurer-operations');

    await page.goto(`/home/records/${CHILE_RUT}/products-asociados`);
    await sampleLabelled(page, 'Datos de ejemplo');
    const products = page.getByTestId('insurer-products');
    await expect(products).toContainText('Asegurado');
    await products.getByRole('link', { name: 'POL-100201' }).click();

    await expect(page).toHaveURL(/\/policy-detail\?policy=POL-100201$/);
    await sampleLabelled(page, 'Datos de ejemplo');
    const fields = page.getByTestId('policy-fields');
    for (const label of [
      'Número de póliza',
      'Producto',
      'Fecha de inicio',
      'Fecha de término',
      'Prima (SFP)',
      'Estado de la póliza',
      'Canal de pago',
      'Medio de pago',
      'Valor de la póliza al cierre',
    ])
      await expect(fields).toContainText(label);
    await expect(fields).toContainText('Seguro Hogar Ejemplo');
    await expect(page.getByTestId('policy-card')).toContainText('Beneficiaria de Ejemplo');
  });

  test('the business report: requested, labelled sample data, with its sections and risk', async ({ page }) => {
    await login(page, demoUser('admin', 'cl'));
    await page.goto(`/home/records/${CHILE_RUT}/businessReport`);
    await expect(page.getByText('María José González', { exact: false })).toBeVisible();
    await page.getByTestId('commercial-request').click();
    await expect(page.getByTestId('records-sample-notice')).toBeVisible();
    await expect(page.getByText('Persona de Ejemplo', { exact: false })).toBeVisible();
    await expect(page.getByText('Banco Ejemplo', { exact: false }).first()).toBeVisible();
    await expect(page.getByTestId('risk-badge').first()).toBeVisible();
  });

  test('the ficha offers only its country’s record pages', async ({ page }) => {
    await login(page, demoUser('admin', 'cl'));
    await page.goto('/home/fichas');
    // other specs add fichas to the demo company: find hers by name first
    await page.getByTestId('fichas-search').fill('María José');
    await page.getByTestId('table-row').filter({ hasText: 'María José' }).getByRole('link').first().click();
    await page.getByTestId('records-menu').click();
    await expect(page.getByTestId('records-menu-boletinConcursal')).toBeVisible();
    await expect(page.getByTestId('records-menu-carpetaTributaria')).toBeVisible();
    await expect(page.getByTestId('records-menu-judiciaryBrazil')).toHaveCount(0);
    await expect(page.getByTestId('records-menu-bacenCircular6')).toHaveCount(0);
    await page.getByTestId('records-menu-boletinConcursal').click();
    await expect(page).toHaveURL(/\/home\/records\/[0-9a-f-]{36}\/boletinConcursal$/);
    await sampleLabelled(page, 'Datos de ejemplo');
  });
});

test.describe('Brazilian record pages (sample provider)', () => {
  test('other restrictions: sanctions and electoral donations, labelled sample data', async ({ page }) => {
    await login(page, demoUser('admin', 'br'));
    await page.goto(`/home/records/${encodeURIComponent(SILVA_CPF)}/pepOutrasRestricoes`);
    await expect(page.getByRole('heading', { name: 'PEP e outras restrições' })).toBeVisible();
    await sampleLabelled(page, 'Dados de exemplo');
    await expect(page.getByTestId('restrictions-summary')).toContainText('Sanções: 2 (vigentes: 1)');
    await expect(page.getByTestId('restrictions-sanctions')).toContainText('CEIS');
    await expect(page.getByTestId('restrictions-sanctions')).toContainText('Vigente');
    await expect(page.getByTestId('restrictions-donations')).toContainText('CANDIDATO DE EXEMPLO');
  });

  test('a Brazilian court case opens its detail from the provider', async ({ page }) => {
    await login(page, demoUser('admin', 'br'));
    await page.goto(`/home/records/${encodeURIComponent(SILVA_CPF)}/judiciaryBrazil`);
    await sampleLabelled(page, 'Dados de exemplo');
    await page.getByTestId('court-case-open').first().click();
    await expect(page.getByTestId('case-detail')).toContainText('Procedimento Comum Cível');
    await expect(page.getByTestId('case-movements')).toContainText('Distribuído por sorteio');
  });

  test('the Bacen page of a person reached by CPF lists and files that person’s records', async ({ page }) => {
    await login(page, demoUser('admin', 'br'));
    await page.goto(`/home/records/${encodeURIComponent(SILVA_CPF)}/bacenCircular6`);
    await expect(page.getByTestId('bacen-person')).toContainText('João Carlos');
    await expect(page.getByTestId('bacen-table')).toBeVisible();
    await expect(page.getByText('Erro ao buscar os indícios de fraude')).toHaveCount(0);
    await page.getByTestId('bacen-person-new').click();
    await expect(page).toHaveURL(/\/home\/bacen\/new\?fichaId=[0-9a-f-]{36}$/);
    await page.getByTestId('bacen-description').fill('Tentativa de Pix com dados do cliente João');
    await page.getByTestId('bacen-institution').fill('Banco Demo S.A.');
    await page.getByTestId('bacen-dest-pix-key').fill('destino@example.com');
    await page.getByTestId('bacen-consent').check();
    await page.getByTestId('bacen-save').click();
    await expect(page).toHaveURL(/\/home\/records\/[0-9a-f-]{36}\/bacenCircular6\/[0-9a-f-]{36}$/);
    await page.goto(`/home/records/${encodeURIComponent(SILVA_CPF)}/bacenCircular6`);
    await expect(page.getByTestId('bacen-table')).toContainText('Tentativa de Pix');
  });

  test("Bacen messages: a record that cannot be read or filed says so in the spec's words", async ({ page }) => {
    await login(page, demoUser('admin', 'br'));
    await page.goto('/home/bacen/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Erro ao buscar os indícios de fraude')).toBeVisible();
    // a ficha that is not the company's: the request is refused and the form says it could not be generated
    await page.goto('/home/bacen/new?fichaId=00000000-0000-4000-8000-000000000000');
    await page.getByTestId('bacen-description').fill('Indício de teste');
    await page.getByTestId('bacen-institution').fill('Banco Demo S.A.');
    await page.getByTestId('bacen-dest-pix-key').fill('destino@example.com');
    await page.getByTestId('bacen-consent').check();
    await page.getByTestId('bacen-save').click();
    await expect(page.getByText('Não foi possível gerar a solicitação, tente novamente')).toBeVisible();
  });
});

test.describe('super administrator', () => {
  test('ProcessosJudiciais of a CNPJ on a company contract, then one case in detail', async ({ page, request }) => {
    const token = await superToken(request);
    const br = await companyId(request, token, 'Demo Brasil Ltda');
    await login(page, E2E_ADMIN);
    await page.goto(`/regcheck/lists/ProcessosJudiciais/${encodeURIComponent(PAULISTA_CNPJ)}?company=${br}`);
    await expect(page.getByRole('heading', { name: 'Procesos judiciales' })).toBeVisible();
    await expect(page.getByTestId('processos-company')).toHaveValue('Demo Brasil Ltda');
    await sampleLabelled(page, 'Datos de ejemplo');
    await expect(page.getByTestId('processos-document-shown')).toHaveText(PAULISTA_CNPJ);
    await tableOfTen(page, 'processos-table');
    await page.getByTestId('processos-table').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/DetalheProcesso\/[^/?]+\?company=/);
    await expect(page.getByRole('heading', { name: 'Detalle del proceso' })).toBeVisible();
    await expect(page.getByTestId('case-parties')).toContainText('AUTOR DE EXEMPLO LTDA');
    await sampleLabelled(page, 'Datos de ejemplo');
    // an invalid CNPJ is refused in words
    await page.goto(`/regcheck/lists/ProcessosJudiciais/11222333000100?company=${br}`);
    await expect(page.getByTestId('records-request-error')).toContainText('no es un CPF ni un CNPJ válido');
  });

  test('the providers screen: a contracted limit reached is the spec message in a modal on the business report', async ({
    page,
    request,
    browser,
  }) => {
    const token = await superToken(request);
    const cl = await companyId(request, token, 'Demo Chile SpA');
    await login(page, E2E_ADMIN);
    await page.goto(`/regcheck/companies/${cl}/edit/providers`);
    await expect(page.getByTestId('company-edit-title')).toHaveText('Demo Chile SpA');
    await expect(page.getByTestId('provider-account').getByRole('textbox').first()).toHaveValue(
      'Proveedor de ejemplo incorporado (demo)',
    );
    await expect(page.getByTestId('providers-table')).toContainText('Boletín concursal');
    const used = Number(
      ((await page.getByTestId('provider-usage-commercialReport').textContent()) ?? '').match(/^\d+/)?.[0],
    );
    await page.getByTestId('provider-edit-commercialReport').click();
    await page.getByTestId('provider-limit').fill(String(used));
    await page.getByTestId('provider-save').click();
    await expect(page.getByTestId('provider-usage-commercialReport')).toHaveText(`${used} de ${used} usadas`);
    try {
      const user = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-CL' });
      const admin = await user.newPage();
      await login(admin, demoUser('admin', 'cl'));
      await admin.goto(`/home/records/${CHILE_RUT}/businessReport`);
      await admin.getByTestId('commercial-request').click();
      await expect(admin.getByTestId('commercial-error')).toHaveText(
        'No se pueden realizar más consultas, se alcanzó el límite contratado; contacte al Super Administrador',
      );
      await user.close();
    } finally {
      await request.put(`/api/providers/${cl}/commercialReport`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { requestLimit: null },
      });
    }
    // the token of the demo account is shown, never its value
    await page.reload();
    await expect(page.getByTestId('provider-token-state')).toBeVisible();
    await expect(page.getByTestId('provider-calls')).toBeVisible();
  });
});

test('the auditor reads the log of provider lookups, read-only', async ({ page }) => {
  await login(page, demoUser('auditor', 'cl'));
  await page.goto('/home/records/providerCalls');
  await expect(page.getByRole('heading', { name: 'Registro de consultas a proveedores' })).toBeVisible();
  await expect(page.getByTestId('provider-calls').getByTestId('table-row').first()).toBeVisible();
  await expect(page.getByTestId('provider-calls')).toContainText('Encontrado');
  await expect(page.getByRole('button', { name: /Eliminar|Editar/ })).toHaveCount(0);
});
