import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { type Credentials, createCompanyUser, demoUser, login } from './support/users';

/**
 * Issue 16: the existing screens read like a product. One test per defect of the issue (risk in sentences, history
 * in sentences, one Historial, the new-operation page, the guard, tables that fit, the duplicate document, tags).
 */

const ADMIN = demoUser('admin', 'cl');
const rutOf = (body: number) => `${body}-${rutCheckDigit(String(body))}`;
const freshBody = () => 10_000_000 + Math.floor(Math.random() * 89_999_999);
const RULE_CODE = /\b(customerType|geography|lists|pep|activity|income|related|beneficialOwner)\.[a-zA-Z]+/;

async function token(request: APIRequestContext, who: Credentials) {
  const res = await request.post('/api/users/login', { data: who });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function post<T>(request: APIRequestContext, auth: string, url: string, data: unknown): Promise<T> {
  const res = await request.post(`/api${url}`, { headers: { Authorization: `Bearer ${auth}` }, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

async function naturalFicha(request: APIRequestContext, auth: string, name: string) {
  const dni = rutOf(freshBody());
  const f = await post<{ id: string }>(request, auth, '/fichas-clientes', {
    personType: 'natural',
    dni,
    dniType: { country: 'CL', document: 'RUT' },
    name,
    fatherName: 'Producto',
  });
  return { ...f, dni };
}

const noOverflow = async (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent),
    selector,
  );

test('a legal ficha: risk in sentences with a scale; its risk change told with the beneficial owner; one Historial', async ({
  page,
  request,
}) => {
  const auth = await token(request, ADMIN);
  const company = await post<{ id: string }>(request, auth, '/fichas-clientes', {
    personType: 'legal',
    dni: rutOf(70_000_000 + Math.floor(Math.random() * 9_999_999)),
    socialReason: `Sociedad Producto ${Date.now()}`,
  });
  await post(request, auth, '/ficha-relationship', {
    fichaId: company.id,
    relationType: 'partners',
    dni: rutOf(freshBody()),
    name: 'Juan',
    fatherName: 'Pérez',
    participation: 35,
  });

  await login(page, ADMIN);
  await page.goto(`/home/fichas/${company.id}`);
  await page.getByRole('tab', { name: 'Riesgo' }).click();
  const reasons = page.getByTestId('risk-reasons');
  await expect(reasons).toContainText('Es una persona jurídica');
  await expect(reasons).toContainText(/\+\d+(,\d+)? pts/);
  await expect(page.getByTestId('risk-scale')).toContainText('Alto desde');
  expect(await reasons.textContent()).not.toMatch(RULE_CODE);

  // the ficha has one Historial: its tab; no second link with other content
  await expect(page.getByRole('link', { name: 'Historial' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Historial' }).click();
  const history = page.getByTestId('ficha-history');
  await expect(history).toContainText(
    'El riesgo pasó de Alto a Bajo: se identificó al beneficiario final Juan Pérez (35 %)',
  );
  await expect(history).toContainText('agregó a Juan Pérez como Socio (35 %)');
  const text = (await history.textContent()) ?? '';
  expect(text).not.toMatch(RULE_CODE);
  expect(text).not.toContain('{');
  expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M/);

  await page.goto(`/home/records/${company.id}/historial`);
  await expect(page.getByTestId('ficha-history')).toContainText('El riesgo pasó de Alto a Bajo');
});

test('new operation: the day rate on the right path, the ROE preview while typing, a select, a Spanish calendar, quiet amounts', async ({
  page,
}) => {
  const wrongPaths: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/api/')) wrongPaths.push(r.url());
  });
  await login(page, ADMIN);
  await page.goto('/home/records/consulta');

  // 'Tipo de transacción' is a select with translated options
  await page.getByTestId('operation-type').click();
  await page.getByRole('option', { name: 'Remesa' }).click();
  await expect(page.getByTestId('operation-type')).toHaveValue('Remesa');

  // the date picker speaks Spanish
  await page.getByTestId('operation-date').click();
  const month = new Intl.DateTimeFormat('es', { month: 'long' }).format(new Date());
  await expect(page.getByRole('button', { name: new RegExp(month, 'i') }).first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('operation-currency').click();
  await page.getByRole('option', { name: /USD|Dólar/ }).click();
  await page.getByTestId('participant-dni').fill(formatRut(rutOf(freshBody())));
  await page.getByTestId('participant-add').click();
  const amount = page.getByTestId('participant-0-amount');
  await expect(amount).toBeVisible();
  // nothing typed yet: not red
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('participant-0-name').fill('Rosa');
  await amount.fill('20.000');
  await page.getByTestId('participant-0-cash').fill('15.000');
  await expect(page.getByTestId('roe-preview')).toContainText('será un ROE');
  await page.getByTestId('participant-0-cash').fill('5.000');
  await expect(page.getByTestId('roe-preview')).toHaveCount(0);
  expect(wrongPaths).toEqual([]);

  await page.getByTestId('operation-create').click();
  await expect(page).toHaveURL(/\/home\/records\/operationDetail\/[0-9a-f-]{36}$/);
  // the toast does not sit over the buttons at the bottom right
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect(box?.y ?? 1000).toBeLessThan(200);

  // finishing asks first; cancelling keeps the operation open
  await page.getByTestId('operation-finish').click();
  await expect(page.getByRole('dialog')).toContainText('Una operación finalizada ya no se puede editar');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('operation-status')).toHaveText('En curso');

  // documents: the styled drop zone, not the browser's "Choose File"
  await page.getByRole('tab', { name: /Documentos/ }).click();
  await expect(page.getByTestId('operation-dropzone')).toContainText('Arrastre un PDF aquí');
});

test('auditor: no create actions, and typing the create URL is turned away with a word', async ({ page }) => {
  await login(page, demoUser('auditor', 'cl'));
  await page.goto('/home/fichas');
  await expect(page.getByTestId('fichas-table')).toBeVisible();
  await expect(page.getByRole('link', { name: /Nueva persona/ })).toHaveCount(0);
  await page.goto('/home/person/create?type=natural');
  await expect(page.getByText('No tienes permiso para abrir esta página')).toBeVisible();
  await expect(page).not.toHaveURL(/person\/create/);
});

test('tables fit at 1280: no badge or cell cut on /home/history and /home/fichas, documents on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, ADMIN);
  await page.goto('/home/history');
  await expect(page.getByTestId('history-table')).toBeVisible();
  await expect(page.getByTestId('history-table').locator('tbody tr').first()).toBeVisible();
  expect(await noOverflow(page, '[data-testid="history-table"] .mantine-Badge-root')).toEqual([]);
  expect(await noOverflow(page, '[data-testid="history-table"] td')).toEqual([]);
  await page.goto('/home/fichas');
  await expect(page.getByTestId('table-row').first()).toBeVisible();
  expect(await noOverflow(page, '[data-testid="fichas-table"] .mantine-Badge-root')).toEqual([]);
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="fichas-table"] td .mantine-Text-root')]
      .filter((e) => /^\d{1,3}(\.\d{3})*-[\dkK]$/.test(e.textContent ?? '') && e.getClientRects().length > 0)
      .filter((e) => e.offsetHeight > Number.parseFloat(getComputedStyle(e).lineHeight) * 1.5)
      .map((e) => e.textContent),
  );
  expect(broken).toEqual([]);
});

test('duplicate document: formatted RUT and a link to the existing ficha; tags suggested; transactions titled', async ({
  page,
  request,
}) => {
  const auth = await token(request, ADMIN);
  const name = `Duplicada ${[...String(Date.now()).slice(-6)].map((d) => 'abcdefghij'[Number(d)]).join('')}`;
  const f = await naturalFicha(request, auth, name);
  await login(page, ADMIN);

  await page.goto('/home/person/create?type=natural');
  await page.getByTestId('dni').fill(f.dni);
  await page.getByTestId('field-name').fill('Otra');
  await page.getByTestId('field-fatherName').fill('Persona');
  await page.getByTestId('ficha-save').click();
  await expect(page.getByText(`Ya existe una ficha con el documento ${formatRut(f.dni)}`).first()).toBeVisible();
  await expect(page.getByTestId('duplicate-ficha-link')).toHaveAttribute('href', `/home/fichas/${f.id}`);

  // the tag input suggests the tags the company's fichas already carry
  await page.getByTestId('field-tags').click();
  await expect(page.getByRole('option', { name: 'Cliente preferente' })).toBeVisible();

  await page.goto(`/home/records/${encodeURIComponent(f.dni)}/transaction`);
  await expect(page.getByTestId('transactions-title')).toHaveText(
    `Transacciones de ${name} Producto (${formatRut(f.dni)})`,
  );
});

test("the account manager's tags tab lists the tags the company's fichas carry, with how many", async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/home/accountManager');
  await page.getByTestId('account-tab-tags').click();
  const inUse = page.getByTestId('tags-in-use');
  // the demo fichas carry 'Cliente preferente' (two of them) and 'Revisión anual'
  await expect(inUse.getByRole('row').filter({ hasText: 'Cliente preferente' }).first()).toContainText(/\d+ fichas?/);
  await expect(inUse).toContainText('Revisión anual');
  await expect(inUse).not.toContainText(/tagsInUse\.|appliesTo/);
});

test('dates in the page language: an English page writes dates day first, times on a 24-hour clock', async ({
  page,
  request,
}) => {
  // a user of its own: the language is saved on the user, the shared demo administrator keeps Spanish
  const user = await createCompanyUser(request, { country: 'cl', role: 'admin' });
  await login(page, user);
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('language-switch').getByText('English').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/home/history');
  await expect(page.getByRole('heading', { name: 'Customer management' })).toBeVisible();
  await expect(page.locator('main tbody tr').first()).toBeVisible();
  const text = await page.locator('main').innerText();
  expect(text).toMatch(/\b\d{2}\/\d{2}\/\d{4}\b/);
  expect(text).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{4},? \d{1,2}:\d{2}(:\d{2})? ?[AP]M\b/);
});
