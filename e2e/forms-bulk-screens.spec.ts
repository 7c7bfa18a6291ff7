import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { rutCheckDigit } from '../packages/shared/src/documents/index';
import { catalogText } from './support/catalog';
import { cutTexts } from './support/cut-text';
import { sendForm, stamp } from './support/form-visitor';
import { type Lang, SIZES, SWITCH, switchLanguage } from './support/languages';
import { createCompanyUser, demoUser, login } from './support/users';

/*
 * Issue 25 (decision 199): the operations list's bulk-send dialogs, read in Spanish, Portuguese and English at
 * 1440x900 and 1280x800. Three operations selected: one already sent, one required without an e-mail, one whose
 * forms are not required. The confirmation says why each form is sent and why the others are not; the result lists
 * the one that could not go, in words. "Why they are sent" names only what the send sends (decision 223). Each dialog is checked for cut text, raw keys and counts read in the plural
 * for a single operation ("1 operaciones").
 */
test.setTimeout(360_000);

const LANGS: Lang[] = ['es', 'pt-BR', 'en'];
const text = (lang: Lang, key: string, p: Record<string, string | number> = {}) => catalogText(lang, key, p);

const rut = () => {
  const body = String(21_000_000 + Math.floor(Math.random() * 8_000_000));
  return `${body}-${rutCheckDigit(body)}`;
};

async function bearer(request: APIRequestContext) {
  const res = await request.post('/api/users/login', { data: demoUser('admin', 'cl') });
  expect(res.ok(), await res.text()).toBeTruthy();
  return `Bearer ${((await res.json()) as { token: string }).token}`;
}

async function operation(request: APIRequestContext, auth: string, name: string, monto: number, email?: string) {
  const res = await request.post('/api/consultations', {
    headers: { Authorization: auth },
    data: {
      divisa: 'USD',
      transactionDate: '2026-03-14',
      associates: [
        {
          dni: rut(),
          type: 'natural',
          monto,
          newFicha: { name, fatherName: 'Masivo', nationality: 'CL', ...(email ? { email } : {}) },
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string; codigoFormatted: string; consultationStatus: string };
}

/** What a reader must not see in a dialog: a text cut by its box, a raw key or placeholder, "1 operations". */
async function readsWhole(page: Page, dialog: Locator, lang: Lang, where: string) {
  await expect(dialog).toBeVisible();
  expect(await cutTexts(page, '.mantine-Modal-content'), `${where} ${lang}`).toEqual([]);
  const words = (await dialog.innerText()).replace(/\s+/g, ' ');
  expect(words, `${where} ${lang}: a raw key or placeholder`).not.toMatch(
    /\{\{|\b(forms|common):|\b[a-z]+\.[a-z]+[A-Z]\w*\b/,
  );
  expect(words, `${where} ${lang}: one operation in the plural`).not.toMatch(
    /\b1 (operaciones|operações|operations)\b/,
  );
}

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

test('the bulk-send dialogs of the operations list in three languages at 1440 and 1280: nothing cut, nothing untranslated', async ({
  page,
  request,
}) => {
  const auth = await bearer(request);
  const tag = stamp();
  const word = tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');
  const sent = await operation(request, auth, `Valentina${word}`, 5_000, `bulk.sent.${tag}@example.cl`);
  await sendForm(request, 'cl', sent.id, 0, 'formDOF');
  const noMail = await operation(request, auth, `Maximiliano${word}`, 5_000);
  expect(noMail.consultationStatus).toBe('required');
  const small = await operation(request, auth, `Florencia${word}`, 0, `bulk.small.${tag}@example.cl`);
  expect(small.consultationStatus).toBe('notRequired');

  await page.setViewportSize(SIZES[0]);
  await login(page, await createCompanyUser(request, { country: 'cl', role: 'admin' }));
  for (const lang of LANGS) {
    await switchLanguage(page, SWITCH[lang]);
    await page.goto('/home/history');
    for (const o of [sent, noMail, small])
      await page.getByRole('checkbox', { name: o.codigoFormatted, exact: true }).check();
    await page.getByTestId('bulk-send-forms').click();

    // the confirmation: why each is sent, the resend and not-required choices, why the others are not
    const dialog = page.locator('.mantine-Modal-content').filter({ has: page.getByTestId('bulk-confirm') });
    await expect(dialog.getByText(text(lang, 'forms:bulk.confirmTitle'), { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('bulk-reasons')).toContainText(noMail.codigoFormatted);
    // why they are sent names what this send sends: the one already sent only once the resend is ticked
    await expect(dialog.getByTestId('bulk-reasons')).not.toContainText(sent.codigoFormatted);
    await dialog.getByTestId('bulk-resend').check();
    await expect(dialog.getByTestId('bulk-reasons')).toContainText(sent.codigoFormatted);
    await dialog.getByTestId('bulk-resend').uncheck();
    await expect(dialog.getByTestId('bulk-not-required-reasons')).toContainText(small.codigoFormatted);
    await expect(dialog.getByTestId('bulk-resend')).toBeVisible();
    await expect(dialog.getByTestId('bulk-not-required')).toBeVisible();
    await readsWhole(page, dialog, lang, 'confirmation');
    await shoot(page, `bulk-confirm-${lang}`);

    // sent: the one without an e-mail comes back in words
    await dialog.getByTestId('bulk-confirm').click();
    const result = page.getByTestId('bulk-result');
    await expect(result).toBeVisible();
    await expect(result).toContainText(noMail.codigoFormatted);
    await expect(result).toContainText(`Maximiliano${word}`);
    await expect(result).toContainText(text(lang, 'forms:types.formDOF'));
    await readsWhole(page, page.locator('.mantine-Modal-content').filter({ has: result }), lang, 'result');
    await shoot(page, `bulk-result-${lang}`);
    await result.getByRole('button', { name: text(lang, 'forms:bulk.close') }).click();
    await expect(result).toHaveCount(0);
  }
});
