import fs from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { catalogText } from './support/catalog';
import {
  createOperation,
  DESKTOP,
  FAKE_CAMERA,
  fillChileanDof,
  linkIn,
  sendForm,
  stamp,
  visitorSigns,
} from './support/form-visitor';
import { type Lang, SIZES, SWITCH, switchLanguage } from './support/languages';
import { demoUser, login, SUPER_ADMIN } from './support/users';

/*
 * Issue 25 point 6, two of the small ones, after a Chilean DOF signed in the browser:
 * - /public/verify says when the declaration was signed in the company's time zone and format, as the PDF writes it
 *   ("01/12/2026 a las 11:05:09 (hora de Chile)"), not a UTC day (decision 222), read in Spanish, Portuguese and
 *   English at 1440x900 and 1280x800;
 * - the auditor reads the signed declaration on the ficha's Documents tab (formsRead, decision 199): the form's
 *   summary and the signed PDF, downloaded byte for byte, in three languages.
 */
test.use({ launchOptions: FAKE_CAMERA });
test.setTimeout(360_000);

const LANGS: Lang[] = ['es', 'pt-BR', 'en'];
const BROWSER_LOCALE: Record<Lang, string> = { es: 'es-CL', 'pt-BR': 'pt-BR', en: 'en-US' };

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`), fullPage: true });
  }
}

async function verifyIn(browser: Browser, lang: Lang, file: string, sentence: string) {
  const context = await browser.newContext({ viewport: SIZES[0], locale: BROWSER_LOCALE[lang] });
  const page = await context.newPage();
  await page.goto('/public/verify');
  await expect(page.getByRole('heading', { name: catalogText(lang, 'forms:verify.title') })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(file);
  const result = page.getByTestId('verify-result');
  await expect(result).toContainText(catalogText(lang, 'forms:verify.valid'));
  await expect(result).toContainText(sentence);
  // no ISO instant, no UTC day without its time
  await expect(result).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
  await shoot(page, `verify-${lang}`);
  await context.close();
}

test('a signed Chilean DOF: /public/verify says when in Chile time, the auditor reads and downloads it, in three languages', async ({
  browser,
  page,
  request,
}) => {
  const email = `verify.${stamp()}@example.cl`;
  const body = String(21_000_000 + Math.floor(Math.random() * 8_000_000));
  const dni = formatRut(`${body}${rutCheckDigit(body)}`);
  const o = (await createOperation(
    request,
    'cl',
    {
      dni,
      type: 'natural',
      monto: 25_000,
      newFicha: { name: 'Inés', fatherName: 'Aravena', email, nationality: 'CL' },
    },
    { divisa: 'USD' },
  )) as unknown as { id: string; associates: { fichaId: string }[] };
  await sendForm(request, 'cl', o.id, 0, 'formDOF');
  const link = await linkIn(email);
  const signed = await visitorSigns(browser, link, dni, {
    locale: 'es-CL',
    viewport: DESKTOP,
    fill: (p) => fillChileanDof(p, 'Inés Aravena', dni),
  });

  // when it was signed, in the company's time: the PDF's words and the verification page's are the same instant
  const api = await request.post('/api/public/verify', {
    multipart: { file: { name: 'signed.pdf', mimeType: 'application/pdf', buffer: signed.pdf } },
  });
  expect(api.ok(), await api.text()).toBeTruthy();
  const verified = (
    (await api.json()) as {
      form: {
        name: string;
        dniHint: string;
        companyName: string;
        signedAtLocal: { date: string; time: string; country: string };
      };
    }
  ).form;
  const local = verified.signedAtLocal;
  expect(local.country).toBe('CL');
  const at = (lang: Lang) =>
    catalogText(lang, 'forms:pdf.at', {
      date: local.date,
      time: local.time,
      zone: catalogText(lang, 'forms:pdf.zones.CL'),
    });
  expect(signed.text.replace(/\s+/g, ' ')).toContain(at('es'));
  // the whole sentence, in each language: who signed, for whom, when and what ("Documento firmado por …")
  for (const lang of LANGS)
    await verifyIn(
      browser,
      lang,
      signed.file,
      catalogText(lang, 'forms:verify.validDetail', {
        name: verified.name,
        dni: verified.dniHint,
        company: verified.companyName,
        date: at(lang),
        form: catalogText(lang, 'forms:types.formDOF'),
      }),
    );

  // the auditor: the ficha's Documents tab shows the signed declaration and downloads the very file
  // an auditor of its own (the language is stored on the user), created by the super administrator
  const auth = async (c: { email: string; password: string }) => {
    const res = await request.post('/api/users/login', { data: c });
    expect(res.ok(), await res.text()).toBeTruthy();
    return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
  };
  const me = await request.get('/api/users/me', { headers: await auth(demoUser('admin', 'cl')) });
  const companyId = ((await me.json()) as { user: { company: { id: string } } }).user.company.id;
  const auditor = { name: `Auditora ${stamp()}`, email: `auditor.${stamp()}@example.test`, password: 'Start.2026-e2e' };
  const created = await request.post('/api/users', {
    headers: await auth(SUPER_ADMIN),
    data: { ...auditor, role: 'auditor', companyId },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await page.setViewportSize(SIZES[0]);
  await login(page, auditor);
  const fichaId = o.associates[0]?.fichaId;
  expect(fichaId).toBeTruthy();
  for (const lang of ['pt-BR', 'en', 'es'] as Lang[]) {
    await switchLanguage(page, SWITCH[lang]);
    await page.goto(`/home/fichas/${fichaId}`);
    await page.getByRole('tab', { name: new RegExp(`^${catalogText(lang, 'fichas:detail.tabs.documents')}`) }).click();
    const forms = page.getByTestId('ficha-signed-forms');
    await expect(forms.getByTestId('ficha-form-formDOF')).toBeVisible({ timeout: 30_000 });
    await expect(forms).not.toContainText(catalogText(lang, 'forms:ficha.empty'));
    const open = forms.getByRole('button', { name: catalogText(lang, 'forms:types.formDOF') });
    await expect(open).toBeVisible();
    await forms.scrollIntoViewIfNeeded();
    await shoot(page, `auditor-documents-${lang}`);
    if (lang === 'es') {
      const [download] = await Promise.all([page.waitForEvent('download'), open.click()]);
      const file = test.info().outputPath('auditor-signed.pdf');
      await download.saveAs(file);
      expect(fs.readFileSync(file).equals(signed.pdf)).toBe(true);
    }
  }
});
