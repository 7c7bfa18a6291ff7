import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { defaultTemplate } from '../apps/server/src/modules/forms/forms.templates';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import {
  adminToken,
  createOperation,
  FAKE_CAMERA,
  fillFromTemplate,
  linkIn,
  PHONE,
  sendForm,
  stamp,
  visitorSigns,
} from './support/form-visitor';
import { createCompanyUser, login } from './support/users';

/**
 * A company signs through a named person (issue 25 point 4, decision 189): a Chilean company's legal DOF, signed on a
 * phone by the legal representative the company has on record (offered on the signer step and marked as on record);
 * the signed PDF names her for the company, and the officer's Forms panel says who signed, with no difference to
 * review. Screenshots of the signer step at 390x844 and 1440x900, in Spanish.
 */
test.use({ launchOptions: FAKE_CAMERA });
test.setTimeout(360_000);

const rut = (from: number) => {
  const body = String(from + Math.floor(Math.random() * 900_000));
  return formatRut(`${body}${rutCheckDigit(body)}`);
};

test("a Chilean legal DOF signed on a phone by the company's legal representative: the PDF says who signed for whom", async ({
  request,
  browser,
  page,
}) => {
  const dni = rut(76_000_000);
  const repDni = rut(12_000_000);
  const email = `signer.${stamp()}@example.test`;
  const o = (await createOperation(
    request,
    'cl',
    { dni, type: 'legal', monto: 30_000_000, newFicha: { socialReason: 'Exportadora Ñandú SpA', email } },
    { divisa: 'CLP', referenceNumber: `REF-${stamp()}` },
  )) as unknown as { id: string; associates: { dni: string; fichaId: string }[] };
  const token = await adminToken(request, 'cl');
  const added = await request.post('/api/fichas-clientes/create-legal-representatives', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      fichaId: o.associates[0]?.fichaId,
      legalRepresentatives: [{ dni: repDni, name: 'Rosa Elena', fatherName: 'Vidal' }],
    },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  await sendForm(request, 'cl', o.id, 0, 'formDOFLegal');
  const link = await linkIn(email);
  const template = defaultTemplate('formDOFLegal', 1, 'es');
  const shots = path.join(process.env.E2E_SHOTS ?? 'test-results', 'forms-signer');
  fs.mkdirSync(shots, { recursive: true });

  const signed = await visitorSigns(browser, link, dni, {
    locale: 'es-CL',
    viewport: PHONE,
    fill: (p) =>
      fillFromTemplate(p, template, {
        activity: 'Exportación de frutas',
        address: 'Av. Apoquindo 4500, Las Condes',
        representativeName: 'Rosa Elena Vidal',
        representativeDocument: repDni,
        origin: 'business',
        originDetail: 'Ventas de la temporada',
      }),
    signer: async (p) => {
      await expect(p.getByTestId('step-title')).toHaveText('Firmante');
      const known = p.getByTestId('signer-known');
      await expect(known).toHaveCount(1);
      await expect(known).toContainText('Rosa Elena Vidal');
      await expect(known).toContainText(repDni);
      await expect(known).toContainText('Registrado');
      // the representative on record is the one chosen by default
      await expect(known.locator('input')).toBeChecked();
      await p.screenshot({ path: path.join(shots, 'es-390x844-signer.png'), fullPage: true });
      await p.setViewportSize({ width: 1440, height: 900 });
      await p.screenshot({ path: path.join(shots, 'es-1440x900-signer.png'), fullPage: true });
      // another person shows the fields to enter, and says it stays unverified
      await p.getByTestId('signer-other').locator('input').check();
      // started with the representative the answers named
      await expect(p.getByTestId('signer-name')).toHaveValue('Rosa Elena Vidal');
      await expect(p.getByTestId('signer-document')).toHaveValue(repDni);
      await expect(p.getByText('no verificado')).toBeVisible();
      await p.screenshot({ path: path.join(shots, 'es-1440x900-signer-other.png'), fullPage: true });
      await known.locator('input').check();
      await p.setViewportSize(PHONE);
    },
  });
  const flat = signed.text.replace(/\n/g, ' ');
  const line = `Firmado por Rosa Elena Vidal, ${repDni}, representante legal, en representación de Exportadora Ñandú SpA, ${dni}`;
  expect(flat).toContain(line);
  expect(flat).toContain('Representante legal registrado por');
  // the declaration of the DOF: the origin of the funds
  expect(flat).toContain((template.declaration ?? '').split(' ').slice(0, 8).join(' '));

  // the officer's Forms panel says who signed, as on record, and lists no difference about the signer
  const panel = await request.get(`/api/forms/operation/${o.id}`, { headers: { Authorization: `Bearer ${token}` } });
  const entry = (await panel.json())[0].forms.find((f: { type: string }) => f.type === 'formDOFLegal');
  expect(entry.signer).toMatchObject({ name: 'Rosa Elena Vidal', source: 'ficha', capacity: 'legalRepresentative' });
  expect(entry.findings.map((x: { code: string }) => x.code)).not.toContain('signerNotRepresentative');

  // and the officer reads it on the operation's Forms panel, in words
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, await createCompanyUser(request, { country: 'cl', role: 'admin' }));
  await page.goto(`/home/records/operationDetail/${o.id}`);
  await page.getByTestId('tab-forms').click();
  const signer = page.getByTestId('diligence-0-formDOFLegal-signer');
  await expect(signer).toHaveText(
    `Firmado por Rosa Elena Vidal, ${repDni}, representante legal (registrado en la ficha de la empresa)`,
    { timeout: 30_000 },
  );
  await page.getByTestId('forms-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'es-1440x900-forms-panel.png') });
  // the administrator may accept the signed declaration; front desk reads the same diligence without the buttons
  // (declarationReview of the permission table: front desk sends the forms, it does not accept them; decision 259)
  await expect(page.getByTestId('diligence-0-formDOFLegal-accept')).toBeVisible();
  const deskContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await deskContext.newPage();
  await login(desk, await createCompanyUser(request, { country: 'cl', role: 'frontdesk' }));
  await desk.goto(`/home/records/operationDetail/${o.id}`);
  await desk.getByTestId('tab-forms').click();
  await expect(desk.getByTestId('diligence-0-formDOFLegal-signer')).toBeVisible({ timeout: 30_000 });
  await expect(desk.getByTestId('diligence-0-formDOFLegal-accept')).toHaveCount(0);
  await deskContext.close();
});
