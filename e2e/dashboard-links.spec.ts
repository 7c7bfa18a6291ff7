import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { waitForMail } from './support/mailbox';
import { type Credentials, loginThroughForm, SUPER_ADMIN } from './support/users';

/**
 * Every home dashboard figure is a link, and the list it opens counts exactly the figure (decision 90). The test
 * makes a company of its own, so that no other spec's data moves the numbers, and fills it through the API: fichas
 * (one an OFAC match), operations inside and outside the period (cash above the ROE threshold, one marked ROS),
 * declaration forms sent and one signed through its public link.
 */
test.setTimeout(180_000);

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
let seq = 0;
const rut = () => {
  const body = String(21_000_000 + (Number(stamp.slice(-6)) % 4_000_000) + seq++ * 7);
  return formatRut(`${body}${rutCheckDigit(body)}`);
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: c });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/** A company of this test with its administrator, and an API client signed in as them. */
async function setUp(request: APIRequestContext) {
  const root = { Authorization: `Bearer ${await token(request, SUPER_ADMIN)}` };
  const company = await request.post('/api/companies', {
    headers: root,
    data: { name: `E2E Panel ${stamp} SpA`, country: 'CL' },
  });
  expect(company.ok(), await company.text()).toBeTruthy();
  const admin: Credentials = { email: `panel.${stamp}@example.test`, password: 'Start.2026-e2e' };
  const user = await request.post('/api/users', {
    headers: root,
    data: { name: 'Carolina Reyes', role: 'admin', companyId: (await company.json()).id, ...admin },
  });
  expect(user.ok(), await user.text()).toBeTruthy();
  const headers = { Authorization: `Bearer ${await token(request, admin)}` };
  const call = async (method: 'get' | 'post' | 'patch', url: string, data?: unknown) => {
    const res = await request[method](`/api${url}`, { headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBeTruthy();
    return res.json();
  };
  return { admin, call };
}

/** The participant signs the form of the link in their e-mail through the public calls. */
async function signByLink(request: APIRequestContext, email: string, dni: string) {
  const m = /form=([0-9a-f-]{36})&key=([A-Za-z0-9_-]+)/.exec(await waitForMail(email));
  if (!m) throw new Error(`no form link for ${email}`);
  const [, id, key] = m;
  const ok = async (p: Promise<{ ok(): boolean; text(): Promise<string> }>) => {
    const res = await p;
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  await ok(request.get(`/api/form-dof/public/${id}/${key}`));
  await ok(request.post(`/api/forms/public/${id}/identify`, { data: { key, dni } }));
  await ok(
    request.post('/api/form-dof/public-filled', {
      data: {
        key,
        form: {
          id,
          data: {
            fullName: 'Pablo Soto',
            document: dni,
            nationality: 'Chilena',
            address: 'Av. Matta 100',
            occupation: 'Comerciante',
            amount: 20_000_000,
            currency: 'CLP',
            origin: 'salary',
            originDetail: 'Ventas del negocio',
          },
        },
      },
    }),
  );
  for (const kind of ['photo', 'idPhoto', 'signature'])
    await ok(
      request.post(`/api/forms/public/${id}/image/${kind}?key=${key}`, {
        multipart: { file: { name: `${kind}.png`, mimeType: 'image/png', buffer: PNG } },
      }),
    );
  await ok(request.post('/api/form-dof/public-signed', { data: { form: { id }, key } }));
}

/** The figure a dashboard card shows, as a number (thousands dots removed). */
async function figure(page: Page, testId: string) {
  const text = (await page.getByTestId(testId).getByRole('link').first().innerText()).trim();
  return Number(text.replace(/\./g, ''));
}

/** The list's footer ("Mostrando de 1 a 3 de 3 registros") comes to say `n` records (it reads 0 while loading). */
async function expectTotal(page: Page, n: number, footer = page.getByTestId('pagination-text')) {
  const formatted = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  await expect(footer).toHaveText(new RegExp(`^Mostrando de \\d+ a \\d+ de ${formatted} registros$`));
}

test('each dashboard figure opens the list it counts, filtered the same way', async ({ page, request }) => {
  const { admin, call } = await setUp(request);

  // fichas: a sanctioned person (OFAC), a low-risk person, a legal person without an identified owner
  await call('post', '/fichas-clientes', {
    personType: 'natural',
    dni: rut(),
    dniType: { country: 'CL', document: 'RUT' },
    name: 'Nicolas',
    fatherName: 'Maduro',
    motherName: 'Moros',
    nationality: 'VE',
  });
  await call('post', '/fichas-clientes', {
    personType: 'natural',
    dni: rut(),
    dniType: { country: 'CL', document: 'RUT' },
    name: 'Lucía',
    fatherName: 'Fuentes',
    nationality: 'CL',
  });
  await call('post', '/fichas-clientes', {
    personType: 'legal',
    dni: rut(),
    dniType: { country: 'CL', document: 'RUT' },
    socialReason: 'Comercial Panel Andes SpA',
  });

  // operations: two in the period (one in cash above the ROE threshold, one marked ROS), one two months back
  const participant = (name: string, email: string, cash = 0) => ({
    dni: rut(),
    type: 'natural',
    monto: 30_000_000,
    efective: cash,
    newFicha: { name, fatherName: 'Soto', email, nationality: 'CL' },
  });
  const cashMail = `pablo.${stamp}@example.cl`;
  const cashPerson = participant('Pablo', cashMail, 20_000_000);
  const cash = await call('post', '/consultations', {
    transactionType: 'Compraventa',
    transactionDate: day(-3),
    divisa: 'CLP',
    associates: [cashPerson],
  });
  const rosMail = `rosa.${stamp}@example.cl`;
  const ros = await call('post', '/consultations', {
    transactionType: 'Compraventa',
    transactionDate: day(-5),
    divisa: 'CLP',
    associates: [participant('Rosa', rosMail)],
  });
  await call('patch', `/consultations/${ros.id}`, { ros: true, rosReason: 'Fraccionamiento de depósitos' });
  await call('post', '/consultations', {
    transactionType: 'Compraventa',
    transactionDate: day(-60),
    divisa: 'CLP',
    associates: [participant('Antonio', `antonio.${stamp}@example.cl`)],
  });
  // declaration forms: both operations' forms sent, the cash one signed
  await call('get', `/consultations/resendDOF/${cash.id}/0`);
  await call('get', `/consultations/resendDOF/${ros.id}/0`);
  await signByLink(request, cashMail, cashPerson.dni);

  await page.goto('/login');
  await loginThroughForm(page, admin);
  await expect(page).toHaveURL(/\/hall$/);
  await page.goto('/home/dashboard');
  await expect(page.getByTestId('widget-activity')).toBeVisible();

  // the figures hold what this test created
  expect(await figure(page, 'activity-fichas')).toBe(6);
  expect(await figure(page, 'activity-operations')).toBe(2);
  expect(await figure(page, 'activity-roe')).toBe(1);
  expect(await figure(page, 'activity-ros')).toBe(1);
  expect(await figure(page, 'forms-sent')).toBe(2);
  expect(await figure(page, 'forms-signed')).toBe(1);
  expect(await figure(page, 'risk-high')).toBeGreaterThanOrEqual(2);
  expect(await figure(page, 'activity-matches')).toBeGreaterThanOrEqual(1);

  // the fichas links: the list counts the figure and shows the filter it applies
  const fichaLinks: [string, RegExp, string | null][] = [
    ['activity-fichas', /\/home\/fichas\?from=.*&to=/, null],
    ['activity-matches', /matches=true/, 'fichas-filter-matches'],
    ['risk-high', /\/home\/fichas\?to=.*&risk=high/, 'fichas-filter-until'],
    ['risk-medium', /risk=medium/, null],
    ['risk-low', /risk=low/, null],
    ['matches-list-', /matches=true&list=[\w.-]+&listName=/, 'fichas-filter-list'],
    // the periodic reviews due this month and overdue (issue 24 point 4), as of today
    ['reviews-due', /\/home\/fichas\?review=dueThisMonth$/, 'fichas-filter-review'],
    ['reviews-overdue', /\/home\/fichas\?review=overdue$/, 'fichas-filter-review'],
  ];
  for (const [testId, url, pill] of fichaLinks) {
    await page.goto('/home/dashboard');
    // a list's figure: the first list of the matches by list (the OFAC match of the sanctioned person)
    const link = testId.startsWith('matches-list')
      ? page.locator(`[data-testid^="${testId}"]`).first()
      : page.getByTestId(testId).getByRole('link').first();
    const shown = Number((await link.innerText()).replace(/\./g, ''));
    await link.click();
    await expect(page).toHaveURL(url);
    if (shown === 0) await expect(page.getByTestId('fichas-table')).toContainText('No se encontraron resultados');
    else await expectTotal(page, shown);
    if (pill) await expect(page.getByTestId(pill)).toBeVisible();
  }

  // the operations links: the customer-management list by transaction date, with ROS and the form statuses
  const historyLinks: [string, RegExp, string | null][] = [
    ['activity-operations', /\/home\/history\?from=.*&to=/, null],
    ['activity-ros', /ros=true/, 'history-filter-ros'],
    ['forms-sent', /consultationStatus=sent,opened,filled,signed/, 'history-filter-form-status'],
    ['forms-signed', /consultationStatus=signed$/, 'history-filter-form-status'],
  ];
  for (const [testId, url, pill] of historyLinks) {
    await page.goto('/home/dashboard');
    const shown = await figure(page, testId);
    await page.getByTestId(testId).getByRole('link').click();
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId('history-table').getByRole('row')).toHaveCount(shown + 1);
    await expectTotal(page, shown, page.getByText(/^Mostrando de \d+ a \d+ de [\d.]+ registros$/));
    if (pill) await expect(page.getByTestId(pill)).toBeVisible();
  }
  await expect(page.getByTestId('history-filter-form-status')).toContainText('Firmado');

  // the ROE figure opens the ROE-UAF report of the same period, listing that many operations
  await page.goto('/home/dashboard');
  const roe = await figure(page, 'activity-roe');
  await page.getByTestId('activity-roe').getByRole('link').click();
  await expect(page).toHaveURL(/\/home\/reports\/roe-uaf\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  const rows = page.getByTestId('report-roe-operations').locator('tbody tr');
  await expect(rows).toHaveCount(roe);
  await expect(rows.first()).toContainText(cash.codigoFormatted);

  // notifications of the period
  await page.goto('/home/dashboard');
  const notifications = await figure(page, 'activity-notifications');
  await page.getByTestId('activity-notifications').getByRole('link').click();
  await expect(page).toHaveURL(/\/home\/notifications\?from=/);
  if (notifications > 0) await expectTotal(page, notifications);
  else await expect(page.getByTestId('notifications-table')).toContainText('No hay notificaciones');
});
