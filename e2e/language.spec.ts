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
