import fs from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { platformSigningKey } from '../../apps/server/src/modules/forms/forms.signing-key';
import { verifyPdfSignature } from '../../apps/server/src/modules/forms/forms.verify';
import { formPdfText } from '../../apps/server/test/form-pdf-text';
import { opensslVerify } from '../../apps/server/test/openssl';
import type { FormFieldT, FormTemplateConfigT, FormTypeT } from '../../packages/shared/src/schemas/forms';
import { CHROMIUM_LAUNCH, DESKTOP_LAUNCH } from './chromium';
import { waitForMail } from './mailbox';
import { demoUser } from './users';

/**
 * The participant's side of a declaration in the browser, shared by the forms specs: the operation and the send
 * (through the API, as the company), the link from the e-mail the in-process SMTP server caught, the form filled
 * from its template, both photos from Chromium's fake camera, a drawn signature, the signed PDF downloaded and
 * checked (our verifier, openssl, and /public/verify in the browser), and the spent link refused.
 */

const CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
/** Chromium with a fake camera answering getUserMedia, and no permission prompt. */
export const FAKE_CAMERA = { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, ...CAMERA_ARGS] };
/** The same in the desktop Chromium (the specs of playwright.config.ts's DESKTOP_SPECS). */
export const FAKE_CAMERA_DESKTOP = { ...DESKTOP_LAUNCH, args: [...DESKTOP_LAUNCH.args, ...CAMERA_ARGS] };

export const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function adminToken(request: APIRequestContext, country: 'cl' | 'br') {
  const login = await request.post('/api/users/login', { data: demoUser('admin', country) });
  expect(login.ok(), await login.text()).toBeTruthy();
  return ((await login.json()) as { token: string }).token;
}

export async function createOperation(
  request: APIRequestContext,
  country: 'cl' | 'br',
  associate: Record<string, unknown>,
  operation: Record<string, unknown> = {},
) {
  const token = await adminToken(request, country);
  const res = await request.post('/api/consultations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { divisa: 'USD', transactionDate: '2026-03-14', ...operation, associates: [associate] },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string; codigo: number; associates: { dni: string }[] };
}

const RESEND: Record<FormTypeT, string> = {
  formDOF: 'resendDOF',
  formDOFLegal: 'resendDOFLegal',
  formBF: 'resendBF',
  formPep: 'resendPEP',
};

/** Sends a participant's form by e-mail as the company's administrator. */
export async function sendForm(
  request: APIRequestContext,
  country: 'cl' | 'br',
  operationId: string,
  index: number,
  type: FormTypeT,
) {
  const token = await adminToken(request, country);
  const res = await request.get(`/api/consultations/${RESEND[type]}/${operationId}/${index}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** The link of the last form e-mail to `to`. */
export async function linkIn(to: string) {
  const text = await waitForMail(to);
  const m = /https?:\/\/[^\s"<>]+\/public\/consultation\/[^\s"<>]+\?form=[0-9a-f-]{36}&key=[A-Za-z0-9_-]+/.exec(text);
  if (!m) throw new Error(`no form link in: ${text.slice(0, 500)}`);
  return m[0];
}

/** Picks `option` in the select of `field` (the first in `scope`, else in the page); a pre-filled choice is kept. */
export async function choose(page: Page, field: string, option: string, scope?: ReturnType<Page['locator']>) {
  const input = (scope ?? page).locator(`input[data-field="${field}"]`).first();
  // pre-filled from the operation (decision 160): choosing it again would clear it
  if ((await input.inputValue()) === option) return;
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The signer step: another person, entered by hand (name, document, capacity by its label). */
export async function enterSigner(page: Page, who: { name: string; document: string; capacity: string }) {
  const other = page.getByTestId('signer-other').locator('input');
  if (!(await other.isChecked())) await other.check();
  await page.getByTestId('signer-name').fill(who.name);
  await page.getByTestId('signer-document').fill(who.document);
  await page.getByTestId('signer-capacity').click();
  await page.getByRole('option', { name: who.capacity, exact: true }).click();
}

export async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 30 + i * 15, box.y + box.height / 2 + (i % 2 ? -25 : 25));
  }
  await page.mouse.up();
}

export type Answer = string | number | Record<string, string | number>[];

/**
 * Fills every field of a template that `answers` has a value for, by the field's type: text and e-mail typed,
 * amounts and percentages typed as numbers, a select's option chosen by its label (looked up from its value in the
 * template), a table's rows added and filled column by column. Fields without an answer are left as they are.
 */
export async function fillFromTemplate(page: Page, template: FormTemplateConfigT, answers: Record<string, Answer>) {
  const put = async (f: FormFieldT, v: string | number, scope: ReturnType<Page['locator']>) => {
    if (f.type === 'select' || f.type === 'currency') {
      const label = f.options?.find((o) => o.value === v)?.label;
      if (!label) throw new Error(`no option ${v} in ${f.key}`);
      return choose(page, f.key, label, scope);
    }
    if (f.type === 'checkbox') return;
    await scope.locator(`[data-field="${f.key}"]:is(input, textarea)`).first().fill(String(v));
  };
  const form = page.getByTestId('form-fields');
  for (const s of template.sections) {
    for (const f of s.fields) {
      const v = answers[f.key];
      if (v === undefined) continue;
      if (f.type === 'table') {
        const rows = v as Record<string, string | number>[];
        const table = form.locator(`[data-field="${f.key}"]`).first();
        for (const [n, row] of rows.entries()) {
          await table.getByTestId(`add-${f.key}`).click();
          const card = table.getByTestId(`row-${f.key}-${n}`);
          for (const c of f.columns ?? []) if (row[c.key] !== undefined) await put(c, row[c.key] as string, card);
        }
        continue;
      }
      await put(f, v as string | number, form.locator(`[data-section="${s.key}"]`));
    }
  }
}

export interface SignedDeclaration {
  pdf: Buffer;
  text: string;
  file: string;
}

/**
 * The visitor's part at the given screen size: identification, the form (filled by `fill`), photos from the fake
 * camera, a drawn signature, the signature, the download; the PDF is checked (signature, openssl, /public/verify)
 * and its text read; a second visit to the spent link is refused.
 */
export async function visitorSigns(
  browser: Browser,
  link: string,
  dni: string,
  o: {
    locale: string;
    viewport?: { width: number; height: number };
    fill: (p: Page) => Promise<void>;
    /** a company's form: who signs for it, on the signer step (decision 189) */
    signer?: (p: Page) => Promise<void>;
  },
): Promise<SignedDeclaration> {
  const context = await browser.newContext({ viewport: o.viewport ?? PHONE, locale: o.locale, acceptDownloads: true });
  await context.grantPermissions(['camera']);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // the page's content security policy stays strict (no object-src): nothing it refuses may be needed
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) errors.push(m.text());
  });
  await page.goto(link);
  await page.getByTestId('identify-dni').fill(dni);
  await page.getByTestId('identify-continue').click();
  await expect(page.getByTestId('form-fields')).toBeVisible();
  await o.fill(page);
  await page.getByTestId('submit-form').click();
  if (o.signer) {
    await expect(page.getByTestId('signer-step')).toBeVisible();
    await o.signer(page);
    await page.getByTestId('signer-continue').click();
    await expect(page.getByTestId('signer-chosen')).toBeVisible();
  }
  for (const _ of ['photo', 'idPhoto']) {
    await expect(page.getByTestId('take-photo')).toBeEnabled({ timeout: 20_000 });
    await page.getByTestId('take-photo').click();
    await page.getByTestId('upload-photo').click();
    await expect(page.getByTestId('form-error')).toHaveCount(0);
  }
  await drawSignature(page);
  await page.getByTestId('save-signature').click();
  // the review step draws the PDF to be signed in the page (pdf.js on canvas): its pages, not a fallback sentence
  const pages = page.getByTestId('pdf-preview-pages');
  await expect(pages).toHaveAttribute('data-pages', /^[2-9]$/, { timeout: 60_000 });
  expect(await pages.locator('canvas').count()).toBe(Number(await pages.getAttribute('data-pages')));
  const drawn = await pages
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let ink = 0;
      for (let i = 0; i < d.length; i += 4) if ((d[i] ?? 255) < 128) ink++;
      return { width: c.width, ink };
    });
  expect(drawn.width).toBeGreaterThan(200);
  expect(drawn.ink, 'the first page has text drawn on it').toBeGreaterThan(500);
  await page.screenshot({ path: test.info().outputPath('review-pdf.png'), fullPage: true });
  await page.getByTestId('sign-form').click();
  await expect(page.getByTestId('signed-ok')).toBeVisible({ timeout: 30_000 });
  const shownHash = ((await page.getByTestId('signed-sha256').textContent()) ?? '').trim();
  expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
  await page.screenshot({ path: test.info().outputPath('signed-hash.png'), fullPage: true });
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
  await expect(page.getByTestId('verify-result')).toContainText(/válido|válida|Valid/i);
  // the hash the phone showed is the one on the PDF's audit page and on the verification page
  await expect(page.getByTestId('verify-content-hash')).toContainText(shownHash);
  const text = await formPdfText(pdf);
  expect(text.replace(/\n/g, ' ')).toContain(shownHash);
  // a second visit to the link says it is signed, and when (dd/mm/yyyy, hh:mm)
  await page.goto(link);
  await expect(page.getByTestId('form-already-signed')).toBeVisible();
  await expect(page.getByTestId('form-already-signed')).toContainText(/\d{2}\/\d{2}\/\d{4}.*\d{2}:\d{2}/);
  await page.screenshot({ path: test.info().outputPath('already-signed.png'), fullPage: true });
  expect(errors, 'no error in the page').toEqual([]);
  await context.close();
  return { pdf, text, file };
}

/** A Chilean person's DOF filled in Spanish as a customer would: the name, the RUT, and a salary of USD 25,000. */
export async function fillChileanDof(page: Page, name: string, rut: string) {
  await page.getByRole('textbox', { name: /^Nombre completo/ }).fill(name);
  await page.getByRole('textbox', { name: /^RUT/ }).fill(rut);
  await page.getByRole('textbox', { name: /^Nacionalidad/ }).fill('Chilena');
  await page.getByRole('textbox', { name: /^Domicilio/ }).fill('Av. Providencia 1234');
  await page.getByRole('textbox', { name: /^Profesión/ }).fill('Ingeniera');
  await page.getByRole('textbox', { name: /^Monto de la operación/ }).fill('25000');
  await choose(page, 'currency', 'USD');
  await choose(page, 'origin', 'Remuneraciones');
  await page.getByRole('textbox', { name: /^Detalle del origen/ }).fill('Sueldo de los últimos doce meses');
}
