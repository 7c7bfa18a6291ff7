import { expect, test } from '@playwright/test';
import { createCompanyUser, login } from './support/users';

test('the interface follows the company language, then the language switch', async ({ page, request }) => {
  const user = await createCompanyUser(request, { country: 'br' });
  await login(page, user);
  // Demo Brasil Ltda speaks Portuguese: the page language is 'pt'
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await expect(page.getByTestId('nav-home')).toHaveText('Início');

  await page.getByTestId('avatar-button').click();
  await page.getByTestId('language-switch').getByText('English').click();
  await expect(page.getByTestId('nav-home')).toHaveText('Home');
  await expect(page.getByTestId('nav-records')).toContainText('New operation');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByTestId('language-switch').getByText('Español').click();
  await expect(page.getByTestId('nav-home')).toHaveText('Inicio');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // the choice is the user's: it survives a new session
  await page.getByTestId('account-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, user);
  await expect(page.getByTestId('nav-home')).toHaveText('Inicio');
});

test('/en switches a logged-out visitor to English', async ({ page }) => {
  await page.goto('/en');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the login page loads only its language catalogue, and another one when the language changes', async ({
  browser,
}) => {
  const catalogue = /\/assets\/(es|pt-BR|en)-[\w-]+\.js$/;
  for (const [browserLocale, lang, pageLang, submit, email] of [
    ['es-CL', 'es', 'es', 'Ingresar', 'Correo electrónico'],
    ['pt-BR', 'pt-BR', 'pt', 'Entrar', 'E-mail'],
    ['en-US', 'en', 'en', 'Log in', 'E-mail'],
  ] as const) {
    const context = await browser.newContext({ locale: browserLocale, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on('response', (r) => {
      const m = catalogue.exec(new URL(r.url()).pathname);
      if (m?.[1] && r.ok()) loaded.push(m[1]);
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();
    await expect(page.getByLabel(email, { exact: false }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', pageLang);
    // no key-like text (auth:login.title, login.submit) anywhere on the page
    expect(await page.locator('body').textContent()).not.toMatch(/\b[a-z]+:[a-z]+\.[a-zA-Z]|\blogin\.[a-z]/);
    await page.screenshot({ path: test.info().outputPath(`login-${lang}.png`) });
    expect(loaded).toEqual([lang]);

    if (lang === 'es') {
      // a language chosen at run time (no reload: the router goes to /en) brings its own catalogue
      await page.evaluate(() => {
        history.pushState(null, '', '/en');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(loaded).toEqual(['es', 'en']);
    }
    await context.close();
  }
});
