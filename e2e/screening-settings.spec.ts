import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type Credentials, DEMO_PASSWORD, demoUser, login } from './support/users';

/*
 * Issue 15: the company's match review settings and the notifications' hit drawer. An administrator turns the
 * second step off for non-critical lists on the company page (sanctions lists stay critical, locked); a monitoring
 * user sees the settings but cannot change them; a list-match notification opens the hit in the same detail drawer
 * as the ficha's Lists tab, with the explanation in words.
 */

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function signedIn(browser: Browser, c: Credentials, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport, locale: 'es-CL' });
  await login(page, c);
  return page;
}

/**
 * Opens the hit of a name match with a birth date (the demo's sanctioned customer, Nicolás Maduro Moros). Other specs
 * add matches to the same demo company (every ficha they create that matches a list raises its notification, a
 * bulk-loaded namesake, its FATF country match), so the demo customer's notification can be on a later page: the
 * list is searched by his name first, then its notifications are opened in turn until one explains a birth date.
 */
async function openNotificationHit(page: Page) {
  await page.goto('/home/notifications');
  await page.getByTestId('notifications-search').fill('Maduro');
  const links = page.getByTestId('notification-link');
  await expect(links.first()).toBeVisible();
  await expect
    .poll(async () => (await links.allTextContents()).every((text) => text.includes('Maduro')), { timeout: 30_000 })
    .toBe(true);
  const buttons = page.getByTestId('notification-hit');
  await expect(buttons.first()).toBeVisible();
  const drawer = page.getByTestId('hit-detail');
  const n = await buttons.count();
  for (let i = 0; i < n; i++) {
    await buttons.nth(i).click();
    // a match the ficha no longer holds (another spec re-screened or changed it) opens the drawer without a hit
    const gone = page.getByTestId('hit-gone');
    await expect(drawer.or(gone).first()).toBeVisible();
    if (await gone.isVisible()) {
      await page.keyboard.press('Escape');
      await expect(gone).toBeHidden();
      continue;
    }
    const words = drawer.getByTestId('hit-explanation-words');
    await expect(words).toBeVisible();
    if ((await words.textContent())?.includes('Fecha de nacimiento')) return drawer;
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }
  throw new Error('no list-match notification explains a birth date');
}

test('an administrator turns the second step off for non-critical lists; a notification opens its hit in words', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = demoUser('admin', 'cl');
  const auth = { Authorization: `Bearer ${await token(request, admin)}` };
  try {
    // a monitoring user reads the settings but cannot change them
    const um = await signedIn(browser, demoUser('userMonitoring', 'cl'));
    await um.goto('/home/company');
    const umCard = um.getByTestId('screening-settings');
    await expect(umCard).toContainText('Revisión de coincidencias');
    await expect(umCard).toContainText('Solo los administradores de la empresa pueden cambiar esta configuración.');
    await expect(umCard.getByRole('switch')).toBeDisabled();
    await expect(umCard.getByTestId('screening-settings-save')).toHaveCount(0);
    await um.close();

    const page = await signedIn(browser, admin);
    await page.goto('/home/company');
    const card = page.getByTestId('screening-settings');
    await expect(card.getByRole('switch')).toBeChecked();
    // sanctions lists are always critical: checked and locked
    const ofac = card.getByRole('checkbox', { name: 'OFAC SDN (Tesoro de EE. UU.)' });
    await expect(ofac).toBeChecked();
    await expect(ofac).toBeDisabled();
    await expect(card).toContainText('Siempre crítica (sanciones)');
    await expect(card.getByTestId('screening-settings-save')).toBeDisabled();
    // the switch sits right under the sticky top bar once scrolled to: click the input itself
    await card
      .getByRole('switch', { name: /Exigir un segundo usuario también en las listas no críticas/ })
      .dispatchEvent('click');
    await expect(card.getByRole('switch')).not.toBeChecked();
    await card.getByRole('checkbox', { name: 'Lista negra' }).check();
    await card.getByTestId('screening-settings-save').click();
    await expect(page.getByText('Configuración de revisión guardada')).toBeVisible();
    const stored = await request.get('/api/screening-settings', { headers: auth });
    expect(await stored.json()).toMatchObject({ fourEyesNonCritical: false, criticalLists: ['blacklist'] });
    // what was saved is what the page shows after a reload
    await page.reload();
    await expect(page.getByTestId('screening-settings').getByRole('switch')).not.toBeChecked();
    await expect(page.getByTestId('screening-settings').getByRole('checkbox', { name: 'Lista negra' })).toBeChecked();

    // the demo's list-match notification opens the hit in the detail drawer, explained in words
    const drawer = await openNotificationHit(page);
    await expect(drawer).toContainText('Nicolás Maduro Moros');
    await expect(drawer.getByTestId('hit-explanation-words')).toContainText('Fecha de nacimiento');
    await expect(drawer.getByTestId('hit-explanation-words')).toContainText('23/11/1962');
    await expect(drawer.getByTestId('hit-explanation-words')).not.toContainText('"parts"');
    await expect(drawer.getByTestId('hit-comparison')).toContainText('Nombres y alias');
    await drawer.getByTestId('hit-open-ficha').click();
    await expect(page).toHaveURL(/\/home\/fichas\/[0-9a-f-]{36}$/);
    await page.close();
  } finally {
    // other specs share the demo company: put the defaults back
    const back = await request.put('/api/screening-settings', {
      headers: auth,
      data: { fourEyesNonCritical: true, criticalLists: [] },
    });
    expect(back.ok(), await back.text()).toBeTruthy();
  }
});

/** Screenshots of the changed screens in the three languages and two sizes (E2E_SHOTS=<folder> to take them). */
test('screenshots of the match review settings and the notification drawer', async ({ browser, request }) => {
  const out = process.env.E2E_SHOTS;
  test.skip(!out, 'set E2E_SHOTS to a folder to take the screenshots');
  test.setTimeout(300_000);
  const adminToken = await token(request, demoUser('admin', 'cl'));
  for (const [lang, userLang] of [
    ['es', 'es'],
    ['pt-BR', 'br'],
    ['en', 'en'],
  ] as const) {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const user = { email: `shots.${stamp}@example.test`, password: DEMO_PASSWORD };
    const res = await request.post('/api/users', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: {
        name: `Capturas ${lang}`,
        email: user.email,
        role: 'adminNoUser',
        password: user.password,
        lang: userLang,
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1280, height: 800 },
    ]) {
      const page = await signedIn(browser, user, viewport);
      const size = `${viewport.width}x${viewport.height}`;
      await page.goto('/home/company');
      await expect(page.getByTestId('critical-lists')).toBeVisible();
      await page.screenshot({ path: path.join(out as string, `${lang}-${size}-company.png`), fullPage: true });
      await page.goto('/home/notifications');
      await expect(page.getByTestId('notification-hit').first()).toBeVisible();
      await page.screenshot({ path: path.join(out as string, `${lang}-${size}-notifications.png`), fullPage: true });
      await openNotificationHit(page);
      await expect(page.getByTestId('hit-explanation-words')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(out as string, `${lang}-${size}-notification-drawer.png`) });
      await page.close();
    }
  }
  expect(fs.readdirSync(out as string).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(18);
});
