import { type APIRequestContext, expect, test } from '@playwright/test';
import { startTestIdentityProvider, type TestIdentityProvider } from '../apps/server/test/oidc-test-provider';
import { DEMO_PASSWORD, demoUser, login, loginThroughForm, SUPER_ADMIN } from './support/users';

// a 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function token(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/users/login', { data: who });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { token: string; user: { id: string; company: { id: string } | null } };
}

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.describe('single sign-on through a local OpenID Connect provider', () => {
  let idp: TestIdentityProvider;
  test.beforeAll(async ({ baseURL }) => {
    idp = await startTestIdentityProvider({ redirectUris: [`${baseURL}/login/config-msal`] });
  });
  test.afterAll(async () => {
    await idp?.close();
  });

  test('the super administrator configures it; the user signs in with Microsoft and lands on /hall', async ({
    page,
    browser,
    request,
  }) => {
    const admin = await token(request, demoUser('admin', 'cl'));
    const companyId = admin.user.company?.id as string;
    const domain = `sso${stamp()}.test`;
    const person = { name: 'Ana SSO', email: `ana@${domain}` };
    const created = await request.post('/api/users', {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { ...person, role: 'frontdesk', password: 'Start.2026-sso' },
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    // 1. the super administrator's screen: generalConfiguration → single sign-on
    await login(page, SUPER_ADMIN);
    await page.goto(`/regcheck/companies/${companyId}/edit/generalConfiguration/sso`);
    await expect(page.getByTestId('sso-redirect-uri')).toHaveText(/\/login\/config-msal$/);
    await page.getByTestId('sso-issuer').fill(idp.issuer);
    await page.getByTestId('sso-client-id').fill(idp.clientId);
    await page.getByTestId('sso-client-secret').fill(idp.clientSecret);
    const domains = page.getByTestId('sso-domains');
    await domains.fill(domain);
    await domains.press('Enter');
    // two identical domains are refused by the server, the message under the field
    await domains.fill(domain.toUpperCase());
    await domains.press('Enter');
    await page.getByTestId('sso-save').click();
    await expect(page.getByText(/no se permiten dos dominios SSO idénticos/).first()).toBeVisible();
    await domains.press('Backspace');
    // nothing configured yet: the switch shows the real state, off, and the administrator turns it on
    const enabled = page.getByRole('switch', { name: 'Inicio de sesión único activo' });
    await expect(enabled).not.toBeChecked();
    // Mantine's switch input is drawn over by its track: checked through the input itself
    await enabled.check({ force: true });
    await expect(enabled).toBeChecked();
    await page.getByTestId('sso-save').click();
    await expect(page.getByText('Inicio de sesión único guardado')).toBeVisible();

    // 2. the user, in another browser: the button appears for the e-mail's domain only
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto('/login');
    await visitor.getByLabel(/^Correo electrónico/).fill('someone@elsewhere.example');
    await expect(visitor.getByTestId('login-sso')).toHaveCount(0);
    await visitor.getByLabel(/^Correo electrónico/).fill(person.email);
    await expect(visitor.getByTestId('login-sso')).toHaveText('Iniciar sesión con Microsoft');
    await visitor.getByTestId('login-sso').click();
    // the provider's own sign-in page (authorization code flow with PKCE), then back to /login/config-msal
    await expect(visitor.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
    await expect(visitor.getByLabel('E-mail')).toHaveValue(person.email);
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await expect(visitor).toHaveURL(/\/hall$/);
    await expect(visitor.getByText(person.name).first()).toBeVisible();

    // 3. nobody is created: an address of the domain without a RegCheck user is refused, in words
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto('/login');
    await stranger.getByLabel(/^Correo electrónico/).fill(`nadie@${domain}`);
    await stranger.getByTestId('login-sso').click();
    await stranger.getByRole('button', { name: 'Sign in' }).click();
    await expect(stranger).toHaveURL(/\/login\/config-msal/);
    await expect(stranger.getByTestId('sso-error')).toContainText(`nadie@${domain}`);
    await expect(stranger.getByTestId('sso-error')).toContainText('no crea usuarios');
    await other.close();
    await context.close();
  });
});

test('the ask-password-change flag holds the user at the change-password page until a new password is chosen', async ({
  page,
  request,
}) => {
  const admin = await token(request, demoUser('admin', 'cl'));
  const user = { email: `forced.${stamp()}@example.test`, password: 'Start.2026-e2e' };
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${admin.token}` },
    // a role with the notifications bell: the held page must not ask for what the server refuses until the change
    data: { name: 'Forzado', ...user, role: 'userMonitoring', askPasswordChange: true },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const refused: string[] = [];
  const onResponse = (r: import('@playwright/test').Response) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && r.status() >= 400) refused.push(`${r.status()} ${path}`);
  };
  page.on('response', onResponse);

  await page.goto('/login');
  await loginThroughForm(page, user);
  await expect(page).toHaveURL(/\/tools\/changepassword$/);
  await expect(page.getByTestId('password-change-forced')).toBeVisible();
  // any other page sends the user back
  await page.goto('/home/dashboard');
  await expect(page).toHaveURL(/\/tools\/changepassword$/);
  await page.goto('/hall');
  await expect(page).toHaveURL(/\/tools\/changepassword$/);
  await expect(page.getByTestId('password-change-forced')).toBeVisible();
  page.off('response', onResponse);
  // nothing the page asked for was refused (the bell asked for /notifications/count and got 403, issue 27)
  expect(refused).toEqual([]);

  const fresh = 'Chosen.Pass-2026';
  await page.getByLabel(/^Contraseña actual/).fill(user.password);
  await page.getByLabel(/^Nueva contraseña/).fill(fresh);
  await page.getByLabel(/^Confirmar nueva contraseña/).fill(fresh);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(/\/hall$/);
  await page.goto('/home/manual');
  await expect(page).toHaveURL(/\/home\/manual$/);
});

test('the company edit tabs: business rules, signatures and a course link', async ({ page, request }) => {
  const root = await token(request, SUPER_ADMIN);
  const name = `Tabs ${stamp()} SpA`;
  const company = await request.post('/api/companies', {
    headers: { Authorization: `Bearer ${root.token}` },
    data: { name, country: 'CL' },
  });
  expect(company.ok()).toBeTruthy();
  const id = ((await company.json()) as { id: string }).id;

  await login(page, SUPER_ADMIN);
  await page.goto(`/regcheck/companies/${id}/edit`);
  await expect(page.getByTestId('company-edit-title')).toHaveText(name);

  // business rules: a bad value is named under its field; a good one is saved and shown again
  await page.getByTestId('company-tab-businessRulesControl').click();
  await expect(page).toHaveURL(/\/edit\/businessRulesControl$/);
  const owner = page.getByTestId('rules-beneficialOwnerThreshold');
  await owner.fill('150');
  await page.getByTestId('rules-save').click();
  await expect(page.getByText('Debe estar entre 0 y 100')).toBeVisible();
  await owner.fill('25');
  await page.getByTestId('rules-exclusive').check();
  await page.getByTestId('rules-save').click();
  await expect(page.getByText('Sujeto obligado actualizado')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('rules-beneficialOwnerThreshold')).toHaveValue('25 %');
  await expect(page.getByTestId('rules-exclusive')).toBeChecked();

  // file rules: 5 MB, PDF and PNG
  await page.getByTestId('company-tab-fileConfig').click();
  await page.getByTestId('files-max').fill('30');
  await page.getByTestId('files-save').click();
  await expect(page.getByText('Debe estar entre 1 y 25')).toBeVisible();
  await page.getByTestId('files-max').fill('5');
  await page.getByTestId('files-type-png').check();
  await page.getByTestId('files-save').click();
  await expect(page.getByText('Sujeto obligado actualizado')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('files-max')).toHaveValue('5 MB');
  await expect(page.getByTestId('files-type-png')).toBeChecked();

  // signatures: two, then the active first one is deleted and the remaining first one is left inactive
  await page.getByTestId('company-tab-profile').click();
  for (const signer of ['Laura Pérez', 'Jorge Soto']) {
    await page.getByTestId('signature-new').click();
    await page.getByTestId('signature-name').fill(signer);
    await page.locator('input[type="file"][accept="image/png,image/jpeg"]').setInputFiles({
      name: 'firma.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByTestId('signature-save').click();
    await expect(page.getByTestId('company-signatures')).toContainText(signer);
  }
  const rows = page.getByTestId('company-signatures').getByTestId('table-row');
  await rows.filter({ hasText: 'Laura Pérez' }).getByTestId('signature-delete').click();
  await page.getByTestId('signature-delete-confirm').click();
  await expect(page.getByText('Firmas del sujeto obligado actualizadas').first()).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('signature-active')).not.toBeChecked();
  await expect(page.getByTestId('signature-first-inactive')).toBeVisible();

  // the company is deleted from its profile (switched off with its users)
  await page.getByTestId('company-delete').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByText('Sujeto obligado eliminado')).toBeVisible();
  await expect(page).toHaveURL(/\/regcheck\/companies$/);

  // courses: the super administrator adds one, a company user reads it
  const title = `Curso ${stamp()}`;
  await page.goto('/home/courses');
  await page.getByTestId('course-new').click();
  await page.getByTestId('course-title').fill(title);
  await page.getByTestId('course-url').fill('http://cursos.example/x');
  await page.getByTestId('course-save').click();
  await expect(page.getByText('Ingrese una dirección web que empiece con https://')).toBeVisible();
  await page.getByTestId('course-url').fill('https://cursos.example/pla');
  await page.getByTestId('course-save').click();
  await expect(page.getByText('Curso guardado')).toBeVisible();

  const frontdesk = await page.context().browser()?.newContext();
  const reader = await frontdesk?.newPage();
  if (!reader || !frontdesk) throw new Error('no browser');
  await login(reader, { email: 'frontdesk.cl@demo.regcheck.app', password: DEMO_PASSWORD });
  await reader.goto('/home/courses');
  const card = reader.getByTestId('course-card').filter({ hasText: title });
  await expect(card.getByTestId('course-link')).toHaveAttribute('href', 'https://cursos.example/pla');
  await expect(reader.getByTestId('course-new')).toHaveCount(0);
  await frontdesk.close();
});
