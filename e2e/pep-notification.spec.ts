import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { cnpjCheckDigits } from '../packages/shared/src/documents/cnpj';
import { cpfCheckDigits } from '../packages/shared/src/documents/cpf';
import { type Lang, SIZES, SWITCH, switchLanguage } from './support/languages';
import { customerMatchingRegisterPerson } from './support/pep';
import { type Credentials, createCompanyUser, demoUser, login, SUPER_ADMIN } from './support/users';

/*
 * Issue 24 (decisions 171, 193, 196, 197), in a Brazilian company, read in Portuguese, English and Spanish at 1440x900
 * and 1280x800:
 * - a new-match notification of the PEP register opens its hit drawer with the match decision of the ficha's Lists
 *   tab: "confirm it is the same person" (the screening reviewers' permission, the same audited call); once
 *   confirmed, the drawer says the ficha's PEP line;
 * - the PEP match panel on the ficha's Lists tab;
 * - Brazil's close associate by joint ownership (decision 196): the partner of a company a PEP also holds reads
 *   "PEP until <date>: close associate of <PEP> by joint ownership of <company>: <position>, <institution> (source)"
 *   on its summary and in its history.
 * Every role that reads the customers' notifications (admin, adminNoUser, userMonitoring) holds the permission, so no
 * role reaches this drawer without it; the ficha's Lists tab spec (pep-match.spec.ts) shows the front desk's view.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const LANGS: Lang[] = ['pt-BR', 'en', 'es'];

const T = {
  'pt-BR': {
    lists: /^Listas/,
    summary: 'Dados',
    history: 'Histórico',
    confirm: 'Confirmar que é a mesma pessoa',
    notSame: 'Não é a mesma pessoa',
    toDecide: 'A decidir',
    confirmed: 'Confirmada: é a mesma pessoa',
    open: 'Ver detalhe',
    confirmedLine:
      /^PEP até 01\/02\/2030: Deputada Estadual, Assembleia Legislativa \(cadastro PEP, coincidência confirmada\)$/,
    joint:
      /^PEP até \d\d\/\d\d\/\d{4}: estreito colaborador de Helena .+ por participação conjunta em Prates .+ Ltda: Deputada federal, Câmara dos Deputados \(participação conjunta com uma PEP\)$/,
    jointHistory:
      /estreito colaborador de Helena .+ por participação conjunta em Prates .+ Motivo: mudou uma relação com uma PEP/,
  },
  en: {
    lists: /^Lists/,
    summary: 'Data',
    history: 'History',
    confirm: 'Confirm it is the same person',
    notSame: 'Not the same person',
    toDecide: 'To decide',
    confirmed: 'Confirmed: the same person',
    open: 'See detail',
    confirmedLine:
      /^PEP until 01\/02\/2030: Deputada Estadual, Assembleia Legislativa \(PEP register, confirmed match\)$/,
    joint:
      /^PEP until \d\d\/\d\d\/\d{4}: close associate of Helena .+ by joint ownership of Prates .+ Ltda: Deputada federal, Câmara dos Deputados \(joint ownership with a PEP\)$/,
    jointHistory: /close associate of Helena .+ by joint ownership of Prates .+ Cause: a relation to a PEP changed/,
  },
  es: {
    lists: /^Listas/,
    summary: 'Datos',
    history: 'Historial',
    confirm: 'Confirmar que es la misma persona',
    notSame: 'No es la misma persona',
    toDecide: 'Por decidir',
    confirmed: 'Confirmada: es la misma persona',
    open: 'Ver detalle',
    confirmedLine:
      /^PEP hasta el 01\/02\/2030: Deputada Estadual, Assembleia Legislativa \(registro PEP, coincidencia confirmada\)$/,
    joint:
      /^PEP hasta el \d\d\/\d\d\/\d{4}: asociado cercano de Helena .+ por participación conjunta en Prates .+ Ltda: Deputada federal, Câmara dos Deputados \(participación conjunta con una PEP\)$/,
    jointHistory:
      /asociado cercano de Helena .+ por participación conjunta en Prates .+ Motivo: cambió una relación con una PEP/,
  },
} as const;

let seq = 700_000_000 + Math.floor(Math.random() * 90_000_000);
const cpf = () => {
  const base = String(seq++).padStart(9, '0');
  return `${base}${cpfCheckDigits(base)}`;
};
const cnpj = () => {
  const base = `${String(seq++).padStart(8, '0').slice(-8)}0001`;
  return `${base}${cnpjCheckDigits(base)}`;
};
const stampOf = () => {
  const letters = 'bcdfghjklmnpqrstvz';
  const s = Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
  return `${s[0]?.toUpperCase()}${s.slice(1)}`;
};

async function bearer(request: APIRequestContext, c: Credentials) {
  const res = await request.post('/api/users/login', { data: { email: c.email, password: c.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function post(request: APIRequestContext, headers: Record<string, string>, url: string, data: unknown) {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as { id: string };
}

/** Screenshots at both sizes, with `focus` (what the picture is about) scrolled into view at each. */
async function shoot(page: Page, name: string, focus: Locator) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

test('Brazil: the PEP match decided from the notification drawer, the Lists tab panel and the joint-ownership line, in three languages', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const stamp = stampOf();
  const given = `Marisa ${stamp}`;
  const sa = await bearer(request, SUPER_ADMIN);
  const admin = await bearer(request, demoUser('admin', 'br'));

  // a person of the PEP register (Brazil: five years after office) with another CPF than the customer's
  const person = await post(request, sa, '/api/people', {
    country: 'BR',
    dni: cpf(),
    name: `${given} Queiroz Bastos`,
    pepLevel: 1,
    position: 'Deputada Estadual',
    institution: 'Assembleia Legislativa',
    officeStart: '2019-02-01',
    officeEnd: '2025-02-01',
  });
  // the customer: the same name; the screening finds the register person by name only, and notifies it
  const fichaId = await customerMatchingRegisterPerson(
    request,
    admin,
    {
      personType: 'natural',
      dni: cpf(),
      dniType: { country: 'BR' },
      name: given,
      fatherName: 'Queiroz',
      motherName: 'Bastos',
    },
    person.id,
  );
  const filter = encodeURIComponent(JSON.stringify({ where: { fichaId } }));
  await expect
    .poll(async () => {
      const res = await request.get(`/api/notifications?filter=${filter}`, { headers: admin });
      const rows = (await res.json()) as { kind: string; data: unknown }[];
      return rows.some((n) => n.kind === 'monitoring.match' && JSON.stringify(n.data).includes(person.id));
    })
    .toBe(true);

  // Brazil's close associate: a company held by a PEP and by a partner
  const company = `Prates ${stamp} Ltda`;
  const legal = await post(request, admin, '/api/fichas-clientes', {
    personType: 'legal',
    dni: cnpj(),
    dniType: { country: 'BR' },
    socialReason: company,
  });
  const pep = await post(request, admin, '/api/fichas-clientes', {
    personType: 'natural',
    dni: cpf(),
    dniType: { country: 'BR' },
    name: `Helena ${stamp}`,
    fatherName: 'Prates',
    pepStatus: 'direct',
    pepExpiration: '2031-06-30',
    position: 'Deputada federal',
    employer: 'Câmara dos Deputados',
  });
  const partner = await post(request, admin, '/api/fichas-clientes', {
    personType: 'natural',
    dni: cpf(),
    dniType: { country: 'BR' },
    name: `Otávio ${stamp}`,
    fatherName: 'Sócio',
  });
  await post(request, admin, '/api/ficha-relationship', {
    fichaId: legal.id,
    relatedFichaId: pep.id,
    relationType: 'partners',
    participation: 60,
  });
  await post(request, admin, '/api/ficha-relationship', {
    fichaId: legal.id,
    relatedFichaId: partner.id,
    relationType: 'partners',
    participation: 40,
  });

  // a monitoring user of its own (the language is stored on the user)
  const user = await createCompanyUser(request, { country: 'br', role: 'userMonitoring' });
  await login(page, user);

  const openDrawer = async () => {
    await page.goto('/home/notifications');
    await page.getByTestId('notifications-search').fill(given);
    const row = page.getByTestId('notifications-table').getByRole('row').filter({ hasText: given }).first();
    await row.getByTestId('notification-hit').click();
    const drawer = page.getByTestId('hit-detail');
    await expect(drawer).toBeVisible();
    return drawer.getByTestId('pep-match');
  };

  for (const lang of LANGS) {
    await switchLanguage(page, lang);
    const t = T[lang];
    // the drawer, the match still to decide
    const panel = await openDrawer();
    await expect(panel).toContainText(t.toDecide);
    await expect(panel.getByRole('button', { name: t.confirm })).toBeVisible();
    await expect(panel.getByRole('button', { name: t.notSame })).toBeVisible();
    await shoot(page, `pep-drawer-open-${lang}`, panel.getByRole('button', { name: t.confirm }));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('hit-detail')).toHaveCount(0);

    // the ficha's Lists tab panel
    await page.goto(`/home/fichas/${fichaId}`);
    await page.getByRole('tab', { name: t.lists }).click();
    const listPanel = page.getByTestId('pep-match');
    await expect(listPanel.getByTestId('pep-match-position')).toHaveText('Deputada Estadual');
    await shoot(page, `pep-lists-panel-${lang}`, listPanel);

    // the partner's PEP line and its history line in words
    await page.goto(`/home/fichas/${partner.id}`);
    await expect(page.getByTestId('detail-pep-line')).toHaveText(t.joint);
    await shoot(page, `pep-joint-summary-${lang}`, page.getByTestId('detail-pep-line'));
    await page.getByRole('tab', { name: t.history }).click();
    await expect(page.getByText(t.jointHistory).first()).toBeVisible();
    await shoot(page, `pep-joint-history-${lang}`, page.getByText(t.jointHistory).first());
  }

  // confirmed from the drawer (Spanish, the language left): the ficha's PEP line, in each language
  const panel = await openDrawer();
  await panel.getByRole('button', { name: T.es.confirm }).click();
  await expect(panel.getByTestId('pep-match-line')).toHaveText(T.es.confirmedLine);
  await expect(panel).toContainText(T.es.confirmed);
  await expect(panel.getByRole('button', { name: T.es.confirm })).toHaveCount(0);
  // the drawer closed (its close button sits over the account menu)
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('hit-detail')).toHaveCount(0);
  for (const lang of LANGS) {
    await switchLanguage(page, lang);
    const again = await openDrawer();
    await expect(again.getByTestId('pep-match-line')).toHaveText(T[lang].confirmedLine);
    await shoot(page, `pep-drawer-confirmed-${lang}`, again.getByTestId('pep-match-line'));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('hit-detail')).toHaveCount(0);
  }

  // audited on the ficha, by the monitoring user
  const history = await request.get(`/api/fichas-clientes/${fichaId}/history?limit=100`, { headers: admin });
  const rows = ((await history.json()) as { data: { action: string; userName: string | null }[] }).data;
  expect(rows.find((h) => h.action === 'ficha.pep.confirmed')?.userName).toBe(user.name);
  const view = await request.get(`/api/fichas-clientes/${fichaId}`, { headers: admin });
  expect(await view.json()).toMatchObject({ pepStatus: 'direct', pep: { source: 'registerConfirmed' } });
});
