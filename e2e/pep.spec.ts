import { type APIRequestContext, expect, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { type Credentials, demoUser, login, SUPER_ADMIN, WATCHER } from './support/users';

/*
 * Issue 13, the PEP register: the super administrator registers a PEP and sees the end of the PEP status computed
 * while filling the form; a company's ficha of that person is found by the screening (the hit shows the office); the
 * deactivation takes the hit away; the watcher sees the change with the company that holds the ficha; a company
 * administrator cannot open the watcher's page.
 */

function newRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 14_999_999));
  return formatRut(`${body}${rutCheckDigit(body)}`);
}

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

interface Listas {
  lists: { listId: string; coincidence: boolean }[];
}
const registerHit = (l: Listas | null) => l?.lists.find((x) => x.listId === 'pep-register')?.coincidence ?? false;

test('a registered PEP is found by a company’s ficha, deactivation takes it away, the watcher sees the change', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const rut = newRut();
  const stamp = Date.now().toString(36).replace(/\d/g, '').slice(0, 4) || 'abcd';
  const given = `Valeria ${stamp[0]?.toUpperCase()}${stamp.slice(1)}`;
  const fullName = `${given} Quiroga Santander`;

  // the super administrator registers the PEP: the end of the PEP status follows the Chilean rule while typing
  const sa = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'es-CL' });
  await login(sa, SUPER_ADMIN);
  await sa.goto('/regcheck/pep');
  await sa.getByTestId('pep-new').click();
  await expect(sa).toHaveURL(/\/regcheck\/pep\/define$/);
  await sa.getByTestId('pep-dni').fill(rut);
  await sa.getByTestId('pep-name').fill(fullName);
  await sa.getByTestId('pep-position').fill('Seremi de Salud');
  await sa.getByTestId('pep-institution').fill('Ministerio de Salud');
  await sa.getByTestId('pep-office-start').fill('01/04/2022');
  await expect(sa.getByTestId('pep-expiration')).toContainText('mientras ejerza el cargo y luego 1 año');
  await sa.getByTestId('pep-office-end').fill('15/02/2026');
  await sa.getByTestId('pep-office-end').press('Tab');
  await expect(sa.getByTestId('pep-expiration')).toContainText('es PEP hasta el 15/02/2027');
  await sa.getByTestId('pep-save').click();
  await expect(sa).toHaveURL(/\/regcheck\/pep\/[0-9a-f-]{36}\/edit$/);
  await expect(sa.getByTestId('pep-status-text')).toContainText('PEP hasta el 15/02/2027');

  // a customer of the Chilean demo company with that RUT: the screening finds the register, the hit shows the office
  const admin = { Authorization: `Bearer ${await token(request, demoUser('admin', 'cl'))}` };
  const created = await request.post('/api/fichas-clientes', {
    headers: admin,
    data: {
      personType: 'natural',
      dni: rut,
      dniType: { country: 'CL', document: 'RUT' },
      name: given,
      fatherName: 'Quiroga',
      motherName: 'Santander',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const ficha = (await created.json()) as { id: string; listas: Listas };
  expect(registerHit(ficha.listas)).toBe(true);
  const co = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'es-CL' });
  await login(co, demoUser('admin', 'cl'));
  await co.goto(`/home/fichas/${ficha.id}`);
  await co.getByRole('tab', { name: /^Listas/ }).click();
  const hit = co.getByTestId('list-hit').filter({ hasText: 'Registro PEP de RegCheck' });
  await expect(hit).toBeVisible();
  await hit.getByRole('button', { name: 'Ver detalle' }).click();
  await expect(co.getByTestId('hit-detail')).toContainText('Seremi de Salud · Ministerio de Salud');
  await expect(co.getByTestId('hit-detail')).toContainText('15/02/2027');
  // the watcher's page is not a company's
  await co.goto('/regcheck/vigilancia');
  await expect(co).not.toHaveURL(/\/regcheck\/vigilancia$/);
  await co.close();

  // deactivation: the monitoring takes the hit off the ficha
  await sa.getByTestId('pep-deactivate').click();
  await sa.getByTestId('confirm-action').click();
  await expect(sa.getByTestId('pep-status-text')).toContainText('Retirada del registro');
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/fichas-clientes/${ficha.id}`, { headers: admin });
        return registerHit(((await res.json()) as { listas: Listas }).listas);
      },
      { timeout: 30_000 },
    )
    .toBe(false);
  await sa.close();

  // the watcher sees the change, with the obliged subject that holds the ficha
  const w = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'es-CL' });
  await login(w, WATCHER);
  await w.goto('/regcheck/vigilancia');
  await w.getByTestId('vigilancia-tab-changed').click();
  const row = w.getByTestId('vigilancia-changed').getByRole('row').filter({ hasText: rut });
  await expect(row).toContainText('PEP (directa)');
  await expect(row).toContainText('Desactivada');
  await expect(row).toContainText('Demo Chile SpA (1 ficha)');
  await w.close();
});
