import { expect, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { adminToken, createOperation, linkIn, sendForm, stamp } from './support/form-visitor';
import { switchLanguage } from './support/languages';
import { createCompanyUser, login } from './support/users';

/*
 * Issue 25 point 5: the Forms panel says which rule asks for each form, with its values, and why a form is not
 * required, in the reader's language. An administrator of its own (the language is saved on the user: the shared demo
 * administrator keeps Spanish for the other workers' tests).
 */

const LOAD = { timeout: 20_000 };

test('the Forms panel explains each form in Spanish, then in English', async ({ page, request }) => {
  const body = String(76_000_000 + Math.floor(Math.random() * 3_000_000));
  const o = await createOperation(request, 'cl', {
    dni: formatRut(`${body}${rutCheckDigit(body)}`),
    type: 'legal',
    monto: 25_000,
    newFicha: { socialReason: 'Tecnología Aurora SpA', email: `reasons.${stamp()}@example.cl` },
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, await createCompanyUser(request, { country: 'cl', role: 'admin' }));
  await page.goto(`/home/records/operationDetail/${o.id}`);
  await page.getByTestId('tab-forms').click();

  const reasons = (type: string) => page.getByTestId(`form-row-0-${type}`).getByTestId(`reason-0-${type}`);
  await expect(reasons('formBF')).toHaveText(['Persona jurídica: declara quiénes son sus beneficiarios finales'], LOAD);
  await expect(reasons('formPep')).toHaveText(['No requerido: el participante no es PEP']);
  // the company asks the DOF on every amount (threshold 0), and the operation's due diligence by amount names its rule
  await expect(reasons('formDOFLegal').first()).toHaveText(
    'Monto del participante USD 25.000: la empresa pide la declaración en toda operación con monto (umbral 0)',
  );
  await expect(reasons('formDOFLegal').filter({ hasText: 'GAFI, Recomendación 10' })).toHaveText(
    'Debida diligencia de la operación: Operación ocasional sobre USD 15.000 (GAFI, Recomendación 10); operación de USD 25.000',
  );
  await page.getByTestId('forms-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('forms-reasons-es.png') });

  await switchLanguage(page, 'English');
  await expect(reasons('formBF')).toHaveText(['Legal person: declares who its beneficial owners are'], LOAD);
  await expect(reasons('formPep')).toHaveText(['Not required: the participant is not a PEP']);
  await expect(reasons('formDOFLegal').first()).toHaveText(
    "Participant's amount USD 25.000: the company asks for the declaration on every operation with an amount (threshold 0)",
  );
  await page.getByTestId('forms-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('forms-reasons-en.png') });
});

// a 1x1 PNG, for the three images of the signing steps
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a declaration the officer asked to be made again says so on the ficha and in the Forms panel', async ({
  page,
  request,
}) => {
  const email = `renew.${stamp()}@example.cl`;
  const body = String(12_000_000 + Math.floor(Math.random() * 8_000_000));
  const dni = `${body}-${rutCheckDigit(body)}`;
  const o = (await createOperation(request, 'cl', {
    dni,
    type: 'natural',
    monto: 900,
    newFicha: { name: 'Rosa', fatherName: 'Campos', email, nationality: 'CL' },
  })) as unknown as { id: string; associates: { fichaId: string }[] };
  // the participant signs a PEP declaration through the public calls (the browser flow is forms.spec's)
  await sendForm(request, 'cl', o.id, 0, 'formPep');
  const link = new URL(await linkIn(email));
  const formId = link.searchParams.get('form') as string;
  const key = link.searchParams.get('key') as string;
  expect((await request.post(`/api/forms/public/${formId}/identify`, { data: { key, dni } })).ok()).toBeTruthy();
  const filled = await request.post('/api/form-pep/public-filled', {
    data: {
      key,
      form: {
        id: formId,
        data: {
          fullName: 'Rosa Campos',
          document: dni,
          nationality: 'Chilena',
          address: 'Av. 1',
          isPep: 'no',
          isRelated: 'no',
        },
      },
    },
  });
  expect(filled.ok(), await filled.text()).toBeTruthy();
  for (const kind of ['photo', 'idPhoto', 'signature']) {
    const up = await request.post(`/api/forms/public/${formId}/image/${kind}?key=${key}`, {
      multipart: { file: { name: `${kind}.png`, mimeType: 'image/png', buffer: PNG } },
    });
    expect(up.ok(), await up.text()).toBeTruthy();
  }
  const signed = await request.post('/api/form-pep/public-signed', { data: { key, form: { id: formId } } });
  expect(signed.ok(), await signed.text()).toBeTruthy();
  const renew = await request.post(`/api/forms/${formId}/review`, {
    headers: { Authorization: `Bearer ${await adminToken(request, 'cl')}` },
    data: { decision: 'renew', reason: 'La firma no coincide con la cédula' },
  });
  expect(renew.ok(), await renew.text()).toBeTruthy();

  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, await createCompanyUser(request, { country: 'cl', role: 'admin' }));
  await page.goto(`/home/fichas/${o.associates[0]?.fichaId}`);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const asked = /^Nueva declaración pedida por .+ el \d{2}\/\d{2}\/\d{4}$/;
  const line = page.getByTestId('ficha-reason-formPep');
  await expect(line).toHaveText(asked, LOAD);
  await expect(page.getByTestId('ficha-form-formPep').getByTestId('form-status-required')).toBeVisible();
  await page.getByTestId('ficha-form-summary').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('ficha-reasons-es.png') });

  await page.goto(`/home/records/operationDetail/${o.id}`);
  await page.getByTestId('tab-forms').click();
  await expect(page.getByTestId('reason-0-formPep')).toHaveText([asked], LOAD);
});
