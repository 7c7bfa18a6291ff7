import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { type Credentials, demoUser, login } from './support/users';

/*
 * Issue 15: a hit a compliance officer can defend. The front desk sees the demo's sanctioned customer's OFAC hit
 * explained in words, with no dismiss button; a monitoring user proposes a dismissal, an administrator approves
 * it, the risk changes only then, and the ficha's history shows both steps.
 */

function newRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return formatRut(`${body}${rutCheckDigit(body)}`);
}

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

async function signedIn(browser: Browser, c: Credentials): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'es-CL' });
  await login(page, c);
  return page;
}

async function openLists(page: Page, fichaId: string) {
  await page.goto(`/home/fichas/${fichaId}`);
  await page.getByRole('tab', { name: /^Listas/ }).click();
}

const ofacHit = (page: Page) => page.getByTestId('list-hit').filter({ hasText: 'OFAC SDN' }).first();

test('front desk sees the OFAC hit in words and cannot dismiss; four eyes change the risk only on approval', async ({
  browser,
  request,
}) => {
  const admin = demoUser('admin', 'cl');
  const auth = { Authorization: `Bearer ${await token(request, admin)}` };

  // the demo's sanctioned customer (Nicolás Maduro Moros, RUT 26.543.210-?)
  const demoRut = formatRut(`26543210${rutCheckDigit('26543210')}`);
  const demo = await request.get(`/api/fichas-clientes/by-dni/${encodeURIComponent(demoRut)}`, { headers: auth });
  expect(demo.ok(), await demo.text()).toBeTruthy();
  const demoId = ((await demo.json()) as { id: string }).id;

  const fd = await signedIn(browser, demoUser('frontdesk', 'cl'));
  await openLists(fd, demoId);
  await expect(ofacHit(fd)).toBeVisible();
  await expect(ofacHit(fd).getByTestId('hit-explanation-text')).toContainText(
    "Nombre: coincidencia exacta de 'Nicolás', 'Maduro' y 'Moros'",
  );
  await expect(ofacHit(fd).getByTestId('hit-explanation-text')).toContainText(
    'Fecha de nacimiento: igual (23/11/1962)',
  );
  await expect(ofacHit(fd).getByRole('button', { name: 'Descartar' })).toHaveCount(0);
  // the detail: the list entry whole beside the ficha
  await ofacHit(fd).getByRole('button', { name: 'Ver detalle' }).click();
  const drawer = fd.getByTestId('hit-detail');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('hit-comparison')).toContainText('Fechas de nacimiento');
  await expect(drawer.getByTestId('hit-comparison')).toContainText('23/11/1962');
  await expect(drawer.getByRole('button', { name: 'Descartar' })).toHaveCount(0);
  await fd.close();

  // a customer of its own for the four-eyes flow (the demo customer stays as it is for the other specs):
  // same name and birth date, Chilean, so the OFAC hit is its only risk
  const created = await request.post('/api/fichas-clientes', {
    headers: auth,
    data: {
      personType: 'natural',
      dni: newRut(),
      name: 'Nicolás',
      fatherName: 'Maduro',
      motherName: 'Moros',
      birthDate: '1962-11-23',
      nationality: 'CL',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const ficha = (await created.json()) as { id: string; risk: string };
  expect(ficha.risk).toBe('high');

  const um = await signedIn(browser, demoUser('userMonitoring', 'cl'));
  await openLists(um, ficha.id);
  await expect(ofacHit(um).getByTestId('hit-explanation-text')).toContainText('País: distinto (CL / VE)');
  await ofacHit(um).getByRole('button', { name: 'Descartar' }).click();
  await um.getByTestId('dismiss-reason').click();
  await um.getByRole('option', { name: 'Es otra persona', exact: true }).click();
  // a sanctions list needs an explanation
  await um.getByTestId('dismiss-text').fill('corta');
  await um.getByRole('button', { name: 'Enviar' }).click();
  await expect(um.getByText(/Explique el descarte con al menos 10 caracteres/)).toBeVisible();
  await um.getByTestId('dismiss-text').fill('Cliente chileno con otra cédula; no es la persona sancionada.');
  await um.getByRole('button', { name: 'Enviar' }).click();
  await expect(um.getByText('Propuesta enviada: otro usuario debe aprobarla')).toBeVisible();
  await expect(ofacHit(um).getByTestId('dismissal-pending')).toBeVisible();
  // the proposer cannot approve, and the risk has not moved
  await expect(ofacHit(um).getByRole('button', { name: 'Aprobar descarte' })).toHaveCount(0);
  await expect(um.getByTestId('risk-badge').first()).toHaveText('Riesgo alto');
  await um.close();

  const ad = await signedIn(browser, admin);
  await openLists(ad, ficha.id);
  await expect(ad.getByTestId('risk-badge').first()).toHaveText('Riesgo alto');
  await expect(ofacHit(ad)).toContainText('Descarte propuesto por');
  await ofacHit(ad).getByRole('button', { name: 'Aprobar descarte' }).click();
  await expect(ad.getByText('Descarte aprobado: la coincidencia ya no cuenta en el riesgo')).toBeVisible();
  await expect(ad.getByTestId('risk-badge').first()).toHaveText('Riesgo bajo');
  await expect(ofacHit(ad)).toContainText('Descartada');

  // the history shows both steps
  await ad.getByRole('tab', { name: /^Historial/ }).click();
  await expect(ad.getByText(/propuso descartar la coincidencia con .* en OFAC SDN/)).toBeVisible();
  await expect(ad.getByText(/aprobó el descarte de la coincidencia con .* en OFAC SDN/)).toBeVisible();
  await ad.close();
});
