import { expect, test } from '@playwright/test';
import { credentialsOf, EXPECTED_SIDEBAR, sidebarIds, WALKED_ROLES } from './support/sidebar-expected';
import { login } from './support/users';

/**
 * The sidebar of each role is exactly the list of section 6 of the spec (support/sidebar-expected.ts). The roles the
 * sidebar walk signs in as are checked there, on the same sign-in (e2e/sidebar-walk.spec.ts); the others here.
 */
for (const [key, expected] of Object.entries(EXPECTED_SIDEBAR)) {
  if (WALKED_ROLES.includes(key)) continue;
  test(`sidebar of ${key}`, async ({ page }) => {
    await login(page, credentialsOf(key));
    expect(await sidebarIds(page)).toEqual(expected);
  });
}

test('the help link follows the company country', async ({ page }) => {
  await login(page, credentialsOf('auditor.br'));
  await expect(page.getByTestId('nav-help')).toHaveAttribute('href', 'https://ajuda.example.test/');
  await expect(page.getByTestId('nav-help')).toHaveAttribute('target', '_blank');
});
