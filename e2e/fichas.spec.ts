import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCnpj,
  formatCpf,
  formatRut,
  rutCheckDigit,
} from '../packages/shared/src/documents/index';
import { demoUser, login } from './support/users';

/** A unique word of letters (person names take no digits). */
const tag = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

// fresh documents per run: the data folder outlives a single test and a document is unique per company
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
function newRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return formatRut(`${body}${rutCheckDigit(body)}`);
}
function newCpf(): string {
  const base = `1${digits(8)}`;
  return formatCpf(`${base}${cpfCheckDigits(base)}`);
}
function newAlphanumericCnpj(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  const base = `${digits(2)}${pick()}${pick()}${pick()}${digits(3)}0001`;
  return formatCnpj(`${base}${cnpjCheckDigits(base)}`);
}

/** Picks an option of a Mantine Select identified by its test id. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addRelated(
  page: Page,
  p: { type?: string; dni: string; name: string; fatherName: string; participation?: string },
) {
  if (p.type) await choose(page, 'related-type', p.type);
  await page.getByTestId('related-dni').fill(p.dni);
  await page.getByTestId('related-name').fill(p.name);
  await page.getByTestId('related-fatherName').fill(p.fatherName);
  if (p.participation) await page.getByTestId('related-participation').fill(p.participation);
  await page.getByTestId('related-add').click();
  await expect(page.getByTestId('related-table')).toContainText(p.name);
}

test.describe('fichas as the Chile admin', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, demoUser('admin', 'cl'));
  });

  test('creates a natural ficha with a valid RUT and finds it in the list', async ({ page }) => {
    const rut = newRut();
    const name = `Ana María ${tag()}`;
    await page.goto('/home/person/create?type=natural');
    await page.getByTestId('dni').fill(rut.replace(/\./g, ''));
    await expect(page.getByTestId('dni-formatted')).toContainText(rut);
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-fatherName').fill('Pérez-Soto');
    await page.getByTestId('field-birthDate').fill('12051980');
    await expect(page.getByTestId('field-birthDate')).toHaveValue('12/05/1980');
    await page.getByTestId('field-email').fill('ana@example.test');
    await page.getByTestId('ficha-save').click();
    await expect(page.getByText('Ficha creada')).toBeVisible();
    await expect(page).toHaveURL(/\/home\/fichas\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('detail-name')).toContainText(name);
    await expect(page.getByTestId('detail-dni')).toContainText(rut);

    await page.goto('/home/fichas');
    await expect(page.getByTestId('pagination-text')).toContainText(/Mostrando de \d+ a \d+ de \d+ registros/);
    await page.getByTestId('fichas-search').fill(rut);
    const row = page.getByTestId('table-row').filter({ hasText: rut });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Riesgo');
  });

  test('shows the field error for an invalid RUT and keeps what was typed', async ({ page }) => {
    await page.goto('/home/person/create?type=natural');
    await page.getByTestId('dni').fill('12.345.678-6');
    await page.getByTestId('field-name').fill('Pedro');
    await expect(page.getByText('RUT: 12.345.678-6 no es un RUT válido')).toBeVisible();
    await page.getByTestId('field-fatherName').fill('González');
    await page.getByTestId('ficha-save').click();
    await expect(page.getByText('RUT: 12.345.678-6 no es un RUT válido')).toBeVisible();
    await expect(page).toHaveURL(/\/home\/person\/create/);
    await expect(page.getByTestId('field-name')).toHaveValue('Pedro');
    await expect(page.getByTestId('field-fatherName')).toHaveValue('González');
  });

  test('server errors reach the form: duplicate document and the other person type, under the dni field', async ({
    page,
  }) => {
    const rut = newRut();
    await page.goto('/home/person/create?type=natural');
    await page.getByTestId('dni').fill(rut);
    await page.getByTestId('field-name').fill(`Dup ${tag()}`);
    await page.getByTestId('field-fatherName').fill('Uno');
    await page.getByTestId('ficha-save').click();
    await expect(page).toHaveURL(/\/home\/fichas\/[0-9a-f-]{36}$/);

    await page.goto('/home/person/create?type=natural');
    await page.getByTestId('dni').fill(rut);
    await page.getByTestId('field-name').fill(`Dup ${tag()}`);
    await page.getByTestId('field-fatherName').fill('Dos');
    await page.getByTestId('ficha-save').click();
    await expect(page.getByText(/Ya existe una ficha con el documento/).first()).toBeVisible();
    await expect(page.getByTestId('dni')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/home\/person\/create/);

    await page.goto('/home/person/create?type=legal');
    await page.getByTestId('dni').fill(rut);
    await page.getByTestId('field-socialReason').fill(`Otra ${tag()} SpA`);
    await page.getByTestId('ficha-save').click();
    await expect(page.getByText(/ya existe como persona natural/).first()).toBeVisible();
    await expect(page.getByTestId('dni')).toHaveAttribute('aria-invalid', 'true');
  });

  test('exports the filtered list as xlsx and shows the history of changes', async ({ page }) => {
    const rut = newRut();
    const name = `Exporta ${tag()}`;
    await page.goto('/home/person/create?type=natural');
    await page.getByTestId('dni').fill(rut);
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-fatherName').fill('Excel');
    await page.getByTestId('ficha-save').click();
    await expect(page).toHaveURL(/\/home\/fichas\/[0-9a-f-]{36}$/);

    await page.getByRole('tab', { name: 'Historial' }).click();
    const history = page.getByTestId('ficha-history');
    await expect(history.getByTestId('history-sentences').last()).toContainText(/creó la ficha$/);

    await page.goto('/home/fichas');
    await page.getByTestId('fichas-search').fill(name);
    await expect(page.getByTestId('table-row')).toHaveCount(1);
    await page.getByTestId('fichas-export').click();
    await expect(page).toHaveURL(/\/home\/fichas\/exportFicha$/);
    await expect(page.getByTestId('export-count')).toContainText('1');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^fichas-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText('Archivo descargado')).toBeVisible();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const ws = wb.worksheets[0];
    expect(ws?.rowCount).toBe(2);
    expect(String(ws?.getRow(1).getCell(3).value)).toBe('Nombre / razón social');
    expect(String(ws?.getRow(2).getCell(1).value)).toBe(rut);
    expect(String(ws?.getRow(2).getCell(3).value)).toBe(`${name} Excel`);
  });

  test('creates a legal ficha with a representative and a beneficial owner', async ({ page }) => {
    const companyRut = newRut();
    const social = `Inversiones & Rentas ${Date.now()} Ltda`;
    await page.goto('/home/person/create?type=legal');
    await page.getByTestId('dni').fill(companyRut);
    await page.getByTestId('field-socialReason').fill(social);

    // the company's own document cannot be a related person's
    await page.getByTestId('related-dni').fill(companyRut);
    await page.getByTestId('related-name').fill('Luis');
    await page.getByTestId('related-fatherName').fill('Rojas');
    await page.getByTestId('related-add').click();
    await expect(page.getByText('El número de documento no puede ser el mismo que el del participante')).toBeVisible();

    const repRut = newRut();
    await addRelated(page, { dni: repRut, name: 'Luis', fatherName: 'Rojas' });
    // the same representative twice is refused
    await page.getByTestId('related-dni').fill(repRut);
    await page.getByTestId('related-name').fill('Luis');
    await page.getByTestId('related-fatherName').fill('Rojas');
    await page.getByTestId('related-add').click();
    await expect(page.getByText('Ya agregó este Representante Legal')).toBeVisible();

    const ownerRut = newRut();
    await choose(page, 'related-type', 'Beneficiario final');
    await page.getByTestId('related-dni').fill(ownerRut);
    await page.getByTestId('related-name').fill('Carla');
    await page.getByTestId('related-fatherName').fill('Muñoz');
    // letters are not typed into a percentage; 100 is not an ownership percentage
    await page.getByTestId('related-participation').pressSequentially('1x00');
    await expect(page.getByTestId('related-participation')).toHaveValue('100');
    await page.getByTestId('related-add').click();
    await expect(page.getByText('el porcentaje de propiedad debe ser mayor que 1 y menor que 100')).toBeVisible();
    await page.getByTestId('related-participation').fill('60.5');
    await page.getByTestId('related-add').click();
    await expect(page.getByTestId('related-table')).toContainText('Carla');

    await page.getByTestId('ficha-save').click();
    await expect(page.getByText('Ficha creada')).toBeVisible();
    await expect(page).toHaveURL(/\/home\/fichas\/[0-9a-f-]{36}$/);
    await page.getByRole('tab', { name: 'Personas relacionadas' }).click();
    await expect(page.getByTestId('representatives-table')).toContainText('Luis Rojas');
    await expect(page.getByTestId('representatives-table')).toContainText(repRut);
    await expect(page.getByTestId('declared-table')).toContainText('Carla Muñoz');
    await expect(page.getByTestId('declared-table')).toContainText('60.5%');
  });
});

test.describe('fichas as the Brazil admin, in Portuguese', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, demoUser('admin', 'br'));
  });

  test('creates a natural ficha with a CPF', async ({ page }) => {
    const cpf = newCpf();
    const name = `João ${tag()}`;
    await page.goto('/home/person/create?type=natural');
    await expect(page.getByText('Nova ficha de pessoa física')).toBeVisible();
    await expect(page.getByTestId('document-type')).toHaveValue('CPF');
    await page.getByTestId('dni').fill(cpf.replace(/\D/g, ''));
    await expect(page.getByTestId('dni-formatted')).toContainText(cpf);
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-fatherName').fill('da Silva');
    await page.getByTestId('ficha-save').click();
    await expect(page.getByText('Ficha criada')).toBeVisible();
    await expect(page.getByTestId('detail-dni')).toContainText(cpf);
  });

  test('creates a legal ficha with an alphanumeric CNPJ', async ({ page }) => {
    const cnpj = newAlphanumericCnpj();
    const social = `Comércio & Filhos ${Date.now()}`;
    await page.goto('/home/person/create?type=legal');
    await expect(page.getByText('Nova ficha de pessoa jurídica')).toBeVisible();
    await expect(page.getByTestId('document-type')).toHaveValue('CNPJ');
    await page.getByTestId('dni').fill(cnpj.replace(/[./-]/g, '').toLowerCase());
    await expect(page.getByTestId('dni-formatted')).toContainText(cnpj);
    await page.getByTestId('field-socialReason').fill(social);
    await page.getByTestId('ficha-save').click();
    await expect(page.getByText('Ficha criada')).toBeVisible();
    await expect(page.getByTestId('detail-dni')).toContainText(cnpj);

    await page.goto('/home/fichas');
    await page.getByTestId('fichas-search').fill(social);
    await expect(page.getByTestId('table-row').filter({ hasText: cnpj })).toHaveCount(1);
    await expect(page.getByTestId('pagination-text')).toContainText('Mostrando de 1 a 1 de 1 registros');
  });
});
