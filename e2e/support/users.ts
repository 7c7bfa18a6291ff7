import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo.2026!';
export const SUPER_ADMIN = { email: 'root@regcheck.test', password: 'Root.Admin-2026' };

export interface Credentials {
  email: string;
  password: string;
}

export const demoUser = (roleKey: string, country: 'cl' | 'br'): Credentials => ({
  email: `${roleKey.toLowerCase()}.${country}@demo.regcheck.app`,
  password: DEMO_PASSWORD,
});

export const WATCHER: Credentials = { email: 'watcher@demo.regcheck.app', password: DEMO_PASSWORD };

/** Signs in through the login form (the page must be on /login or be sent there). */
export async function loginThroughForm(page: Page, { email, password }: Credentials): Promise<void> {
  const emailInput = page.getByLabel(/^(Correo electrónico|E-mail)/);
  const passwordInput = page.getByLabel(/^(Contraseña|Password|Senha)/);
  // under load the lazy page may still settle after the first keystrokes: fill until both values hold
  await expect(async () => {
    await emailInput.fill(email);
    await passwordInput.fill(password);
    await expect(emailInput).toHaveValue(email, { timeout: 500 });
    await expect(passwordInput).toHaveValue(password, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: /^(Ingresar|Log in|Entrar)$/ }).click();
}

export async function login(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/login');
  await loginThroughForm(page, credentials);
  await expect(page).toHaveURL(/\/hall$/);
}

async function apiToken(request: APIRequestContext, { email, password }: Credentials): Promise<string> {
  const res = await request.post('/api/users/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/**
 * A fresh user created by a demo company administrator, so specs that change a password or a language do
 * not disturb the demo users other specs sign in with.
 */
export async function createCompanyUser(
  request: APIRequestContext,
  opts: { country: 'cl' | 'br'; role?: string; name?: string },
): Promise<Credentials & { name: string }> {
  const token = await apiToken(request, demoUser('admin', opts.country));
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = {
    name: opts.name ?? `E2E user ${stamp}`,
    email: `e2e.${stamp}@example.test`,
    password: 'Start.2026-e2e',
  };
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: user.name, email: user.email, role: opts.role ?? 'frontdesk', password: user.password },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return user;
}
