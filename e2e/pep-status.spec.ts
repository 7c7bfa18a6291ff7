import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { switchLanguage } from './support/languages';
import { type Credentials, createCompanyUser, demoUser, login, SUPER_ADMIN } from './support/users';

/*
 * The ficha's one PEP status in words (issue 24, point 1; decision 170): a customer who is in the PEP register shows
 * "PEP until <date>: <position>, <institution> (source)" in es, pt-BR and en; a former PEP says when it ended.
 */

function newRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return formatRut(`${body}${rutCheckDigit(body)}`);
}
async function apiToken(request: APIRequestContext, c: Credentials): Promise<string> {
  const res = await request.post('/api/users/login', { data: c });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A ceiling for a page that a loaded machine renders slowly (the first run waited past the default 10 s). */
const LOAD = { timeout: 60_000 };
const dmy = (iso: string) => iso.split('-').reverse().join('/');

async function post(page: Page, token: string, url: string, data: unknown) {
  const res = await page.request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { id: string };
}

test('the PEP line of a register PEP and of a former PEP, in the three languages', async ({ page, request }) => {
  const root = await apiToken(request, SUPER_ADMIN);
  const admin = await apiToken(request, demoUser('admin', 'cl'));
  const dni = newRut();
  const officeEnd = day(-335);
  await post(page, root, '/api/people', {
    country: 'CL',
    dni,
    name: 'Rosa Registro',
    pepLevel: 1,
    position: 'Subsecretaria de Hacienda',
    institution: 'Ministerio de Hacienda',
    officeStart: '2022-03-11',
    officeEnd,
  });
  const ficha = await post(page, admin, '/api/fichas-clientes', {
    personType: 'natural',
    dni,
    dniType: { country: 'CL', document: 'RUT' },
    name: 'Rosa',
    fatherName: 'Registro',
  });
  const former = await post(page, admin, '/api/fichas-clientes', {
    personType: 'natural',
    dni: newRut(),
    dniType: { country: 'CL', document: 'RUT' },
    name: 'Ernesto',
    fatherName: 'Vencido',
    pepStatus: 'direct',
    pepExpiration: '2024-06-01',
  });
  const [y, m, d] = officeEnd.split('-').map(Number) as [number, number, number];
  const until = dmy(new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10));

  // an administrator of its own: the language is saved on the user, and the shared demo administrator, which the
  // other workers' tests use at the same time, keeps Spanish
  await login(page, await createCompanyUser(request, { country: 'cl', role: 'admin' }));
  await page.goto(`/home/fichas/${ficha.id}`);
  const line = page.getByTestId('detail-pep-line');
  await expect(line).toHaveText(
    `PEP hasta el ${until}: Subsecretaria de Hacienda, Ministerio de Hacienda (registro PEP, por documento)`,
    LOAD,
  );
  const texts = {
    en: `PEP until ${until}: Subsecretaria de Hacienda, Ministerio de Hacienda (PEP register, by document)`,
    'pt-BR': `PEP até ${until}: Subsecretaria de Hacienda, Ministerio de Hacienda (cadastro PEP, por documento)`,
  };
  await line.scrollIntoViewIfNeeded();
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 800 });
    await page.screenshot({ path: `test-results/pep-line/es-register-${width}.png` });
  }
  await page.goto(`/home/fichas/${former.id}`);
  await expect(line).toHaveText('Ex PEP: lo fue hasta el 01/06/2024 (declarado en la ficha)', LOAD);

  await otherLanguages();

  async function otherLanguages() {
    for (const [label, lang] of [
      ['English', 'en'],
      ['Português', 'pt-BR'],
    ] as const) {
      await switchLanguage(page, label);
      await expect(line).toHaveText(
        lang === 'en'
          ? 'Former PEP: until 01/06/2024 (declared on the file)'
          : 'Ex-PEP: foi até 01/06/2024 (declarado na ficha)',
        LOAD,
      );
      await page.goto(`/home/fichas/${ficha.id}`);
      await expect(line).toHaveText(texts[lang], LOAD);
      await line.scrollIntoViewIfNeeded();
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: width === 1440 ? 900 : 800 });
        await page.screenshot({ path: `test-results/pep-line/${lang}-register-${width}.png` });
      }
      await page.goto(`/home/fichas/${former.id}`);
    }
  }
});
