import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mailbox';
import { createCompanyUser, login, loginThroughForm } from './support/users';

test('recover a password through the e-mail link and sign in with the new one', async ({ page, request }) => {
  const user = await createCompanyUser(request, { country: 'cl' });
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/login\/recoverPassword$/);
  // under load the lazy page may still settle after the first keystrokes: fill until the value holds
  const emailInput = page.getByLabel(/^Correo electrónico/);
  const submit = page.getByRole('button', { name: 'Recuperar contraseña' });
  await expect(async () => {
    await emailInput.fill(user.email);
    await expect(submit).toBeEnabled({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await submit.click();
  await expect(page.getByTestId('recover-sent')).toContainText(user.email);

  const mail = await waitForMail(user.email);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/recover\/[^\s"<>]+\/restablecer/)?.[0];
  expect(link, 'recovery link in the e-mail').toBeTruthy();
  await page.goto(new URL(link as string).pathname);

  const newPassword = 'Fresh.Pass-2026';
  await page.getByLabel(/^Nueva contraseña/).fill('short');
  await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toBeDisabled();
  await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
  await page.getByLabel(/^Confirmar nueva contraseña/).fill(`${newPassword}x`);
  await expect(page.getByText('Las contraseñas deben coincidir').first()).toBeVisible();
  await page.getByLabel(/^Confirmar nueva contraseña/).fill(newPassword);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByTestId('restore-done')).toBeVisible();
  await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, { email: user.email, password: newPassword });
  await expect(page).toHaveURL(/\/hall$/);

  // the link works once
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-logout').click();
  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('alert')).toBeVisible();
});

test('change the own password from the account panel', async ({ page, request }) => {
  const user = await createCompanyUser(request, { country: 'br' });
  await login(page, user);
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-changePassword').click();
  await expect(page).toHaveURL(/\/tools\/changepassword$/);

  const next = 'Another.Pass-2026';
  await page.getByLabel(/^Senha atual/).fill('Not.The-Old-1');
  await page.getByLabel(/^Nova senha/).fill(next);
  await page.getByLabel(/^Confirmar nova senha/).fill(next);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /senha anterior/i })).toBeVisible();

  await page.getByLabel(/^Senha atual/).fill(user.password);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Senha atualizada' })).toBeVisible();
});
