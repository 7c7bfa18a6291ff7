import { type Browser, expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { DEMO_PASSWORD, demoUser, login } from './support/users';

// every call of the reporter solves a proof of work in the browser: seconds on a quiet machine, 10 s or more each on
// a busy one, so this file's tests get a ceiling of their own
test.describe.configure({ timeout: 360_000 });

async function companyIdOf(page: Page): Promise<string> {
  const res = await page.request.post('/api/users/login', {
    data: { email: demoUser('denouncesAdmin', 'cl').email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  const me = await page.request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
  return ((await me.json()) as { user: { company: { id: string } } }).user.company.id;
}

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText('Factura 4471', { x: 40, y: 150 });
  return Buffer.from(await doc.save());
}

/** A visitor with no session, in a browser context of its own (Spanish). */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ locale: 'es-CL' });
  return context.newPage();
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an anonymous report is filed, handled and followed with its id and pin; internal notes stay internal', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const companyId = await companyIdOf(page);
  const description = `Facturas duplicadas del proveedor Acme ${Date.now()}`;

  // 1. the visitor files an anonymous report with an attachment and writes down the id and pin
  const v = await visitor(browser);
  await v.goto(`/public/denounces/${companyId}`);
  await expect(v.getByText('Canal de denuncias de Demo Chile SpA')).toBeVisible();
  await v.getByTestId('start-report').click();
  await expect(v).toHaveURL(/\/public\/denounces\/new\?company=/);
  // the form says what is missing before sending
  await v.getByTestId('submit-report').click();
  await expect(v.getByText('Elija una categoría.')).toBeVisible();
  await expect(v.getByText('Describa lo ocurrido.')).toBeVisible();
  await v.getByRole('radio', { name: 'Fraude', exact: true }).check();
  await v.getByTestId('field-description').fill(description);
  await v.getByTestId('field-when').fill('Marzo de 2026');
  await v.getByTestId('field-where').fill('Bodega de Quilicura');
  await v.getByTestId('relationship-employee').click();
  await v
    .locator('input[type="file"]')
    .setInputFiles({ name: 'factura-4471.pdf', mimeType: 'application/pdf', buffer: await pdf() });
  await v.getByTestId('submit-report').click();
  await expect(v).toHaveURL(/\/public\/denounces\/success$/, { timeout: 90_000 });
  await expect(v.getByTestId('keep-note')).toContainText('única vez');
  const code = ((await v.getByTestId('report-id').textContent()) ?? '').trim();
  const pin = ((await v.getByTestId('report-pin').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  expect(pin).toMatch(/^\d{8}$/);
  // shown once: a reload of the page finds them gone (they were never in history state, the URL or storage)
  await v.reload();
  await expect(v.getByText('El código y el PIN solo se muestran al enviar la denuncia.')).toBeVisible();
  await expect(v.getByTestId('report-pin')).toHaveCount(0);
  await expect(v.getByText(pin)).toHaveCount(0);

  // 2. the coordinator sees it, acknowledges it, writes to the reporter and adds an internal note
  await login(page, demoUser('denouncesCoordinator', 'cl'));
  await page.goto('/home/denounces');
  const row = page.getByTestId('table-row').filter({ hasText: code });
  await expect(row).toContainText('Fraude');
  await expect(row).toContainText('Recibida');
  await row.getByTestId('allegation-link').click();
  await expect(page.getByRole('heading', { name: `Denuncia ${code}` })).toBeVisible();
  await expect(page.getByText(description).first()).toBeVisible();
  await expect(page.getByText('factura-4471.pdf').first()).toBeVisible();
  // the history says in words who opened the case, who gave it to whom (issue 27, point 5)
  const history = page.getByTestId('allegation-history');
  await expect(history).toContainText('CL denouncesCoordinator abrió la denuncia');
  await pick(page, 'assign-select', 'CL denouncesAdmin');
  await expect(history).toContainText('CL denouncesCoordinator asignó la denuncia a CL denouncesAdmin');
  // and who downloaded the reporter's file (read again with the case)
  const download = page.waitForEvent('download');
  await page.getByText('factura-4471.pdf').first().click();
  expect((await download).suggestedFilename()).toBe('factura-4471.pdf');
  await pick(page, 'status-select', 'Acuse de recibo enviado');
  await page.getByTestId('status-reason').fill('Se acusa recibo y se inicia la revisión');
  await page.getByTestId('status-save').click();
  await expect(page.getByTestId('detail-status')).toHaveText('Acuse de recibo enviado');
  await page.getByTestId('message-text').fill('Gracias. ¿Recuerda el número de orden de compra?');
  // the handler's files: one with the message (the reporter gets it), one with the note (never)
  await page
    .locator('input[type="file"]')
    .nth(0)
    .setInputFiles({ name: 'formulario-ampliacion.pdf', mimeType: 'application/pdf', buffer: await pdf() });
  await page.getByTestId('message-send').click();
  await expect(page.getByTestId('staff-thread')).toContainText('número de orden de compra');
  await expect(page.getByTestId('staff-thread')).toContainText('formulario-ampliacion.pdf');
  await page.getByTestId('tab-notes').click();
  await page.getByTestId('note-text').fill('Nota interna: cruzar con pagos a Acme');
  await page
    .locator('input[type="file"]')
    .nth(1)
    .setInputFiles({ name: 'pagos-acme-interno.pdf', mimeType: 'application/pdf', buffer: await pdf() });
  await page.getByTestId('note-send').click();
  await expect(page.getByTestId('note')).toContainText('cruzar con pagos a Acme');
  await expect(page.getByTestId('note-file')).toContainText('pagos-acme-interno.pdf');

  // 3. the visitor follows up: reads the answer and the new status, never the note, and replies
  await v.goto(`/public/denounces/${companyId}/followUp`);
  await v.getByTestId('follow-id').fill(code);
  await v.getByTestId('follow-pin').fill(pin);
  await v.getByTestId('follow-open').click();
  await expect(v.getByTestId('follow-status')).toHaveText('Acuse de recibo enviado', { timeout: 90_000 });
  await expect(v.getByTestId('public-thread')).toContainText('número de orden de compra');
  await expect(v.getByText('cruzar con pagos a Acme')).toHaveCount(0);
  await expect(v.getByTestId('public-thread')).toContainText('formulario-ampliacion.pdf');
  await expect(v.getByText('pagos-acme-interno.pdf')).toHaveCount(0);
  await expect(v.getByText('CL denouncesCoordinator')).toHaveCount(0);
  await v.getByTestId('reply-text').fill('La orden es la OC-2026-118.');
  await v.getByTestId('reply-send').click();
  await expect(v.getByTestId('public-thread')).toContainText('OC-2026-118', { timeout: 90_000 });

  // 4. a wrong pin shows nothing of the report
  const w = await visitor(browser);
  await w.goto(`/public/denounces/${companyId}/followUp`);
  await w.getByTestId('follow-id').fill(code);
  await w.getByTestId('follow-pin').fill('00000000');
  await w.getByTestId('follow-open').click();
  await expect(w.getByTestId('follow-error')).toContainText('no son válidos', { timeout: 90_000 });
  await expect(w.getByText(description)).toHaveCount(0);
  await expect(w.getByTestId('public-thread')).toHaveCount(0);

  // 5. the coordinator reads the reply; the history holds the download of the reporter's file
  await page.reload();
  await expect(page.getByTestId('staff-thread')).toContainText('OC-2026-118');
  await expect(page.getByTestId('allegation-history')).toContainText(
    'CL denouncesCoordinator descargó el archivo «factura-4471.pdf»',
  );
});

test('another role is sent away from the allegations pages, and an unknown channel says it is not available', async ({
  page,
}) => {
  // the signed-in pages read the channel through the authenticated route, never the public rate-limited one
  const channelCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/denuncia-(public\/)?channel/.test(r.url())) channelCalls.push(new URL(r.url()).pathname);
  });
  await login(page, demoUser('admin', 'cl'));
  await page.goto('/home/denounces');
  await expect(page).toHaveURL(/\/hall$/);
  await page.getByTestId('nav-denounces-channel').click();
  await expect(page.getByTestId('denounces-channel-url')).toHaveValue(/\/public\/denounces\//);
  expect(channelCalls.length).toBeGreaterThan(0);
  expect(channelCalls.every((p) => p === '/api/denuncia-channel')).toBe(true);
  const v = await page.context().browser()?.newPage();
  if (!v) throw new Error('no browser');
  await v.goto('/public/denounces/5b0e7f0e-1c1a-4c44-9f55-3b8d2b7d8a11');
  await expect(v.getByTestId('channel-unavailable')).toContainText('Canal no disponible');
});
