import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { demoUser, login } from './support/users';

/** The API as the signed-in page (its stored bearer token). */
async function apiGet(page: Page, path: string) {
  return page.evaluate(async (p) => {
    const token = localStorage.getItem('regcheck.token');
    const res = await fetch(`/api${p}`, { headers: { Authorization: `Bearer ${token}` } });
    return res.json();
  }, path);
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A RUT no other spec uses: from the time, in a range of its own. */
const freshRut = () => {
  const body = String(40_000_000 + (Date.now() % 9_000_000));
  return formatRut(`${body}${rutCheckDigit(body)}`);
};

test('dashboard, notification of the OFAC match, notifications download, ROE-UAF file and final beneficiaries', async ({
  page,
}) => {
  await login(page, demoUser('admin', 'cl'));
  // a sanctioned person becomes a customer now, so that the match's notification is among the latest whatever the
  // other specs added to the shared demo company before (the seeded one can be pushed out of the widget)
  const created = await page.evaluate(async (dni) => {
    const token = localStorage.getItem('regcheck.token');
    const res = await fetch('/api/fichas-clientes', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        personType: 'natural',
        dni,
        dniType: { country: 'CL', document: 'RUT' },
        name: 'Nicolás',
        fatherName: 'Maduro',
        motherName: 'Moros',
        nationality: 'VE',
      }),
    });
    return { status: res.status, body: await res.text() };
  }, freshRut());
  expect(created.status, created.body).toBe(200);
  await expect
    .poll(async () => {
      const latest = await apiGet(page, `/notifications?filter=${encodeURIComponent(JSON.stringify({ limit: 5 }))}`);
      return JSON.stringify(latest);
    })
    .toContain('Maduro');
  await page.goto('/home/dashboard');

  // portfolio risk: the demo's sanctioned customer is high risk; the figure is the active portfolio up to the end
  const today = new Date();
  const high = await apiGet(
    page,
    `/fichas-clientes/count?where=${encodeURIComponent(
      JSON.stringify({ and: [{ risk: 'high' }, { createdAt: { lte: `${iso(today)}T23:59:59.999Z` } }] }),
    )}`,
  );
  expect(high.count).toBeGreaterThan(0);
  await expect(page.getByTestId('risk-high')).toContainText(String(high.count));
  await expect(page.getByTestId('risk-high').getByRole('link')).toHaveAttribute('href', /\/home\/fichas\?.*risk=high/);

  // the OFAC match notification is in the latest notifications; it leads to the customer's ficha
  const widget = page.getByTestId('widget-notifications');
  // (other specs may add matches of the same customer to the shared demo company: the newest is enough)
  const match = widget.getByRole('link', { name: /Maduro/ }).first();
  await expect(match).toBeVisible();
  await match.click();
  await expect(page).toHaveURL(/\/home\/fichas\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('detail-name')).toContainText('Maduro');

  // the bell shows the unread count; marking the notification read lowers it
  const unreadBefore = (await apiGet(page, `/notifications/count?where=${encodeURIComponent('{"read":false}')}`)).count;
  expect(unreadBefore).toBeGreaterThan(0);
  await expect(page.getByTestId('bell-count')).toContainText(String(unreadBefore));
  await page.getByTestId('notification-bell').click();
  await expect(page).toHaveURL(/\/home\/notifications\?read=unread$/);
  // (other specs may add unread matches of the same customer: one fewer row once this one is read)
  const rows = page.getByTestId('notifications-table').getByRole('row', { name: /Maduro/ });
  await expect(rows.first()).toBeVisible();
  const unreadRows = await rows.count();
  await rows.first().getByTestId('mark-read').click();
  await expect(rows).toHaveCount(unreadRows - 1);
  const left = unreadBefore - 1;
  await expect(page.getByTestId('notification-bell')).toHaveAttribute(
    'aria-label',
    left === 0 ? 'No hay notificaciones sin leer' : new RegExp(`^${left} notificaci`),
  );

  // this month's notifications as xlsx: the match notification is in the file
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('notifications-download').click(),
  ]);
  const path = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const titles = (wb.worksheets[0]?.getColumn(2).values ?? []).map(String);
  expect(titles.some((t) => t.includes('Maduro'))).toBe(true);

  // ROE-UAF for the month of the demo's cash deposit (14 days ago): the operation is in the file
  const cashDay = new Date(today.getTime() - 14 * 86_400_000);
  const monthStart = iso(new Date(Date.UTC(cashDay.getUTCFullYear(), cashDay.getUTCMonth(), 1)));
  const monthEnd = iso(new Date(Date.UTC(cashDay.getUTCFullYear(), cashDay.getUTCMonth() + 1, 0)));
  await page.goto('/home/reports/roe-uaf');
  const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  for (const [field, value] of [
    ['roe-period-from', monthStart],
    ['roe-period-to', monthEnd],
  ] as const) {
    await page.getByTestId(field).fill(dmy(value));
    await page.getByTestId(field).press('Tab');
  }
  await expect(page.getByTestId('report-roe-operations')).toContainText('Muñoz');
  const [uaf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-roe-txt').click()]);
  const file = fs.readFileSync(await uaf.path(), 'utf8').split('\r\n');
  expect(file[0]).toMatch(/^TIPO_REGISTRO;RUT_SUJETO_OBLIGADO;/);
  const line = file.find((l) => l.startsWith('ROE;') && l.includes('Muñoz'));
  // the column after the period is the USD threshold that applied (UMBRAL_USD)
  expect(line?.split(';')[4]).toBe('10000.00');
  expect(line?.split(';')[6]).toBe(
    `${iso(cashDay).slice(8, 10)}-${iso(cashDay).slice(5, 7)}-${iso(cashDay).slice(0, 4)}`,
  );
  expect(line?.split(';')[8]).toBe('18500000.00');

  // final beneficiaries: Valentina Rojas owns 36 % of Inversiones Los Andes through Holding Austral
  await page.goto('/home/reports/final-beneficiaries');
  const owners = page.getByTestId('report-beneficiaries-owners');
  const indirect = owners.getByRole('row', { name: /Inversiones Los Andes SpA.*Valentina Ignacia Rojas Araya/ });
  await expect(indirect).toBeVisible();
  await expect(indirect).toContainText('36 %');
  await expect(indirect).toContainText('Holding Austral Limitada');
});
