import { expect, type Page, test } from '@playwright/test';
import { cpfCheckDigits } from '../packages/shared/src/documents/cpf';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { catalogText as translate } from './support/catalog';
import { createOperation, FAKE_CAMERA, linkIn, sendForm, stamp } from './support/form-visitor';
import { createCompanyUser, login } from './support/users';

/*
 * Issue 25 point 6, the smaller ones, in the browser: an empty form says every problem at once, a file that is no
 * photo is refused in words (no broken image), and deactivating a form asks for confirmation and a reason. Screenshots
 * at 1440x900 and 1280x800 of each state, in the company's language.
 */

const LOAD = { timeout: 30_000 };

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
];

async function shots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`), fullPage: true });
  }
}

async function openAndIdentify(page: Page, link: string, dni: string) {
  await page.goto(link);
  await page.getByTestId('identify-dni').fill(dni);
  await page.getByTestId('identify-continue').click();
  await expect(page.getByTestId('form-fields')).toBeVisible(LOAD);
}

/** Saves an empty form: every required field left empty is marked at once, the alert counts them. */
async function emptyFormSaysAll(page: Page, locale: 'es' | 'pt-BR') {
  const fields = page.getByTestId('form-fields');
  // what RegCheck pre-filled is cleared, so that nothing is answered
  for (const input of await fields.locator('input[data-prefilled="true"]:not([readonly])').all()) {
    if ((await input.getAttribute('type')) === 'text' || !(await input.getAttribute('role'))) await input.fill('');
  }
  await page.getByTestId('submit-form').click();
  const marked = fields.locator('.mantine-InputWrapper-error');
  await expect(marked.nth(2)).toBeVisible(LOAD);
  const count = await marked.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('form-error')).toHaveText(translate(locale, 'forms:public.fieldsToFix', { count }));
  // each mark names its field, in the company's language
  const first = ((await marked.first().textContent()) ?? '').trim();
  expect(first).toMatch(locale === 'es' ? /^El campo «.+» es obligatorio$/ : /^O campo «.+» é obrigatório$/);
}

test.use({ launchOptions: FAKE_CAMERA });
test.setTimeout(360_000);

test('Chile, in Spanish: every field error at once, a PDF chosen as a photo refused in words, deactivation with a reason', async ({
  page,
  request,
}) => {
  const email = `small.${stamp()}@example.cl`;
  const body = String(13_000_000 + Math.floor(Math.random() * 8_000_000));
  const dni = formatRut(`${body}${rutCheckDigit(body)}`);
  const o = await createOperation(
    request,
    'cl',
    {
      dni,
      type: 'natural',
      monto: 30_000_000,
      newFicha: { name: 'Lucía', fatherName: 'Reyes', email, nationality: 'CL' },
    },
    { divisa: 'CLP' },
  );
  await sendForm(request, 'cl', o.id, 0, 'formDOF');
  const link = await linkIn(email);
  await page.setViewportSize(SIZES[0] ?? { width: 1440, height: 900 });
  await openAndIdentify(page, link, dni);
  await emptyFormSaysAll(page, 'es');
  await shots(page, 'empty-form-es');

  // the answers through the public call (the browser's filling is forms-matrix's), then the photo step
  const url = new URL(link);
  const formId = url.searchParams.get('form') as string;
  const key = url.searchParams.get('key') as string;
  const filled = await request.post('/api/form-dof/public-filled', {
    data: {
      key,
      form: {
        id: formId,
        data: {
          fullName: 'Lucía Reyes',
          document: dni,
          nationality: 'Chilena',
          address: 'Av. 1',
          occupation: 'Ingeniera',
          amount: 30_000_000,
          currency: 'CLP',
          origin: 'salary',
          originDetail: 'Sueldo',
        },
      },
    },
  });
  expect(filled.ok(), await filled.text()).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('photo-file')).toBeVisible(LOAD);
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'cedula.jpg', mimeType: 'image/jpeg', buffer: pdf });
  await expect(page.getByTestId('photo-file-error')).toHaveText(translate('es', 'forms:public.photoNotImage'));
  // nothing shown as the photo, and nothing to continue with
  await expect(page.getByRole('img', { name: translate('es', 'forms:public.capturedAlt') })).toHaveCount(0);
  await expect(page.getByTestId('upload-photo')).toBeDisabled();
  await shots(page, 'photo-not-image-es');

  // the officer deactivates the form: asked first, with the reason, which is required
  await page.setViewportSize(SIZES[0] ?? { width: 1440, height: 900 });
  await login(page, await createCompanyUser(request, { country: 'cl', role: 'frontdesk' }));
  await page.goto(`/home/records/operationDetail/${o.id}`);
  await page.getByTestId('tab-forms').click();
  await page.getByTestId('more-0-formDOF').click();
  await page.getByTestId('deactivate-0-formDOF').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(translate('es', 'forms:panel.deactivateTitle'));
  await expect(dialog).toContainText('Lucía');
  await page.getByTestId('confirm-deactivate').click();
  await expect(dialog).toContainText(translate('es', 'forms:errors.FORM_DEACTIVATION_REASON_REQUIRED'));
  await shots(page, 'deactivate-no-reason-es');
  await page.getByTestId('deactivate-reason').fill('El cliente desistió de la operación');
  await page.getByTestId('confirm-deactivate').click();
  await expect(dialog).toHaveCount(0, LOAD);
  await expect(page.getByTestId('more-0-formDOF')).toBeVisible();
});

test('Brazil, in Portuguese: every field error at once', async ({ page, request }) => {
  const email = `small.br.${stamp()}@example.test`;
  const base = `1${String(Math.floor(Math.random() * 10 ** 8)).padStart(8, '1')}`;
  const dni = `${base}${cpfCheckDigits(base)}`;
  const o = await createOperation(
    request,
    'br',
    { dni, type: 'natural', monto: 500_000, newFicha: { name: 'Joana', fatherName: 'Lima', email } },
    { divisa: 'BRL' },
  );
  await sendForm(request, 'br', o.id, 0, 'formDOF');
  const link = await linkIn(email);
  await page.setViewportSize(SIZES[0] ?? { width: 1440, height: 900 });
  await openAndIdentify(page, link, dni);
  await emptyFormSaysAll(page, 'pt-BR');
  await shots(page, 'empty-form-pt-BR');
});
