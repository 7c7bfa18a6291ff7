import { expect, test } from '@playwright/test';
import { demoUser, login, loginThroughForm } from './support/users';

test('a logged-out visitor is sent to /login and back to the page after signing in', async ({ page }) => {
  await page.goto('/home/courses');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fhome%2Fcourses$/);
  await loginThroughForm(page, demoUser('admin', 'cl'));
  await expect(page).toHaveURL(/\/home\/courses$/);
  await expect(page.getByRole('heading', { name: 'Cursos' })).toBeVisible();
});

test('an outside return path is ignored', async ({ page }) => {
  await page.goto('/login?returnTo=%2F%2Fevil.example%2Fx');
  await loginThroughForm(page, demoUser('admin', 'cl'));
  await expect(page).toHaveURL(/\/hall$/);
});

test('/ goes to /login when logged out and to /hall when logged in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, demoUser('frontdesk', 'cl'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/hall$/);
  await expect(page.getByTestId('hall-welcome')).toContainText('CL');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/hall$/);
});

test('a wrong password shows the server message in a toast', async ({ page }) => {
  await page.goto('/login');
  await loginThroughForm(page, { email: 'admin.cl@demo.regcheck.app', password: 'Wrong.2026!' });
  await expect(page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('log off goes to /login and /home/* then asks to sign in again', async ({ page }) => {
  await login(page, demoUser('auditor', 'cl'));
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fhome%2Fdashboard$/);
});

test('a route of another role goes to / and then /hall', async ({ page }) => {
  await login(page, demoUser('frontdesk', 'cl'));
  await page.goto('/home/reports');
  await expect(page).toHaveURL(/\/hall$/);
  await page.goto('/regcheck/companies');
  await expect(page).toHaveURL(/\/hall$/);
});

test('allegation pages only for the allegation roles; the restricted section answers not found', async ({ page }) => {
  await login(page, demoUser('admin', 'cl'));
  await page.goto('/home/denounces');
  await expect(page).toHaveURL(/\/hall$/);
  await page.goto('/home/analitys/analitys');
  await expect(page).toHaveURL(/\/notFound$/);
});

test('an allegation coordinator opens the allegations page', async ({ page }) => {
  await login(page, demoUser('denouncesCoordinator', 'br'));
  await page.getByTestId('nav-allegations').click();
  await expect(page).toHaveURL(/\/home\/denounces$/);
  await expect(page.getByRole('heading', { name: 'Denúncias' })).toBeVisible();
});

test('a logged-in user opening a public DOF form goes to /hall', async ({ page }) => {
  await login(page, demoUser('admin', 'cl'));
  await page.goto('/public/consultation/1/11111111-1/formDOF');
  await expect(page).toHaveURL(/\/hall$/);
});

test('unknown routes show the not-found page with a link home', async ({ page }) => {
  await login(page, demoUser('admin', 'cl'));
  await page.goto('/home/does-not-exist');
  await expect(page).toHaveURL(/\/notFound$/);
  await expect(page.getByTestId('not-found')).toHaveText('No se pudo encontrar esta página');
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/hall$/);
});

test('the super administrator reaches the admin area and not the company home', async ({ page }) => {
  await login(page, { email: 'root@regcheck.test', password: 'Root.Admin-2026' });
  await page.getByTestId('nav-companies').click();
  await expect(page).toHaveURL(/\/regcheck\/companies$/);
  await expect(page.getByRole('heading', { name: 'Sujetos obligados' })).toBeVisible();
  await page.goto('/home/dashboard');
  await expect(page).toHaveURL(/\/hall$/);
});

test('my profile shows the obliged subject and the user', async ({ page }) => {
  await login(page, demoUser('supervisor', 'cl'));
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-profile').click();
  await expect(page).toHaveURL(/\/home\/company$/);
  await expect(page.getByTestId('profile-company-name')).toHaveText('Demo Chile SpA');
  await expect(page.getByTestId('profile-country')).toHaveText('Chile');
  await expect(page.getByTestId('profile-email')).toHaveText('supervisor.cl@demo.regcheck.app');
  await expect(page.getByTestId('profile-role')).toHaveText('Oficial de cumplimiento');
});

test('a renewed token keeps the session when the access token is no longer accepted', async ({ page }) => {
  await login(page, demoUser('auditor', 'br'));
  // a corrupted access token answers 401: the client renews it with the refresh identifier and retries
  await page.evaluate(() => localStorage.setItem('regcheck.token', 'not-a-valid-token'));
  await page.reload();
  await expect(page).toHaveURL(/\/hall$/);
  await expect(page.getByTestId('hall-welcome')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('regcheck.token'))).not.toBe('not-a-valid-token');
});

test('two tabs renewing at the same moment keep the session (a renewal is never taken for a replay)', async ({
  page,
  context,
}) => {
  await login(page, demoUser('auditor', 'br'));
  const second = await context.newPage();
  await second.goto('/hall');
  await expect(second.getByTestId('hall-welcome')).toBeVisible();
  // both tabs share the stored session: with an unusable access token each must renew, and they do it at once
  await page.evaluate(() => localStorage.setItem('regcheck.token', 'not-a-valid-token'));
  await Promise.all([page.reload(), second.reload()]);
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL(/\/hall$/);
    await expect(tab.getByTestId('hall-welcome')).toBeVisible();
  }
  // the session is still alive afterwards: a further call from either tab is served
  await second.reload();
  await expect(second.getByTestId('hall-welcome')).toBeVisible();
  await second.close();
});

test('a session that cannot be renewed is cleared and the user goes to the login', async ({ page }) => {
  await login(page, demoUser('auditor', 'br'));
  await page.evaluate(() => {
    localStorage.setItem('regcheck.token', 'not-a-valid-token');
    localStorage.setItem('regcheck.refreshId', 'not-a-valid-refresh-identifier');
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('regcheck.token'))).toBeNull();
});

test('an API 403 sends the user to /notFound', async ({ page }) => {
  await login(page, demoUser('admin', 'cl'));
  await page.route('**/api/companies/*', (route) =>
    route.fulfill({ status: 403, json: { statusCode: 403, code: 'FORBIDDEN', message: 'No permitido' } }),
  );
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-profile').click();
  await expect(page).toHaveURL(/\/notFound$/);
});

test('a stale stored session does not take a visitor away from a public link', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('regcheck.token', 'stale');
    localStorage.setItem('regcheck.refreshId', 'stale-refresh-identifier');
  });
  await page.goto('/public/forms/abc');
  await expect(page.getByTestId('form-invalid')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/forms\/abc$/);
  expect(await page.evaluate(() => localStorage.getItem('regcheck.token'))).toBeNull();
});
