import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { cpfCheckDigits } from '../packages/shared/src/documents/cpf';
import { catalogText } from './support/catalog';
import { type Lang, SIZES, SWITCH, switchLanguage } from './support/languages';
import { customerMatchingRegisterPerson } from './support/pep';
import { type Credentials, createCompanyUser, demoUser, login, SUPER_ADMIN } from './support/users';

/*
 * Issue 24 (decisions 171, 193, 197): the PEP register's match decision in both hit drawers, in a Brazilian company,
 * read in Portuguese, English and Spanish at 1440x900 and 1280x800:
 * - the drawer of a PEP register hit on the ficha's Lists tab ("See detail") carries the same decision as the
 *   notification drawer: "confirm it is the same person" (the screening reviewers' permission, the same audited
 *   call), after which it says the ficha's PEP line;
 * - "not the same person" from the Lists tab drawer and from the notification drawer asks a reason and proposes the
 *   audited dismissal for a second reviewer; the drawer then says the dismissal is pending, without the buttons.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const LANGS: Lang[] = ['pt-BR', 'en', 'es'];
const text = (lang: Lang, key: string) => catalogText(lang, key);

let seq = 810_000_000 + Math.floor(Math.random() * 80_000_000);
const cpf = () => {
  const base = String(seq++).padStart(9, '0');
  return `${base}${cpfCheckDigits(base)}`;
};
const stampOf = () => {
  const letters = 'bcdfghjklmnpqrstvz';
  const s = Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
  return `${s[0]?.toUpperCase()}${s.slice(1)}`;
};

async function bearer(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/** A PEP register person and a customer of the same name with another CPF, screened until the register hit shows. */
async function matchedCustomer(
  request: APIRequestContext,
  sa: Record<string, string>,
  admin: Record<string, string>,
  given: string,
) {
  const res = await request.post('/api/people', {
    headers: sa,
    data: {
      country: 'BR',
      dni: cpf(),
      name: `${given} Queiroz Bastos`,
      pepLevel: 1,
      position: 'Deputada Estadual',
      institution: 'Assembleia Legislativa',
      officeStart: '2019-02-01',
      officeEnd: '2025-02-01',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const person = (await res.json()) as { id: string };
  const fichaId = await customerMatchingRegisterPerson(
    request,
    admin,
    {
      personType: 'natural',
      dni: cpf(),
      dniType: { country: 'BR' },
      name: given,
      fatherName: 'Queiroz',
      motherName: 'Bastos',
    },
    person.id,
  );
  return { fichaId, personId: person.id };
}

async function shoot(page: Page, name: string, focus: Locator) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

/** The ficha's Lists tab, its PEP register hit opened in the detail drawer: the drawer's match panel. */
async function listsDrawer(page: Page, lang: Lang, fichaId: string) {
  await page.goto(`/home/fichas/${fichaId}`);
  await page.getByRole('tab', { name: new RegExp(`^${text(lang, 'fichas:detail.tabs.lists')}`) }).click();
  const card = page.getByTestId('list-hit').filter({ has: page.getByTestId('pep-match') });
  await card.getByRole('button', { name: text(lang, 'screening:drawer.open') }).click();
  const drawer = page.getByTestId('hit-detail');
  await expect(drawer).toBeVisible();
  return drawer.getByTestId('pep-match');
}

async function notificationDrawer(page: Page, given: string) {
  await page.goto('/home/notifications');
  await page.getByTestId('notifications-search').fill(given);
  const row = page.getByTestId('notifications-table').getByRole('row').filter({ hasText: given }).first();
  await row.getByTestId('notification-hit').click();
  const drawer = page.getByTestId('hit-detail');
  await expect(drawer).toBeVisible();
  return drawer.getByTestId('pep-match');
}

/** "Not the same person": the reason and its explanation, sent; the drawer says the dismissal is pending. */
async function notSame(page: Page, lang: Lang, panel: Locator, why: string) {
  await panel.getByRole('button', { name: text(lang, 'fichas:pepMatch.notSame') }).click();
  await page.getByTestId('dismiss-reason').click();
  await page
    .getByRole('option', { name: text(lang, 'screening:dismissal.reasons.differentPerson'), exact: true })
    .click();
  await page.getByTestId('dismiss-text').fill(why);
  await page.getByRole('button', { name: text(lang, 'screening:dismissal.submit'), exact: true }).click();
  await expect(page.getByText(text(lang, 'screening:dismissal.proposed'))).toBeVisible();
  await expect(panel.getByTestId('pep-match-pending')).toHaveText(text(lang, 'screening:dismissal.pendingBadge'));
  await expect(panel.getByRole('button', { name: text(lang, 'fichas:pepMatch.confirm') })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: text(lang, 'fichas:pepMatch.notSame') })).toHaveCount(0);
}

test('Brazil: the PEP register match decided in the Lists tab drawer; "not the same person" from both drawers, in three languages', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const stamp = stampOf();
  const sa = await bearer(request, SUPER_ADMIN);
  const admin = await bearer(request, demoUser('admin', 'br'));
  const toConfirm = await matchedCustomer(request, sa, admin, `Marisa ${stamp}`);
  const fromLists = await matchedCustomer(request, sa, admin, `Lourdes ${stamp}`);
  const fromNotice = `Teresa ${stamp}`;
  const noticed = await matchedCustomer(request, sa, admin, fromNotice);
  const filter = encodeURIComponent(JSON.stringify({ where: { fichaId: noticed.fichaId } }));
  await expect
    .poll(async () => {
      const res = await request.get(`/api/notifications?filter=${filter}`, { headers: admin });
      const rows = (await res.json()) as { kind: string; data: unknown }[];
      return rows.some((n) => n.kind === 'monitoring.match' && JSON.stringify(n.data).includes(noticed.personId));
    })
    .toBe(true);

  // a compliance officer of its own (the language is stored on the user)
  const user = await createCompanyUser(request, { country: 'br', role: 'admin' });
  await login(page, user);

  // the Lists tab drawer of a PEP register hit carries the decision, in each language
  for (const lang of LANGS) {
    await switchLanguage(page, lang);
    const panel = await listsDrawer(page, lang, toConfirm.fichaId);
    await expect(panel).toContainText(text(lang, 'fichas:pepMatch.toDecide'));
    await expect(panel.getByRole('button', { name: text(lang, 'fichas:pepMatch.notSame') })).toBeVisible();
    const confirm = panel.getByRole('button', { name: text(lang, 'fichas:pepMatch.confirm') });
    await expect(confirm).toBeVisible();
    await shoot(page, `lists-drawer-open-${lang}`, confirm);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('hit-detail')).toHaveCount(0);
  }

  // confirmed from the Lists tab drawer (Spanish, the language left): the drawer and the card say the PEP line
  const line =
    /^PEP hasta el 01\/02\/2030: Deputada Estadual, Assembleia Legislativa \(registro PEP, coincidencia confirmada\)$/;
  let panel = await listsDrawer(page, 'es', toConfirm.fichaId);
  await panel.getByRole('button', { name: text('es', 'fichas:pepMatch.confirm') }).click();
  await expect(panel.getByTestId('pep-match-line')).toHaveText(line);
  await expect(panel).toContainText(text('es', 'fichas:pepMatch.sameConfirmed'));
  await expect(panel.getByRole('button', { name: text('es', 'fichas:pepMatch.confirm') })).toHaveCount(0);
  await shoot(page, 'lists-drawer-confirmed-es', panel.getByTestId('pep-match-line'));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('hit-detail')).toHaveCount(0);
  await expect(page.getByTestId('list-hit').getByTestId('pep-match-line')).toHaveText(line);

  // "not the same person" from the Lists tab drawer (Portuguese) and from the notification drawer (English)
  await switchLanguage(page, 'pt-BR');
  panel = await listsDrawer(page, 'pt-BR', fromLists.fichaId);
  await notSame(page, 'pt-BR', panel, 'Outra data de nascimento e outro CPF; não é a deputada.');
  await shoot(page, 'lists-drawer-not-same-pt-BR', panel);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dismissal-pending')).toBeVisible();

  await switchLanguage(page, 'en');
  panel = await notificationDrawer(page, fromNotice);
  await expect(panel).toContainText(text('en', 'fichas:pepMatch.toDecide'));
  await notSame(page, 'en', panel, 'Another birth date and another CPF: not the deputy.');
  await shoot(page, 'notification-drawer-not-same-en', panel);
  await page.keyboard.press('Escape');

  // both proposals audited on their fichas, by the officer, with the reason; neither ficha became PEP
  for (const { fichaId } of [fromLists, noticed]) {
    const history = await request.get(`/api/fichas-clientes/${fichaId}/history?limit=100`, { headers: admin });
    const rows = ((await history.json()) as { data: { action: string; userName: string | null }[] }).data;
    expect(rows.find((h) => h.action === 'ficha.match.dismissal.proposed')?.userName).toBe(user.name);
    const view = await request.get(`/api/fichas-clientes/${fichaId}`, { headers: admin });
    expect(((await view.json()) as { pepStatus: string | null }).pepStatus).toBeNull();
  }
});
