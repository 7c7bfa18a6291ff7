import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { cutTexts } from './support/cut-text';
import { switchLanguage } from './support/languages';
import { createCompanyUser, demoUser, login, SUPER_ADMIN } from './support/users';

/*
 * Issue 27, "cut text": the texts the screens check found cut, read whole in es, pt-BR and en: the names in the wide
 * tables (lists, PEP register, vigilancia, manuals), the public channel's categories and a chat message's date on a
 * phone, the allegations dashboard's names. Each page is checked for text cut by its box (wider than it shows) and
 * for a name ending in "…"; with E2E_SHOTS=<folder> each is also saved as a screenshot.
 */

test.describe.configure({ timeout: 360_000 });

const LANGS = [
  { switch: 'Español', locale: 'es-CL', tag: 'es' },
  { switch: 'Português', locale: 'pt-BR', tag: 'pt-BR' },
  { switch: 'English', locale: 'en-US', tag: 'en' },
] as const;
const WIDE = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
];
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string) {
  const out = process.env.E2E_SHOTS;
  if (!out) return;
  fs.mkdirSync(path.join(out, 'cut-text'), { recursive: true });
  await page.screenshot({ path: path.join(out, 'cut-text', `${name}.png`), fullPage: true });
}

/** The page's settled state: no skeleton, the root not busy. */
async function settled(page: Page) {
  await expect(page.locator('#root[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
}

async function ownSuperAdmin(request: APIRequestContext) {
  const root = await request.post('/api/users/login', { data: SUPER_ADMIN });
  expect(root.ok(), await root.text()).toBeTruthy();
  const own = { email: `e2e.cut.${Date.now()}@example.test`, password: 'Start.2026-e2e' };
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${((await root.json()) as { token: string }).token}` },
    data: { name: 'E2E Cut', role: 'superAdmin', ...own },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return own;
}

test('the wide tables show whole names in three languages at 1440 and 1280', async ({ browser, request }) => {
  const own = await ownSuperAdmin(request);
  for (const size of WIDE) {
    const page = await browser.newPage({ viewport: size });
    await login(page, own);
    for (const lang of LANGS) {
      await switchLanguage(page, lang.switch);
      for (const [name, url] of [
        ['lists', '/regcheck/lists'],
        ['pep', '/regcheck/pep'],
        ['vigilancia', '/regcheck/vigilancia'],
        ['fatf', '/regcheck/lists/screeningGlobal/gafi'],
      ] as const) {
        await page.goto(url);
        await settled(page);
        await expect(page.locator('main table').first()).toBeVisible();
        await shot(page, `${name}-${lang.tag}-${size.width}`);
        expect(await cutTexts(page), `${name} ${lang.tag} ${size.width}`).toEqual([]);
      }
      // the FATF list's version in the reader's language
      await page.goto('/regcheck/lists/screeningGlobal/gafi');
      await expect(page.getByTestId('list-summary')).toContainText(
        {
          es: 'Plenario del GAFI de febrero de 2026',
          'pt-BR': 'Plenária do GAFI de fevereiro de 2026',
          en: 'FATF plenary, February 2026',
        }[lang.tag],
      );
      await expect(page.getByTestId('list-summary')).not.toContainText(lang.tag === 'en' ? 'Plenario' : 'FATF plenary');
    }
    await switchLanguage(page, 'Español');
    await page.close();
  }
});

test('the manuals table and the allegations dashboard read whole in three languages', async ({ browser, request }) => {
  // the company has one allegations administrator: the demo one, put back in Spanish at the end
  const admin = demoUser('denouncesAdmin', 'cl');
  const officer = await createCompanyUser(request, { country: 'cl', role: 'admin' });
  for (const size of WIDE) {
    for (const [who, url, name] of [
      [admin, '/home/dashboard', 'allegations-dashboard'],
      [officer, '/home/manual', 'manuals'],
    ] as const) {
      const page = await browser.newPage({ viewport: size });
      await login(page, who);
      for (const lang of LANGS) {
        await switchLanguage(page, lang.switch);
        await page.goto(url);
        await settled(page);
        if (name === 'allegations-dashboard') {
          const dash = page.getByTestId('allegations-dashboard');
          await expect(dash).toBeVisible();
          // every bar of a count by name carries its name
          const rows = dash.getByTestId('bar-list-row');
          await expect(rows.first()).toBeVisible();
          for (const row of await rows.all()) await expect(row.locator('p').first()).not.toHaveText('');
        }
        await shot(page, `${name}-${lang.tag}-${size.width}`);
        expect(await cutTexts(page), `${name} ${lang.tag} ${size.width}`).toEqual([]);
      }
      await switchLanguage(page, 'Español');
      await page.close();
    }
  }
});

async function publicCompany(request: APIRequestContext) {
  const res = await request.post('/api/users/login', { data: demoUser('denouncesAdmin', 'cl') });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
  return ((await me.json()) as { user: { company: { id: string } } }).user.company.id;
}

async function phone(browser: Browser, locale: string) {
  const context = await browser.newContext({ viewport: PHONE, locale });
  return context.newPage();
}

test('on a phone the channel shows every category whole and a message date inside its bubble', async ({
  browser,
  request,
}) => {
  const company = await publicCompany(request);
  for (const lang of LANGS) {
    const v = await phone(browser, lang.locale);
    await v.goto(`/public/denounces/${company}`);
    await expect(v.getByTestId('start-report')).toBeVisible();
    await shot(v, `public-channel-${lang.tag}-390`);
    await v.getByTestId('start-report').click();
    const categories = v.getByTestId('field-category').getByRole('radio');
    await expect(categories.first()).toBeVisible();
    expect(await categories.count()).toBeGreaterThan(3);
    // the harassment category names its law whole ("(Lei Karin)" was cut to "(Lei Kar")
    await expect(v.getByTestId('field-category')).toContainText(/\((Ley|Lei) Karin\)/);
    await shot(v, `public-form-${lang.tag}-390`);
    expect(await cutTexts(v, 'body'), `form ${lang.tag}`).toEqual([]);

    await categories.first().check();
    await v.getByTestId('field-description').fill('Pagos duplicados a un proveedor relacionado con la jefatura.');
    await v.getByTestId('relationship-supplier').click();
    await v.getByTestId('submit-report').click();
    await expect(v.getByTestId('report-pin')).toBeVisible({ timeout: 120_000 });
    await shot(v, `public-success-${lang.tag}-390`);
    const code = ((await v.getByTestId('report-id').textContent()) ?? '').trim();
    const pin = ((await v.getByTestId('report-pin').textContent()) ?? '').trim();
    await v.goto(`/public/denounces/${company}/followUp`);
    await v.getByTestId('follow-id').fill(code);
    await v.getByTestId('follow-pin').fill(pin);
    await v.getByTestId('follow-open').click();
    await expect(v.getByTestId('follow-status')).toBeVisible({ timeout: 120_000 });
    // the reporter writes: the message and its date in a bubble
    await v.getByTestId('reply-text').fill('Agrego que los pagos se repitieron en octubre.');
    await v.getByTestId('reply-send').click();
    // the report's description and the reply, each in its bubble
    await expect(v.getByTestId('chat-message')).toHaveCount(2, { timeout: 120_000 });
    const bubble = v.getByTestId('chat-message').last();
    const b = await bubble.boundingBox();
    const d = await bubble.getByTestId('chat-message-date').boundingBox();
    expect(b && d).toBeTruthy();
    if (b && d) expect(d.x + d.width).toBeLessThanOrEqual(b.x + b.width);
    await shot(v, `public-followup-${lang.tag}-390`);
    expect(await cutTexts(v, 'body'), `follow-up ${lang.tag}`).toEqual([]);
    await v.context().close();
  }
});
