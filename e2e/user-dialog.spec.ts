import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { login, SUPER_ADMIN } from './support/users';

/**
 * Issue 27, point 2: the new-user dialog keeps its fields (typing the initial password once cleared the chosen role,
 * and saving said "Este campo es obligatorio"), in the super administrator's dialog, the company administrator's
 * page and both edit pages; a new company's switches show what is stored (single sign-on off).
 */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const PASSWORD = 'Inicio.2026-e2e';

async function apiToken(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/users/login', { data: who });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/** The role chosen in the form's select, as a person does it: open the list, click the role's name. */
async function pickRole(page: Page, scope: Locator | Page, label: string) {
  await scope.getByTestId('user-role').click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(scope.getByTestId('user-role')).toHaveValue(label);
}

/** Types like a person (key by key), so every keystroke re-renders the form. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text);
  await expect(field).toHaveValue(text);
}

test('the new-user dialog keeps the chosen role while the password is typed; the users are created and edited with their roles', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const s = stamp();
  const root = await apiToken(request, SUPER_ADMIN);
  const created = await request.post('/api/companies', {
    headers: { Authorization: `Bearer ${root}` },
    data: { name: `E2E Diálogo ${s}`, country: 'CL' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const companyId = ((await created.json()) as { id: string }).id;

  await login(page, SUPER_ADMIN);

  // a new company: single sign-on is off, as stored (nothing configured)
  await page.goto(`/regcheck/companies/${companyId}/edit/generalConfiguration/sso`);
  await expect(page.getByTestId('sso-redirect-uri')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Inicio de sesión único activo' })).not.toBeChecked();

  // 1. the super administrator's dialog: role first, then the password, then the other fields
  await page.goto(`/regcheck/companies/${companyId}/edit`);
  await page.getByTestId('company-user-new').click();
  const modal = page.getByRole('dialog');
  await pickRole(page, modal, 'Oficial de cumplimiento');
  await typeInto(modal.getByTestId('user-password'), PASSWORD);
  await expect(modal.getByTestId('user-role')).toHaveValue('Oficial de cumplimiento');
  await typeInto(modal.getByTestId('user-name'), 'Olga Oficial');
  const officer = `oficial.${s}@e2e-dialog.test`;
  await typeInto(modal.getByTestId('user-email'), officer);
  await expect(modal.getByTestId('user-role')).toHaveValue('Oficial de cumplimiento');
  await modal.getByTestId('user-save').click();
  await expect(modal).toBeHidden();
  const officerRow = page.getByTestId('company-users').getByTestId('table-row').filter({ hasText: officer });
  await expect(officerRow).toContainText('Oficial de cumplimiento');

  // the company's administrator, created in the same dialog: its role is the one already shown, and choosing it
  // again in the list (as a person making sure does) keeps it; typing the password then does not clear it
  await page.getByTestId('company-user-new').click();
  await expect(modal.getByTestId('user-role')).toHaveValue('Super Administrador');
  await pickRole(page, modal, 'Super Administrador');
  await typeInto(modal.getByTestId('user-password'), PASSWORD);
  await typeInto(modal.getByTestId('user-name'), 'Ana Administradora');
  const adminEmail = `admin.${s}@e2e-dialog.test`;
  await typeInto(modal.getByTestId('user-email'), adminEmail);
  await modal.getByTestId('user-ask-change').uncheck();
  await expect(modal.getByTestId('user-role')).toHaveValue('Super Administrador');
  await modal.getByTestId('user-save').click();
  await expect(modal).toBeHidden();
  await expect(
    page.getByTestId('company-users').getByTestId('table-row').filter({ hasText: adminEmail }),
  ).toContainText('Super Administrador');

  // 2. the super administrator's edit page: a new role and a new name, saved together
  await officerRow.getByTestId('company-user-edit').click();
  await expect(page.getByTestId('user-name')).toHaveValue('Olga Oficial');
  await pickRole(page, page, 'Usuario UAF');
  // chosen a second time: still chosen once the name field takes the focus
  await pickRole(page, page, 'Usuario UAF');
  await page.getByTestId('user-name').clear();
  await typeInto(page.getByTestId('user-name'), 'Olga Auditora');
  await expect(page.getByTestId('user-role')).toHaveValue('Usuario UAF');
  await page.getByTestId('user-save').click();
  await expect(page.getByText('Se guardaron los cambios de Olga Auditora')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('user-role')).toHaveValue('Usuario UAF');
  await expect(page.getByTestId('user-name')).toHaveValue('Olga Auditora');

  // 3. the company administrator's own page, in another browser
  const ctx = await browser.newContext();
  const adminPage = await ctx.newPage();
  await login(adminPage, { email: adminEmail, password: PASSWORD });
  await adminPage.goto('/home/users/create');
  await pickRole(adminPage, adminPage, 'Usuario de monitoreo');
  await pickRole(adminPage, adminPage, 'Usuario de monitoreo');
  await typeInto(adminPage.getByTestId('user-password'), PASSWORD);
  await typeInto(adminPage.getByTestId('user-name'), 'Mónica Monitoreo');
  const monitor = `monitor.${s}@e2e-dialog.test`;
  await typeInto(adminPage.getByTestId('user-email'), monitor);
  await expect(adminPage.getByTestId('user-role')).toHaveValue('Usuario de monitoreo');
  await adminPage.getByTestId('user-save').click();
  await expect(adminPage).toHaveURL(/\/home\/users$/);
  await adminPage.getByTestId('users-search').fill(monitor);
  const monitorRow = adminPage.getByTestId('table-row').filter({ hasText: monitor });
  await expect(monitorRow).toContainText('Usuario de monitoreo');

  // its edit page keeps a changed role while the name is typed
  await monitorRow.getByRole('link', { name: 'Mónica Monitoreo' }).click();
  await expect(adminPage.getByTestId('user-name')).toHaveValue('Mónica Monitoreo');
  await pickRole(adminPage, adminPage, 'Ventanilla');
  await adminPage.getByTestId('user-name').clear();
  await typeInto(adminPage.getByTestId('user-name'), 'Mónica Ventanilla');
  await adminPage.getByTestId('user-save').click();
  await expect(adminPage.getByText('Se guardaron los cambios de Mónica Ventanilla')).toBeVisible();
  await adminPage.reload();
  await expect(adminPage.getByTestId('user-role')).toHaveValue('Ventanilla');
  await ctx.close();
});
