import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { E2E_ADMIN } from '../playwright.config';
import { login } from './support/users';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2c0a7a40000000049454e44ae426082',
  'hex',
);

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function pickRole(page: Page, label: string) {
  await page.getByTestId('user-role').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function createUser(page: Page, name: string, email: string, role: string) {
  await page.goto('/home/users/create');
  await page.getByTestId('user-name').fill(name);
  await page.getByTestId('user-email').fill(email);
  await pickRole(page, role);
  await page.getByTestId('user-password').fill('Inicio.2026-e2e');
  await page.getByTestId('user-save').click();
}

test('a company is set up by the super administrator, its admin manages users, API credentials and a webhook that a list match reaches signed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/regcheck`;
  const stamp = Date.now();
  const companyName = `E2E Administración ${stamp}`;
  const admin = { email: `admin.${stamp}@e2e-admin.test`, password: 'Inicio.2026-e2e' };

  try {
    // 1. the super administrator creates the obliged subject with the allegations channel on, a logo and its admin
    await login(page, E2E_ADMIN);
    await page.goto('/regcheck/companies/create');
    await page.getByTestId('company-name').fill(companyName);
    await page.getByTestId('company-country').click();
    await page.getByTestId('company-country').fill('Chile');
    await page.getByRole('option', { name: 'Chile', exact: true }).click();
    await page.getByTestId('company-allegations').click();
    await page.getByRole('option', { name: 'Activo', exact: true }).click();
    await page.getByTestId('company-save').click();
    await expect(page).toHaveURL(/\/regcheck\/companies$/);
    await page
      .getByTestId('table-row')
      .filter({ hasText: companyName })
      .getByRole('link', { name: companyName })
      .click();
    await expect(page).toHaveURL(/\/regcheck\/companies\/[0-9a-f-]+\/edit$/);

    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Logo guardado')).toBeVisible();
    await expect(page.getByTestId('company-logo')).toBeVisible();

    await page.getByTestId('company-user-new').click();
    const modal = page.getByRole('dialog');
    await modal.getByTestId('user-name').fill('Ana Administradora');
    await modal.getByTestId('user-email').fill(admin.email);
    await modal.getByTestId('user-password').fill(admin.password);
    await modal.getByTestId('user-ask-change').uncheck();
    await modal.getByTestId('user-save').click();
    await expect(page.getByTestId('company-users')).toContainText(admin.email);

    // 2. that admin creates a monitoring user and a coordinator; the second allegations administrator is refused
    const ctx = await browser.newContext();
    const adminPage = await ctx.newPage();
    await login(adminPage, admin);
    await createUser(adminPage, 'Mónica Monitoreo', `monitor.${stamp}@e2e-admin.test`, 'Usuario de monitoreo');
    await expect(adminPage).toHaveURL(/\/home\/users$/);
    await createUser(adminPage, 'Carlos Coordinador', `coord.${stamp}@e2e-admin.test`, 'Gestor de denuncias');
    await expect(adminPage).toHaveURL(/\/home\/users$/);
    await createUser(adminPage, 'Daniela Denuncias', `da1.${stamp}@e2e-admin.test`, 'Administrador de denuncias');
    await expect(adminPage).toHaveURL(/\/home\/users$/);
    await createUser(adminPage, 'Diego Denuncias', `da2.${stamp}@e2e-admin.test`, 'Administrador de denuncias');
    await expect(
      adminPage.getByText('La empresa ya tiene usuarios con el rol Administrador de Denuncias'),
    ).toBeVisible();
    await adminPage.goto('/home/users');
    await adminPage.getByTestId('users-search').fill(String(stamp));
    // the admin and the three users created (the second allegations administrator was not)
    await expect(adminPage.getByTestId('table-row')).toHaveCount(4);
    await adminPage.getByTestId('users-role-filter').click();
    await adminPage.getByRole('option', { name: 'Usuario de monitoreo', exact: true }).click();
    await expect(adminPage.getByTestId('table-row')).toHaveCount(1);
    await expect(adminPage.getByTestId('table-row')).toContainText('Mónica Monitoreo');
    // a cell's text longer than 20 characters (the e-mail) shows whole in a tooltip, as in every table (decision 262)
    const email = adminPage
      .getByTestId('table-row')
      .locator('[data-cell-tooltip]')
      .filter({ hasText: '@e2e-admin.test' });
    await email.hover();
    await expect(adminPage.getByRole('tooltip')).toHaveText((await email.textContent())?.trim() ?? '-');
    await adminPage.mouse.move(0, 0);

    // 3. API credentials (the secret shown once) and a webhook for new list matches
    await adminPage.goto('/tools/api');
    await adminPage.getByTestId('client-new').click();
    await adminPage.getByTestId('client-name').fill('Core bancario');
    await adminPage.getByTestId('client-create').click();
    await expect(adminPage.getByTestId('secret-value')).not.toBeEmpty();
    await adminPage.getByTestId('secret-close').click();
    await expect(adminPage.getByTestId('api-clients-table')).toContainText('Core bancario');

    await adminPage.getByTestId('webhook-new').click();
    await adminPage.getByTestId('webhook-url').fill(hookUrl);
    await adminPage.getByTestId('webhook-create').click();
    const secret = (await adminPage.getByTestId('secret-value').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await adminPage.getByTestId('secret-close').click();
    await expect(adminPage.getByTestId('webhooks-table')).toContainText(hookUrl);

    // 4. a customer of the company appears on a list: the match reaches the receiver, signed with the secret
    const signin = await request.post('/api/users/login', { data: admin });
    const token = ((await signin.json()) as { token: string }).token;
    const body = String(15_000_000 + (stamp % 1_000_000));
    const ficha = await request.post('/api/fichas-clientes', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        personType: 'natural',
        dni: `${body}-${rutCheckDigit(body)}`,
        name: 'Eustaquio Bartolomé',
        fatherName: 'Zumárraga',
        motherName: 'Ilundain',
        birthDate: '1961-07-19',
        nationality: 'CL',
      },
    });
    expect(ficha.ok(), await ficha.text()).toBeTruthy();
    const root = await request.post('/api/users/login', { data: E2E_ADMIN });
    const rootToken = ((await root.json()) as { token: string }).token;
    const entry = { id: `e2e-${stamp}`, name: 'Eustaquio Bartolomé Zumárraga Ilundain', schema: 'Person' };
    const imported = await request.post('/api/lists/pdi/import', {
      headers: { Authorization: `Bearer ${rootToken}` },
      data: { format: 'entities-jsonl', content: JSON.stringify(entry), label: 'E2E' },
    });
    expect(imported.status(), await imported.text()).toBe(202);

    await expect.poll(() => received.length, { timeout: 90_000 }).toBeGreaterThan(0);
    const delivery = received[0] as Received;
    expect(delivery.headers['x-regcheck-event']).toBe('list.match');
    const sig = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-regcheck-signature']));
    expect(sig).not.toBeNull();
    const expected = createHmac('sha256', secret).update(`${sig?.[1]}.${delivery.body}`).digest('hex');
    expect(sig?.[2]).toBe(expected);
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: 'list.match',
      data: { fichaId: (await ficha.json()).id },
    });

    // the delivery log shows it as delivered
    await adminPage.reload();
    await adminPage.getByTestId('webhook-log').first().click();
    await expect(adminPage.getByTestId('webhook-deliveries')).toContainText('Entregado');
    await ctx.close();
  } finally {
    receiver.close();
  }
});
