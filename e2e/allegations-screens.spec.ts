import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { type Credentials, DEMO_PASSWORD, demoUser, login } from './support/users';

/*
 * Issue 10, the handler's side beyond the filing flow of allegations.spec.ts: the denouncesAdmin dashboard, the
 * overdue badge (the demo's old conflict-of-interest report is past its acknowledgement), the list's xlsx export;
 * and, with E2E_SHOTS=<folder>, screenshots of every channel screen in es, en and pt-BR at 1440x900 and 1280x800
 * on the demo company with its channel active.
 */

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function companyId(request: APIRequestContext) {
  const t = await token(request, demoUser('denouncesAdmin', 'cl'));
  const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${t}` } });
  return ((await me.json()) as { user: { company: { id: string } } }).user.company.id;
}

test('the overdue badge, the overdue filter and the export of the list; the denouncesAdmin dashboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, demoUser('denouncesAdmin', 'cl'));
  await page.goto('/home/denounces');
  const overdueRow = page.getByTestId('table-row').filter({ hasText: 'Conflicto de interés' }).first();
  await expect(overdueRow.getByTestId('overdue-badge')).toHaveText('Vencida');
  const code = ((await overdueRow.getByTestId('allegation-link').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  // a report within its deadlines has no badge
  const fresh = page.getByTestId('table-row').filter({ hasText: 'Acoso laboral o sexual (Ley Karin)' }).first();
  await expect(fresh).toBeVisible();
  await expect(fresh.getByTestId('overdue-badge')).toHaveCount(0);
  // only the overdue ones
  await page.getByLabel('Solo vencidas').check();
  await expect(page.getByTestId('table-row').filter({ hasText: 'Acoso laboral' })).toHaveCount(0);
  await expect(page.getByTestId('table-row').filter({ hasText: code })).toHaveCount(1);
  const shown = await page.getByTestId('table-row').count();
  for (let i = 0; i < shown; i++)
    await expect(page.getByTestId('table-row').nth(i).getByTestId('overdue-badge')).toBeVisible();

  // the export holds what the filtered list shows, with its overdue mark
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  const file = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file as string);
  const ws = wb.worksheets[0];
  expect(ws?.name).toBe('Denuncias');
  expect(ws?.getRow(1).getCell(1).value).toBe('Código');
  expect(ws?.getRow(1).getCell(9).value).toBe('Vencida');
  const rows: string[][] = [];
  ws?.eachRow((r, n) => {
    if (n > 1) rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  expect(rows).toHaveLength(shown);
  const mine = rows.find((r) => r[0] === code);
  expect(mine?.[2]).toBe('Conflicto de interés');
  expect(mine?.[8]).toBe('Sí');
  expect(JSON.stringify(rows)).not.toContain('cuñado');

  // the dashboard of the allegations administrator
  await page.goto('/home/dashboard');
  const dash = page.getByTestId('allegations-dashboard');
  await expect(dash).toBeVisible();
  await expect(dash.getByText(/^Denuncias recibidas: \d+$/)).toBeVisible();
  const total = Number(((await dash.getByText(/^Denuncias recibidas: \d+$/).textContent()) ?? '').replace(/\D/g, ''));
  expect(total).toBeGreaterThanOrEqual(3);
  for (const title of [
    'Por mes',
    'Anónimas e identificadas',
    'Relación con la empresa',
    'Por estado',
    'Por persona asignada',
    'Por categoría',
  ])
    await expect(dash.getByText(title, { exact: true })).toBeVisible();
  await expect(dash.getByText(/^Anónima: \d+$/)).toBeVisible();
  await expect(dash.getByText(/^Identificada: \d+$/)).toBeVisible();
  await expect(dash.getByText(/^Recibida: \d+$/)).toBeVisible();
  // a period without reports says so
  await dash.getByLabel('Desde').fill('01/01/2020');
  await dash.getByLabel('Hasta').fill('31/01/2020');
  await dash.getByLabel('Hasta').press('Enter');
  await expect(dash.getByText('Denuncias recibidas: 0')).toBeVisible();
  await expect(dash.getByText('Sin denuncias en el período.').first()).toBeVisible();
});

const LANGS = [
  { lang: 'es', userLang: 'es', locale: 'es-CL' },
  { lang: 'en', userLang: 'en', locale: 'en-US' },
  { lang: 'pt-BR', userLang: 'br', locale: 'pt-BR' },
] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
];

async function pdfBytes() {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]);
  return Buffer.from(await doc.save());
}

async function shot(page: Page, out: string, name: string, full = true) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: full });
}

async function signedIn(browser: Browser, c: Credentials, viewport: { width: number; height: number }, locale: string) {
  const page = await browser.newPage({ viewport, locale });
  await login(page, c);
  return page;
}

test('screenshots of the whistleblowing channel in es, en and pt-BR', async ({ browser, request }) => {
  const out = process.env.E2E_SHOTS;
  test.skip(!out, 'set E2E_SHOTS to a folder to take the screenshots');
  test.setTimeout(600_000);
  const dir = path.join(out as string, 'allegations');
  fs.mkdirSync(dir, { recursive: true });
  const company = await companyId(request);
  const adminCreds = demoUser('denouncesAdmin', 'cl');
  const adminToken = await token(request, adminCreds);
  const auth = { Authorization: `Bearer ${adminToken}` };
  const me = (await (await request.get('/api/users/me', { headers: auth })).json()) as { user: { id: string } };
  try {
    for (const { lang, userLang, locale } of LANGS) {
      // a coordinator in that language (the administrator may create them), and the administrator's own language
      const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const coordinator = { email: `coord.${stamp}@example.test`, password: DEMO_PASSWORD };
      const made = await request.post('/api/users', {
        headers: auth,
        data: { name: `Coordinación ${lang}`, ...coordinator, role: 'denouncesCoordinator', lang: userLang },
      });
      expect(made.ok(), await made.text()).toBeTruthy();
      const own = await request.patch(`/api/users/${me.user.id}`, { headers: auth, data: { lang: userLang } });
      expect(own.ok(), await own.text()).toBeTruthy();
      for (const viewport of SIZES) {
        const size = `${viewport.width}x${viewport.height}`;
        const tag = `${lang}-${size}`;
        // the public side, as a visitor in that language
        const context = await browser.newContext({ viewport, locale });
        const v = await context.newPage();
        await v.goto(`/public/denounces/${company}`);
        await expect(v.getByTestId('start-report')).toBeVisible();
        await shot(v, dir, `${tag}-public-channel`);
        await v.getByTestId('start-report').click();
        await expect(v.getByTestId('submit-report')).toBeVisible();
        await v.getByTestId('field-category').getByRole('radio').first().check();
        await v.getByTestId('field-description').fill('Pagos duplicados a un proveedor relacionado con la jefatura.');
        await v.getByTestId('relationship-supplier').click();
        await v
          .locator('input[type="file"]')
          .setInputFiles({ name: 'respaldo.pdf', mimeType: 'application/pdf', buffer: await pdfBytes() });
        await shot(v, dir, `${tag}-public-form`);
        await v.getByTestId('submit-report').click();
        await expect(v.getByTestId('report-pin')).toBeVisible({ timeout: 30_000 });
        await shot(v, dir, `${tag}-public-success`);
        const code = ((await v.getByTestId('report-id').textContent()) ?? '').trim();
        const pin = ((await v.getByTestId('report-pin').textContent()) ?? '').trim();
        await v.goto(`/public/denounces/${company}/followUp`);
        await v.getByTestId('follow-id').fill(code);
        await v.getByTestId('follow-pin').fill(pin);
        await v.getByTestId('follow-open').click();
        await expect(v.getByTestId('public-thread')).toBeVisible({ timeout: 30_000 });
        await shot(v, dir, `${tag}-public-followup`);
        await v.goto('/public/denounces/5b0e7f0e-1c1a-4c44-9f55-3b8d2b7d8a11');
        await expect(v.getByTestId('channel-unavailable')).toBeVisible();
        await shot(v, dir, `${tag}-public-unavailable`);
        await context.close();

        // the handlers: the list with its overdue badge, a detail with chat, notes and the status change
        const c = await signedIn(browser, coordinator, viewport, locale);
        await c.goto('/home/denounces');
        await expect(c.getByTestId('overdue-badge').first()).toBeVisible();
        await shot(c, dir, `${tag}-list`);
        await c.getByTestId('table-row').filter({ hasText: code }).getByTestId('allegation-link').click();
        await expect(c.getByTestId('detail-status')).toBeVisible();
        await c.getByTestId('message-text').fill('Gracias, revisaremos los pagos.');
        await c.getByTestId('message-send').click();
        await expect(c.getByTestId('staff-thread')).toContainText('revisaremos');
        await shot(c, dir, `${tag}-detail-chat`);
        await c.getByTestId('tab-notes').click();
        await c.getByTestId('note-text').fill('Pedir a Finanzas el detalle de pagos.');
        await c.getByTestId('note-send').click();
        await expect(c.getByTestId('note').first()).toBeVisible();
        await c.getByTestId('status-select').click();
        await c.getByRole('option').nth(1).click();
        await shot(c, dir, `${tag}-detail-notes-status`);
        await c.close();

        const a = await signedIn(browser, adminCreds, viewport, locale);
        await a.goto('/home/dashboard');
        await expect(a.getByTestId('allegations-dashboard')).toBeVisible();
        await expect(a.locator('.recharts-surface').first()).toBeVisible();
        await shot(a, dir, `${tag}-dashboard`);
        await a.close();
      }
    }
  } finally {
    const back = await request.patch(`/api/users/${me.user.id}`, { headers: auth, data: { lang: 'es' } });
    expect(back.ok(), await back.text()).toBeTruthy();
  }
  expect(fs.readdirSync(dir).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(54);
});
