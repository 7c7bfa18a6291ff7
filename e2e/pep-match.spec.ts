import { type APIRequestContext, expect, test } from '@playwright/test';
import { formatRut, rutCheckDigit } from '../packages/shared/src/documents/index';
import { customerMatchingRegisterPerson } from './support/pep';
import { type Credentials, demoUser, login, SUPER_ADMIN } from './support/users';

/*
 * Issue 24, open point 1 (decisions 171 and 193): a customer whose name matches a person of the PEP register, with
 * another document. The front desk sees the register entry on the ficha's Lists tab without the buttons; the company
 * administrator confirms it is the same person, and the ficha then says "PEP hasta <date>: <position>, <institution>
 * (source)" on the match and on its summary; withdrawn, "not the same person" asks a reason and proposes the
 * dismissal. Screenshots of the open and the confirmed match at 1440x900 in Spanish.
 */

function newRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 14_999_999));
  return formatRut(`${body}${rutCheckDigit(body)}`);
}

async function token(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

test('the officer confirms a PEP register name match on the ficha; a role without the permission sees no button', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const letters = 'bcdfghjklmnpqrstvz';
  const stamp = Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
  const given = `Rosalía ${stamp[0]?.toUpperCase()}${stamp.slice(1)}`;

  // the register person (super administrator), with a RUT that is not the customer's
  const sa = { Authorization: `Bearer ${await token(request, SUPER_ADMIN)}` };
  const person = await request.post('/api/people', {
    headers: sa,
    data: {
      country: 'CL',
      dni: newRut(),
      name: `${given} Ugarte Mardones`,
      pepLevel: 1,
      position: 'Subsecretaria de Pesca',
      institution: 'Ministerio de Economía',
      officeStart: '2022-03-11',
      officeEnd: '2026-02-15',
    },
  });
  expect(person.ok(), await person.text()).toBeTruthy();
  const personId = ((await person.json()) as { id: string }).id;

  // the customer: same name, another RUT; the screening finds the register person by name only
  const admin = { Authorization: `Bearer ${await token(request, demoUser('admin', 'cl'))}` };
  const fichaId = await customerMatchingRegisterPerson(
    request,
    admin,
    {
      personType: 'natural',
      dni: newRut(),
      dniType: { country: 'CL', document: 'RUT' },
      name: given,
      fatherName: 'Ugarte',
      motherName: 'Mardones',
    },
    personId,
  );

  // the front desk reads the match, without the buttons
  const fd = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'es-CL' });
  await login(fd, demoUser('frontdesk', 'cl'));
  await fd.goto(`/home/fichas/${fichaId}`);
  await fd.getByRole('tab', { name: /^Listas/ }).click();
  const seen = fd.getByTestId('pep-match');
  await expect(seen).toBeVisible();
  await expect(seen.getByTestId('pep-match-position')).toHaveText('Subsecretaria de Pesca');
  await expect(seen.getByTestId('pep-match-undecided')).toBeVisible();
  await expect(fd.getByRole('button', { name: 'Confirmar que es la misma persona' })).toHaveCount(0);
  await expect(fd.getByRole('button', { name: 'No es la misma persona' })).toHaveCount(0);
  await fd.close();

  // the administrator confirms: the ficha is PEP by the confirmed match
  const co = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'es-CL' });
  await login(co, demoUser('admin', 'cl'));
  await co.goto(`/home/fichas/${fichaId}`);
  await co.getByRole('tab', { name: /^Listas/ }).click();
  const match = co.getByTestId('pep-match');
  await expect(match.getByTestId('pep-match-name')).toHaveText(`${given} Ugarte Mardones`);
  await expect(match).toContainText('Ministerio de Economía');
  await expect(match).toContainText('del 11/03/2022 al 15/02/2026');
  await expect(match.getByRole('button', { name: 'No es la misma persona' })).toBeVisible();
  await match.scrollIntoViewIfNeeded();
  await co.screenshot({ path: 'test-results/pep-match-open-es.png' });
  await match.getByRole('button', { name: 'Confirmar que es la misma persona' }).click();
  const line =
    'PEP hasta el 15/02/2027: Subsecretaria de Pesca, Ministerio de Economía (registro PEP, coincidencia confirmada)';
  await expect(match.getByTestId('pep-match-line')).toHaveText(line);
  await expect(match).toContainText('Confirmada: es la misma persona');
  await expect(match.getByRole('button', { name: 'Confirmar que es la misma persona' })).toHaveCount(0);
  await match.scrollIntoViewIfNeeded();
  await co.screenshot({ path: 'test-results/pep-match-confirmed-es.png' });
  await co.getByRole('tab', { name: 'Datos' }).click();
  await expect(co.getByTestId('detail-pep-line')).toHaveText(line);

  // withdrawn, then "not the same person" with a reason: the audited dismissal, proposed for a second reviewer
  await co.getByRole('tab', { name: /^Listas/ }).click();
  await match.getByRole('button', { name: 'Retirar la confirmación' }).click();
  await expect(match).toContainText('Por decidir');
  await expect(match.getByTestId('pep-match-line')).toHaveCount(0);
  await match.getByRole('button', { name: 'No es la misma persona' }).click();
  await co.getByTestId('dismiss-reason').click();
  await co.getByRole('option', { name: 'Es otra persona', exact: true }).click();
  await co.getByTestId('dismiss-text').fill('Otra fecha de nacimiento y otro RUT; no es la subsecretaria.');
  await co.getByRole('button', { name: 'Enviar' }).click();
  await expect(co.getByText('Propuesta enviada: otro usuario debe aprobarla')).toBeVisible();
  await expect(co.getByTestId('dismissal-pending')).toBeVisible();
  await expect(match.getByRole('button', { name: 'Confirmar que es la misma persona' })).toHaveCount(0);
  await expect(match.getByRole('button', { name: 'No es la misma persona' })).toHaveCount(0);
  await co.close();

  // audited: confirmed, then withdrawn
  const history = await request.get(`/api/fichas-clientes/${fichaId}/history?limit=100`, { headers: admin });
  const actions = ((await history.json()) as { data: { action: string }[] }).data.map((h) => h.action);
  expect(actions).toContain('ficha.pep.confirmed');
  expect(actions).toContain('ficha.pep.unconfirmed');
});
