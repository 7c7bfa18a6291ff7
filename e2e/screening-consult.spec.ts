import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { type Credentials, DEMO_PASSWORD, demoUser, login } from './support/users';

/*
 * Issue 15, the individual search at /home/person/consult as an officer uses it: an invalid RUT refused in words, a
 * customer's RUT says it is an existing ficha (with a link) and screens its names, a new person becomes a ficha from
 * the search with the form filled, the hit drawer opens from the results (list version, source, reference, document
 * types in words), the history tab filters by user and result and exports what it shows.
 */

function newRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return formatRut(`${body}${rutCheckDigit(body)}`);
}

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function search(page: Page, fields: { name?: string; fatherName?: string; motherName?: string; dni?: string }) {
  await page.getByRole('button', { name: 'Limpiar' }).click();
  if (fields.name !== undefined) await page.getByLabel('Nombres', { exact: true }).fill(fields.name);
  if (fields.fatherName !== undefined)
    await page.getByLabel('Apellido paterno', { exact: true }).fill(fields.fatherName);
  if (fields.motherName !== undefined)
    await page.getByLabel('Apellido materno', { exact: true }).fill(fields.motherName);
  if (fields.dni !== undefined) await page.getByTestId('consult-dni').fill(fields.dni);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
}

test('the individual search: documents checked, customers recognised, a ficha from the search, the hit drawer, the history', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = demoUser('admin', 'cl');
  await login(page, admin);
  await page.goto('/home/person/consult');
  await expect(page.getByTestId('person-consult-form')).toBeVisible();

  // 1. an invalid RUT is refused in words and nothing is searched
  await page.getByTestId('consult-dni').fill('12.345.678-9');
  await page.getByTestId('consult-dni').blur();
  await expect(page.getByText('El documento no es un RUT válido de este país')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeDisabled();
  await page.getByTestId('consult-dni').press('Enter');
  await expect(page.getByTestId('screening-results')).toHaveCount(0);

  // 2. the demo's sanctioned customer by RUT alone: an existing ficha, with its link, and its names screened
  const demoRut = formatRut(`26543210${rutCheckDigit('26543210')}`);
  await search(page, { dni: demoRut });
  const known = page.getByTestId('existing-customer');
  await expect(known).toContainText('Este documento pertenece a la ficha de');
  await expect(known).toContainText('Se consultaron también sus nombres.');
  await expect(known.getByRole('link', { name: 'Ver la ficha' })).toHaveAttribute(
    'href',
    /^\/home\/fichas\/[0-9a-f-]{36}$/,
  );
  await expect(page.getByTestId('create-ficha-from-search')).toHaveCount(0);
  const ofac = page.getByTestId('list-result-ofac');
  await expect(ofac.getByTestId('coincidence-badge')).toHaveText('Coincidencia');
  await expect(ofac.getByTestId('hit-explanation-text').first()).toContainText('Nombre: coincidencia exacta');

  // 3. the hit drawer from the search: the entry whole, its list version, source and reference, documents in words
  await ofac.getByRole('button', { name: 'Ver detalle' }).first().click();
  const drawer = page.getByTestId('hit-detail');
  await expect(drawer).toBeVisible();
  const table = drawer.getByTestId('hit-comparison');
  await expect(table).toContainText('Versión de la lista');
  await expect(table).toContainText(/vigente desde el \d{2}\/\d{2}\/\d{4}/);
  await expect(table).toContainText('Fuente');
  await expect(table).toContainText('OFAC');
  await expect(table).toContainText('Referencia en la lista');
  await expect(table).toContainText('Datos buscados');
  const text = (await table.textContent()) ?? '';
  expect(text).not.toMatch(/passport|national-id|regnumber/i);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // 4. a new person: no results in words, and a ficha from the search with the form filled
  const rut = newRut();
  await search(page, { name: 'Rigoberta', fatherName: 'Ficticia', motherName: 'Lagos', dni: rut });
  await expect(page.getByTestId('no-results')).toBeVisible();
  await expect(page.getByTestId('existing-customer')).toHaveCount(0);
  await page.getByTestId('create-ficha-from-search').click();
  await expect(page).toHaveURL(/\/home\/person\/create\?type=natural/);
  await expect(page.getByRole('textbox', { name: 'Nombres' }).first()).toHaveValue('Rigoberta');
  await expect(page.getByRole('textbox', { name: 'Apellido paterno' }).first()).toHaveValue('Ficticia');
  await expect(page.getByRole('textbox', { name: 'Apellido materno' }).first()).toHaveValue('Lagos');
  await expect(page.getByRole('textbox', { name: 'Número de documento' }).first()).toHaveValue(rut);

  // 5. the history: newest first, filtered by user and by result, exported as shown
  const um = { email: demoUser('userMonitoring', 'cl').email, password: DEMO_PASSWORD };
  const umToken = await token(request, um);
  const theirs = `Ana Monit ${Date.now() % 10_000}`;
  const r = await request.post('/api/search/individual', {
    headers: { Authorization: `Bearer ${umToken}` },
    data: { name: theirs },
  });
  expect(r.ok(), await r.text()).toBeTruthy();
  await page.goto('/home/person/consult');
  await page.getByRole('tab', { name: 'Historial' }).click();
  const rows = page.getByTestId('search-history-table').getByTestId('table-row');
  await expect(rows.first()).toContainText(theirs);
  await expect(rows.filter({ hasText: rut })).toHaveCount(1);
  await page.getByTestId('history-user').click();
  await page.getByRole('option', { name: 'CL admin', exact: true }).click();
  await expect(rows.filter({ hasText: theirs })).toHaveCount(0);
  await expect(rows.filter({ hasText: rut })).toHaveCount(1);
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText('CL admin');
  await page.getByText('Con coincidencia', { exact: true }).click();
  await expect(rows.filter({ hasText: rut })).toHaveCount(0);
  await expect(rows.first()).toContainText('Listas con coincidencia');
  const shown = await rows.count();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path()) as string, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Fecha;Usuario;Nombre;Documento;Tipo de persona;País;Resultado');
  // every row the filter holds (the table shows a page of them): each one CL admin's, with a hit
  expect(lines.length - 1).toBeGreaterThanOrEqual(shown);
  for (const line of lines.slice(1)) {
    expect(line).toContain(';CL admin;');
    expect(line).toContain('Listas con coincidencia');
  }
  await expect(page.getByText(`Se exportaron ${lines.length - 1} búsquedas`)).toBeVisible();
});

const LANGS = [
  ['es', 'es'],
  ['pt-BR', 'br'],
  ['en', 'en'],
] as const;

async function signedIn(browser: Browser, c: Credentials, viewport: { width: number; height: number }) {
  const page = await browser.newPage({ viewport });
  await login(page, c);
  return page;
}

/** Screenshots of the changed screening screens (E2E_SHOTS=<folder> to take them). */
test('screenshots of the individual search, its hit drawer, its history and the dismissal reasons', async ({
  browser,
  request,
}) => {
  const out = process.env.E2E_SHOTS;
  test.skip(!out, 'set E2E_SHOTS to a folder to take the screenshots');
  test.setTimeout(400_000);
  const dir = path.join(out as string, 'screening');
  fs.mkdirSync(dir, { recursive: true });
  const adminToken = await token(request, demoUser('admin', 'cl'));
  const demoRut = formatRut(`26543210${rutCheckDigit('26543210')}`);
  for (const [lang, userLang] of LANGS) {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const user = { email: `consult.${stamp}@example.test`, password: DEMO_PASSWORD };
    const res = await request.post('/api/users', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: {
        name: `Capturas ${lang}`,
        email: user.email,
        role: 'adminNoUser',
        password: user.password,
        lang: userLang,
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1280, height: 800 },
    ]) {
      const tag = `${lang}-${viewport.width}x${viewport.height}`;
      const page = await signedIn(browser, user, viewport);
      await page.goto('/home/person/consult');
      await page.getByTestId('consult-dni').fill('12.345.678-9');
      await page.getByTestId('consult-dni').blur();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `${tag}-consult-invalid.png`) });
      await page.getByTestId('consult-dni').fill(demoRut);
      await page.getByTestId('person-consult-form').locator('button[type="submit"]').click();
      await expect(page.getByTestId('existing-customer')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `${tag}-consult-customer.png`), fullPage: true });
      await page.getByTestId('list-result-ofac').getByRole('button').first().click();
      await expect(page.getByTestId('hit-comparison')).toBeVisible();
      await expect(page.getByTestId('hit-comparison')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(dir, `${tag}-consult-drawer.png`) });
      await page.keyboard.press('Escape');
      await page.getByRole('tab').nth(1).click();
      await expect(page.getByTestId('search-history-table')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `${tag}-consult-history.png`), fullPage: true });
      await page.goto('/home/blacklist');
      await page.getByTestId('open-dismissal-reasons').click();
      await expect(page.getByTestId('dismissal-reason-row').first()).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `${tag}-dismissal-reasons.png`) });
      await page.close();
    }
  }
});

test('the dismissal reasons are kept from the blacklist page, and offered when dismissing', async ({
  page,
  request,
}) => {
  const admin = demoUser('admin', 'cl');
  const auth = { Authorization: `Bearer ${await token(request, admin)}` };
  const before = (
    (await (await request.get('/api/screening-settings', { headers: auth })).json()) as {
      dismissalReasons: string[];
    }
  ).dismissalReasons;
  try {
    await login(page, demoUser('userMonitoring', 'cl'));
    await page.goto('/home/blacklist');
    await page.getByTestId('open-dismissal-reasons').click();
    const modal = page.getByTestId('dismissal-reasons');
    await expect(modal.getByTestId('dismissal-reason-row').filter({ hasText: 'Es otra persona' })).toBeVisible();
    const reason = `Homónimo verificado en el Registro Civil ${Date.now()}`;
    await modal.getByTestId('dismissal-reason-new').fill(reason);
    await modal.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByText('Motivos de descarte guardados')).toBeVisible();
    await expect(modal.getByTestId('dismissal-reason-row').filter({ hasText: reason })).toBeVisible();
    // a repeat is refused in words
    await modal.getByTestId('dismissal-reason-new').fill(reason.toUpperCase());
    await modal.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByText(/ya está en la lista/)).toBeVisible();
    // rename it, then remove it
    await modal.getByRole('button', { name: `Editar el motivo «${reason}»` }).click();
    await modal.getByLabel('Texto del motivo').fill(`${reason} (revisado)`);
    await modal.getByRole('button', { name: 'Guardar el motivo' }).click();
    await expect(modal.getByTestId('dismissal-reason-row').filter({ hasText: `${reason} (revisado)` })).toBeVisible();
    const after = (
      (await (await request.get('/api/screening-settings', { headers: auth })).json()) as {
        dismissalReasons: string[];
      }
    ).dismissalReasons;
    expect(after).toEqual([...before, `${reason} (revisado)`]);
    page.once('dialog', (d) => void d.accept());
    await modal.getByRole('button', { name: `Eliminar el motivo «${reason} (revisado)»` }).click();
    await expect(modal.getByTestId('dismissal-reason-row').filter({ hasText: reason })).toHaveCount(0);
  } finally {
    const back = await request.put('/api/screening-settings', { headers: auth, data: { dismissalReasons: before } });
    expect(back.ok(), await back.text()).toBeTruthy();
  }
});
