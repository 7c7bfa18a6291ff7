import { expect, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { createOperation, stamp } from './support/form-visitor';
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

  await page.getByTestId('avatar-button').click();
  await page.getByTestId('language-switch').getByText('English').click();
  await page.keyboard.press('Escape');
  await expect(reasons('formBF')).toHaveText(['Legal person: declares who its beneficial owners are'], LOAD);
  await expect(reasons('formPep')).toHaveText(['Not required: the participant is not a PEP']);
  await expect(reasons('formDOFLegal').first()).toHaveText(
    "Participant's amount USD 25.000: the company asks for the declaration on every operation with an amount (threshold 0)",
  );
  await page.getByTestId('forms-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('forms-reasons-en.png') });
});
