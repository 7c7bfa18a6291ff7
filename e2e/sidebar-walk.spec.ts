import { expect, type Page, test } from '@playwright/test';
import { credentialsOf, EXPECTED_SIDEBAR, sidebarIds, WALKED_ROLES } from './support/sidebar-expected';
import { login } from './support/users';

/*
 * Issue 27, point 2: no dead ends. Every sidebar entry of every role (the super administrator and the watcher
 * included) opens a working page: not the not-found page, no "no company assigned", no API call refused or failing
 * while the page loads, and a page heading. On the same sign-in, the entries are exactly the role's list of the spec.
 */

/** Every in-app address of the sidebar, groups opened (external links, which open a new tab, are left out). */
async function sidebarTargets(page: Page): Promise<{ id: string; href: string }[]> {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.locator('[data-testid^="nav-"]').first()).toBeVisible();
  // a group is an entry without an address; opened, it shows its links
  const groups = sidebar.locator('[data-testid^="nav-"]:not([href])');
  for (let i = 0; i < (await groups.count()); i++) {
    const g = groups.nth(i);
    if ((await g.getAttribute('data-expanded')) === null) await g.click();
  }
  return sidebar
    .locator('a[data-testid^="nav-"], a[data-testid^="subnav-"]')
    .evaluateAll((els) =>
      els
        .filter((el) => el.getAttribute('target') !== '_blank' && el.getAttribute('href'))
        .map((el) => ({ id: el.getAttribute('data-testid') ?? '', href: el.getAttribute('href') ?? '' })),
    );
}

for (const key of WALKED_ROLES) {
  test(`every sidebar entry of ${key} opens a working page`, async ({ page }) => {
    await login(page, credentialsOf(key));
    // the entries are exactly the role's list of the spec (the roles not walked are checked in sidebar.spec.ts)
    expect(await sidebarIds(page)).toEqual(EXPECTED_SIDEBAR[key]);
    const targets = await sidebarTargets(page);
    expect(targets.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const target of targets) {
      const bad: string[] = [];
      const onResponse = (r: import('@playwright/test').Response) => {
        if (r.url().includes('/api/') && r.status() >= 400) bad.push(`${r.status()} ${new URL(r.url()).pathname}`);
      };
      page.on('response', onResponse);
      await page.getByTestId('sidebar').locator(`[data-testid="${target.id}"]`).click();
      await expect(page, `${target.id} leads to ${target.href}`).toHaveURL(
        (u) => u.pathname === target.href.split('?')[0],
      );
      await expect(page.locator('main h1, main h2, main h3').first()).toBeVisible();
      // the page settles (no skeleton left) before it is judged
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 20_000 });
      page.off('response', onResponse);
      const text = await page.locator('main').innerText();
      if (/No se pudo encontrar esta página|No tienes un sujeto obligado asignado/.test(text))
        failures.push(`${target.id} (${target.href}): dead end`);
      if (bad.length) failures.push(`${target.id} (${target.href}): ${bad.join(', ')}`);
      // back to a group's links if the page closed them
      const link = page.getByTestId('sidebar').locator(`[data-testid="${target.id}"]`);
      if (!(await link.isVisible())) await sidebarTargets(page);
    }
    expect(failures).toEqual([]);
  });
}
