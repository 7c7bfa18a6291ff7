import { expect, type Page, test } from '@playwright/test';
import { switchLanguage } from './support/languages';
import { createCompanyUser, loginThroughForm } from './support/users';

/*
 * Issue 27, point 4: every toast reads in the reader's language. One user of a Chilean company (Spanish by its
 * company) reads a confirmation (notifications marked as read), the guard's refusal (a page the role may not open)
 * and a server's refusal (a wrong password at sign-in) in Spanish, English and Portuguese, and never the words of
 * another language. The source-wide check of the toasts' texts is apps/web/src/app/notify/toasts-language.test.ts.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const LANGUAGES = [
  {
    name: 'Español',
    marked: /^\d+ notificaci(ón|ones) marcadas? como leídas?$/,
    forbidden: 'No tienes permiso para abrir esta página',
    wrongPassword: 'Usuario o contraseña incorrectos',
  },
  {
    name: 'English',
    marked: /^\d+ notifications? marked as read$/,
    forbidden: 'You do not have permission to open this page',
    wrongPassword: 'Incorrect user or password',
  },
  {
    name: 'Português',
    marked: /^\d+ notificaç(ão|ões) marcadas? como lidas?$/,
    forbidden: 'Você não tem permissão para abrir esta página',
    wrongPassword: 'Usuário ou senha incorretos',
  },
] as const;
const OTHERS = (name: string) => LANGUAGES.filter((l) => l.name !== name);

/** The toast with this text (Mantine's notification: role alert), then closed so the next one reads alone. */
async function toast(page: Page, text: string | RegExp) {
  const shown = page.getByRole('alert').filter({ hasText: text });
  await expect(shown).toBeVisible();
  await shown.getByRole('button').click();
  await expect(shown).toHaveCount(0);
}

/**
 * Signs out, types a wrong password (its refusal toasts in `lang`, and no other language's refusal shows), then signs
 * in again.
 */
async function wrongPasswordAfterSignOut(
  page: Page,
  user: { email: string; password: string },
  lang: (typeof LANGUAGES)[number],
) {
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, { email: user.email, password: 'Not.The-Password-1' });
  await toast(page, lang.wrongPassword);
  for (const other of OTHERS(lang.name)) await expect(page.getByText(other.wrongPassword)).toHaveCount(0);
  await loginThroughForm(page, user);
  await expect(page).toHaveURL(/\/hall$/);
}

test('a confirmation, the guard and a server refusal toast in Spanish, English and Portuguese', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { country: 'cl', role: 'userMonitoring' });
  await page.goto('/login');
  await loginThroughForm(page, user);
  await expect(page).toHaveURL(/\/hall$/);
  for (const lang of LANGUAGES) {
    await switchLanguage(page, lang.name);

    await page.goto('/home/notifications');
    await page.getByTestId('mark-all-read').click();
    await toast(page, lang.marked);

    // a page of the super administrator: the guard turns the user away with a word
    await page.goto('/regcheck/companies');
    await toast(page, lang.forbidden);
    for (const other of OTHERS(lang.name)) await expect(page.getByText(other.forbidden)).toHaveCount(0);

    // signed out, a wrong password: the server's answer in the language the page reads
    await wrongPasswordAfterSignOut(page, user, lang);
  }
});

test("the guard's refusal on a page's first load reads in the user's language, not this browser's last one", async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { country: 'cl', role: 'userMonitoring' });
  await page.goto('/login');
  await loginThroughForm(page, user);
  await expect(page).toHaveURL(/\/hall$/);
  for (const [lang, last] of [
    [LANGUAGES[1], 'es'],
    [LANGUAGES[2], 'en'],
    [LANGUAGES[0], 'pt-BR'],
  ] as const) {
    await switchLanguage(page, lang.name);
    await page.goto('/home/notifications');
    await expect(page.getByTestId('mark-all-read')).toBeVisible();
    // this browser last read another language (another user, a public link): the next page starts in it
    await page.evaluate((l) => localStorage.setItem('regcheck.locale', l), last);
    await page.goto('/regcheck/companies');
    await toast(page, lang.forbidden);
    for (const other of OTHERS(lang.name)) await expect(page.getByText(other.forbidden)).toHaveCount(0);
    // signed out, the sign-in page reads the user's language, not the one this browser held before: a wrong
    // password is answered in it
    await wrongPasswordAfterSignOut(page, user, lang);
  }
});
