import { expect, type Page, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { switchLanguage } from './support/languages';
import { createCompanyUser, demoUser, login } from './support/users';

/*
 * Enhanced due diligence on the ficha's page (issue 24, point 5; decisions 141 to 143): a PEP's ficha says why it
 * requires it, the review button is disabled with the reason, an editor fills the texts and cannot approve, an
 * administrator approves, and then the review can be recorded.
 */

function newRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return formatRut(`${body}${rutCheckDigit(body)}`);
}
const tag = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function pepFicha(page: Page, fatherName: string): Promise<string> {
  const token = await page.request
    .post('/api/users/login', { data: demoUser('admin', 'cl') })
    .then(async (r) => ((await r.json()) as { token: string }).token);
  const res = await page.request.post('/api/fichas-clientes', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      personType: 'natural',
      dni: newRut(),
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Senadora',
      fatherName,
      pepStatus: 'direct',
      countryOfResidence: 'VE',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { id: string }).id;
}

test('a PEP ficha: the reasons in words, the review blocked until an administrator approves', async ({
  page,
  request,
}) => {
  const id = await pepFicha(page, `Reforzada ${tag()}`);

  // a front-desk user fills the texts, sees no approve button and the review blocked
  const frontdesk = await createCompanyUser(request, { country: 'cl', role: 'frontdesk' });
  await login(page, frontdesk);
  await page.goto(`/home/fichas/${id}`);
  const panel = page.getByTestId('edd-panel');
  await expect(panel).toContainText('Debida diligencia reforzada requerida');
  await expect(page.getByTestId('edd-reasons')).toContainText('Es una persona expuesta políticamente (PEP)');
  await expect(page.getByTestId('edd-reasons')).toContainText(
    'Residencia en un país de la lista del GAFI «bajo monitoreo intensificado»: Venezuela',
  );
  await expect(page.getByTestId('detail-record-review')).toBeDisabled();
  await expect(page.getByTestId('detail-review-blocked')).toContainText('debida diligencia reforzada esté abierta');
  await expect(page.getByTestId('edd-approve')).toHaveCount(0);
  await page.getByTestId('edd-sourceOfFunds').fill('Dieta parlamentaria, liquidaciones de sueldo verificadas');
  await page.getByTestId('edd-sourceOfWealth').fill('Herencia de un inmueble, escritura revisada');
  await page.getByTestId('edd-save').click();
  await expect(page.getByTestId('edd-approval')).toContainText('Pendiente de la aprobación');
  await page.screenshot({ path: 'test-results/edd/es-frontdesk-1440.png', fullPage: true });

  // the administrator approves; the review becomes possible
  const admin = await createCompanyUser(request, { country: 'cl', role: 'admin', name: 'Gerenta General' });
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-logout').click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, admin);
  await page.goto(`/home/fichas/${id}`);
  await expect(page.getByTestId('edd-sourceOfWealth')).toHaveValue('Herencia de un inmueble, escritura revisada');
  await page.screenshot({ path: 'test-results/edd/es-admin-open-1440.png', fullPage: true });
  await page.getByTestId('edd-approve').click();
  await page.getByTestId('edd-approve-confirm').click();
  await expect(page.getByTestId('edd-status')).toHaveText('Completada');
  await expect(page.getByTestId('edd-approval')).toContainText('Aprobada por Gerenta General el');
  await expect(page.getByTestId('detail-record-review')).toBeEnabled();
  await expect(page.getByTestId('detail-review-blocked')).toHaveCount(0);

  for (const [label, lang, title] of [
    ['English', 'en', 'Enhanced due diligence completed'],
    ['Português', 'pt-BR', 'Diligência reforçada concluída'],
  ] as const) {
    await switchLanguage(page, label);
    await expect(panel).toContainText(title);
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/edd/${lang}-admin-completed-${width}.png`, fullPage: true });
    }
  }
});
