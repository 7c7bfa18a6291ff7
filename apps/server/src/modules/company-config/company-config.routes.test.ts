import { rutCheckDigit } from '@regcheck/shared/documents/index';
import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';
import { fileUpload } from '../../../test/multipart';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let seq = 21_000_000;
const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/MediaBox[0 0 10 10]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
);

const multipart = (file: { name: string; bytes: Buffer; type: string }, fields: Record<string, string> = {}) =>
  fileUpload(file.name, file.bytes, file.type, { fields });

async function newCompany(name: string, country = 'CL') {
  const res = await t.post('superAdmin', '/api/companies', { name, country });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const audits = (companyId: string, action: string) =>
  t.deps.db
    .selectFrom('auditLog')
    .select(['before', 'after', 'userId'])
    .where('companyId', '=', companyId)
    .where('action', '=', action as 'company.updated')
    .orderBy('createdAt')
    .execute();

describe('the company tabs are the super administrator’s', () => {
  it('401 without a session, 403 for a company administrator, 404 for an unknown company', async () => {
    const gets = ['business-rules', 'file-config', 'tags-config', 'list-controls', 'signatures'];
    for (const tab of gets) {
      const url = `/api/companies/${t.companies.cl}/${tab}`;
      expect((await t.call({ method: 'GET', url })).statusCode, tab).toBe(401);
      expect((await t.get('admin', url)).statusCode, tab).toBe(403);
      expect((await t.get('superAdmin', `/api/companies/${UNKNOWN}/${tab}`)).statusCode, tab).toBe(404);
    }
    const patch = await t.patch('admin', `/api/companies/${t.companies.cl}/business-rules`, { roeThresholdUsd: 1 });
    expect(patch.statusCode).toBe(403);
  });
});

describe('business rules (businessRulesControl)', () => {
  it('answers the defaults, stores a change in one audited row, and the declaration window is the form rules’', async () => {
    const id = t.companies.br;
    const url = `/api/companies/${id}/business-rules`;
    const defaults = await t.get('superAdmin', url);
    // a Brazilian company: the ROE's and Circular 59's amounts are Chile's rules, null here (decision 159)
    expect(defaults.json()).toEqual({
      roeThresholdUsd: null,
      ddOccasionalUsd: 15_000,
      ddWireUsd: null,
      beneficialOwnerThreshold: 10,
      beneficialOwnerInclusive: true,
      declarationWindowDays: 365,
      screeningThreshold: 0.7,
      monitoringDay: 1,
      reviewYearsHigh: 1,
      reviewYearsMedium: 2,
      reviewYearsLow: 3,
      coafCashThresholdBrl: 50_000,
      coafNonOccurrence: false,
      // Brazil's PEP rule: 5 years after office (decision 170)
      pepYearsAfterOffice: 5,
    });
    const bad = await t.call({
      as: 'superAdmin',
      method: 'PATCH',
      url,
      payload: { beneficialOwnerThreshold: 150 },
      headers: { 'accept-language': 'es' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('beneficialOwnerThreshold');
    expect(bad.json().message).toContain('beneficialOwnerThreshold');

    const changed = await t.patch('superAdmin', url, {
      coafCashThresholdBrl: 60_000,
      beneficialOwnerThreshold: 25,
      beneficialOwnerInclusive: false,
      declarationWindowDays: 180,
      screeningThreshold: 0.85,
      monitoringDay: 15,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      beneficialOwnerThreshold: 25,
      declarationWindowDays: 180,
      monitoringDay: 15,
    });
    // where each rule is read: the company's settings and its form rules
    const company = await t.get({ as: 'admin', company: 'br' }, `/api/companies/${id}`);
    expect(company.json().settings).toMatchObject({
      coafCashThresholdBrl: 60_000,
      beneficialOwnerThreshold: 25,
      beneficialOwnerInclusive: false,
      screeningThreshold: 0.85,
      monitoringDay: 15,
    });
    const form = await t.get({ as: 'admin', company: 'br' }, `/api/companies/form/${id}`);
    expect(form.json().updateWindowDays).toBe(180);
    const rows = await audits(id, 'company.businessRules.changed');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.before).toMatchObject({ beneficialOwnerThreshold: 10, declarationWindowDays: 365 });
    expect(rows[0]?.after).toMatchObject({ beneficialOwnerThreshold: 25, declarationWindowDays: 180 });
    // a new beneficial-owner rule rates the company's fichas again
    const jobs = await t.deps.db
      .selectFrom('jobs')
      .select('name')
      .where('name', '=', 'risk.recalculateCompany')
      .where('singletonKey', '=', `risk:${id}`)
      .execute();
    expect(jobs.length).toBeGreaterThan(0);
  });
});

describe("rules of one country's regulation (decision 159)", () => {
  it('a Brazilian company has no ROE nor wire-transfer amount and a Chilean one no COAF rule: null in the rules, a value refused naming the field in es, pt-BR and en, nothing stored or audited', async () => {
    const br = await newCompany('Banco Regras BR', 'BR');
    const cl = await newCompany('Banco Reglas CL', 'CL');
    const rulesOf = async (id: string) => (await t.get('superAdmin', `/api/companies/${id}/business-rules`)).json();
    expect(await rulesOf(br)).toMatchObject({ roeThresholdUsd: null, ddWireUsd: null, coafCashThresholdBrl: 50_000 });
    expect(await rulesOf(cl)).toMatchObject({
      roeThresholdUsd: 10_000,
      ddWireUsd: 1_000,
      coafCashThresholdBrl: null,
      coafNonOccurrence: null,
    });
    const refused = [
      [br, { ddWireUsd: 2_000 }, 'ddWireUsd'],
      [br, { roeThresholdUsd: 5_000 }, 'roeThresholdUsd'],
      [cl, { coafCashThresholdBrl: 40_000 }, 'coafCashThresholdBrl'],
      [cl, { coafNonOccurrence: true }, 'coafNonOccurrence'],
    ] as const;
    for (const [id, payload, field] of refused) {
      const messages = new Set<string>();
      for (const lang of ['es', 'pt-BR', 'en']) {
        const res = await t.call({
          as: 'superAdmin',
          method: 'PATCH',
          url: `/api/companies/${id}/business-rules`,
          payload: { ...payload, monitoringDay: 9 },
          headers: { 'accept-language': lang },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE_NOT_FOR_COUNTRY', field });
        messages.add(res.json().message);
      }
      expect(messages.size).toBe(3);
    }
    // nothing half-written: the rule given beside the refused one was not stored either
    expect((await rulesOf(br)).monitoringDay).toBe(1);
    expect(await audits(br, 'company.businessRules.changed')).toHaveLength(0);
    // the company settings route refuses the same, naming the setting
    const put = await t.patch('superAdmin', `/api/companies/${br}`, { settings: { ddWireUsd: 2_000 } });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json()).toMatchObject({ code: 'BUSINESS_RULE_NOT_FOR_COUNTRY', field: 'settings.ddWireUsd' });
    const created = await t.post('superAdmin', '/api/companies', {
      name: 'Banco Novo CL',
      country: 'CL',
      settings: { coafCashThresholdBrl: 10_000 },
    });
    expect(created.json()).toMatchObject({
      code: 'BUSINESS_RULE_NOT_FOR_COUNTRY',
      field: 'settings.coafCashThresholdBrl',
    });
    // each country's own rules are still set
    const own = await t.patch('superAdmin', `/api/companies/${cl}/business-rules`, {
      ddWireUsd: 2_000,
      roeThresholdUsd: 9_000,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ ddWireUsd: 2_000, roeThresholdUsd: 9_000, coafCashThresholdBrl: null });
  });
});

describe('beneficial-owner threshold bound by country (DOMAIN.md: Brazil never above 25%)', () => {
  it('a Brazilian company refuses a threshold above 25% naming the field, keeps its rule and writes no audit row', async () => {
    const id = await newCompany('Banco Limite BR', 'BR');
    const url = `/api/companies/${id}/business-rules`;
    const messages: Record<string, string> = {};
    for (const lang of ['es', 'pt-BR', 'en']) {
      const res = await t.call({
        as: 'superAdmin',
        method: 'PATCH',
        url,
        payload: { beneficialOwnerThreshold: 30 },
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BENEFICIAL_OWNER_THRESHOLD_ABOVE_BOUND',
        field: 'beneficialOwnerThreshold',
      });
      expect(res.json().message).toContain('25%');
      messages[lang] = res.json().message;
    }
    expect(new Set(Object.values(messages)).size).toBe(3);
    expect((await t.get('superAdmin', url)).json().beneficialOwnerThreshold).toBe(10);
    expect(await audits(id, 'company.businessRules.changed')).toHaveLength(0);
    const edge = await t.patch('superAdmin', url, { beneficialOwnerThreshold: 25 });
    expect(edge.statusCode, edge.body).toBe(200);
    expect(edge.json().beneficialOwnerThreshold).toBe(25);
    const over = await t.patch('superAdmin', url, { beneficialOwnerThreshold: 25.01 });
    expect(over.statusCode).toBe(400);
  });

  it('the company settings route and a new Brazilian company meet the same bound; Chile keeps its own rule', async () => {
    const created = await t.post('superAdmin', '/api/companies', {
      name: 'Banco Novo BR',
      country: 'BR',
      settings: { beneficialOwnerThreshold: 30 },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      code: 'BENEFICIAL_OWNER_THRESHOLD_ABOVE_BOUND',
      field: 'settings.beneficialOwnerThreshold',
    });
    const id = await newCompany('Banco Ajuste BR', 'BR');
    const put = await t.patch('superAdmin', `/api/companies/${id}`, { settings: { beneficialOwnerThreshold: 40 } });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().field).toBe('settings.beneficialOwnerThreshold');
    // Chile: the threshold and its inclusiveness are company settings (DOMAIN.md states no upper bound)
    const cl = await newCompany('Financiera Umbral CL', 'CL');
    const chile = await t.patch('superAdmin', `/api/companies/${cl}/business-rules`, { beneficialOwnerThreshold: 30 });
    expect(chile.statusCode, chile.body).toBe(200);
    expect(chile.json().beneficialOwnerThreshold).toBe(30);
    // a Chilean company with 30% cannot become Brazilian without lowering its threshold
    const move = await t.patch('superAdmin', `/api/companies/${cl}`, { country: 'BR' });
    expect(move.statusCode, move.body).toBe(400);
    expect(move.json().code).toBe('BENEFICIAL_OWNER_THRESHOLD_ABOVE_BOUND');
  });
});

describe('file rules (fileConfig), enforced by the uploads of fichas', () => {
  it('a company that accepts PNG up to 1 MB takes an image and refuses a larger PDF; the default refuses images', async () => {
    const id = t.companies.cl;
    const bad = await t.put('superAdmin', `/api/companies/${id}/file-config`, {
      maxDocumentMb: 40,
      documentTypes: ['pdf'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('maxDocumentMb');
    const ficha = await postFicha(t, {
      personType: 'natural',
      dni: rut(),
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Ana',
      fatherName: 'Archivo',
    });
    const upload = (bytes: Buffer, name: string, type: string) =>
      t.call({
        as: 'admin',
        method: 'POST',
        url: `/api/files/ficha/general/${ficha.json().id}`,
        ...multipart({ name, bytes, type }),
      });
    const before = await upload(PNG, 'id.png', 'image/png');
    expect(before.statusCode).toBe(400);
    expect(before.json().code).toBe('FILE_FORMAT');

    const put = await t.put('superAdmin', `/api/companies/${id}/file-config`, {
      maxDocumentMb: 1,
      documentTypes: ['pdf', 'png'],
    });
    expect(put.statusCode, put.body).toBe(200);
    // the session reads the company at each request: the rule applies at once
    const png = await upload(PNG, 'id.png', 'image/png');
    expect(png.statusCode, png.body).toBe(200);
    const served = await t.get('admin', png.json().url);
    expect(served.headers['content-type']).toBe('image/png');
    const big = await upload(Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]), 'big.pdf', 'application/pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE', field: 'file' });
    // a signed-in user reads the company's language (Spanish for the Chilean demo company)
    expect(big.json().message).toBe('Archivo demasiado grande: el tamaño máximo en esta empresa es 1 MB');
    const jpg = await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'x.jpg', 'image/jpeg');
    expect(jpg.json()).toMatchObject({ code: 'UPLOAD_TYPE_NOT_ALLOWED' });
    expect(jpg.json().message).toBe('Formato de archivo incorrecto: esta empresa acepta documentos PDF, PNG');
    expect((await audits(id, 'company.fileConfig.changed')).at(-1)?.after).toEqual({
      maxDocumentMb: 1,
      documentTypes: ['pdf', 'png'],
    });
  });
});

describe('operation tags switch (tagsConfiguration)', () => {
  it('switched off, a new operation with tags is refused naming the field; without tags it is created', async () => {
    const id = await newCompany('Etiquetas SpA');
    const cfg = `/api/companies/${id}/tags-config`;
    expect((await t.get('superAdmin', cfg)).json()).toEqual({
      operationTagsEnabled: true,
    });
    const off = await t.put('superAdmin', cfg, { operationTagsEnabled: false });
    expect(off.json()).toEqual({ operationTagsEnabled: false });
    const company = await t.get('superAdmin', `/api/companies/${id}`);
    expect(company.json().settings.tags).toEqual({ operation: { enabled: false } });
    expect(await audits(id, 'company.tagsConfig.changed')).toHaveLength(1);

    // the demo company: switch its operation tags off and try
    const demo = `/api/companies/${t.companies.cl}/tags-config`;
    await t.put('superAdmin', demo, { operationTagsEnabled: false });
    const participant = {
      dni: rut(),
      type: 'natural',
      monto: 1000,
      efective: 0,
      newFicha: { name: 'Ana', fatherName: 'Tag' },
    };
    const base = { transactionType: 'Compraventa', divisa: 'CLP', associates: [participant] };
    const tagged = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/consultations',
      payload: { ...base, tags: [{ name: 'VIP' }] },
      headers: { 'accept-language': 'es' },
    });
    expect(tagged.statusCode).toBe(400);
    expect(tagged.json()).toMatchObject({ code: 'OPERATION_TAGS_DISABLED', field: 'tags' });
    expect(tagged.json().message).toBe('Las etiquetas de operaciones están desactivadas en esta empresa');
    const plain = await t.post('admin', '/api/consultations', {
      ...base,
      associates: [{ ...participant, dni: rut() }],
    });
    expect(plain.statusCode, plain.body).toBe(200);
    await t.put('superAdmin', demo, { operationTagsEnabled: true });
  });
});

describe('the company’s tag catalogue (tagsConfiguration)', () => {
  it('the super administrator adds, renames and deletes a company’s tags; another company’s tag is a 404', async () => {
    const url = `/api/companies/${t.companies.br}/tags`;
    expect((await t.get({ as: 'admin', company: 'br' }, url)).statusCode).toBe(403);
    const added = await t.post('superAdmin', url, { name: 'Alto valor', appliesTo: 'operations' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ name: 'Alto valor', appliesTo: 'operations', companyId: t.companies.br });
    const dup = await t.post('superAdmin', url, { name: 'Alto valor', appliesTo: 'operations' });
    expect(dup.statusCode).toBe(409);
    const renamed = await t.patch('superAdmin', `${url}/${added.json().id}`, { name: 'Valor alto', active: false });
    expect(renamed.json()).toMatchObject({ name: 'Valor alto', active: false });
    const elsewhere = await t.patch('superAdmin', `/api/companies/${t.companies.cl}/tags/${added.json().id}`, {
      name: 'X',
    });
    expect(elsewhere.statusCode).toBe(404);
    const listed = await t.get('superAdmin', url);
    expect(listed.json()).toEqual([expect.objectContaining({ name: 'Valor alto', records: 0 })]);
    // the company's own users see it in their catalogue
    const own = await t.get({ as: 'admin', company: 'br' }, '/api/tags');
    expect(own.json().map((x: { name: string }) => x.name)).toContain('Valor alto');
    const removed = await t.del('superAdmin', `/api/tags/${added.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.get('superAdmin', url)).json()).toEqual([]);
    const actions = (
      await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', added.json().id).execute()
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['tag.created', 'tag.updated', 'tag.deleted']));
  });
});

describe('lists that screen the company (riskController)', () => {
  it('a list switched off no longer screens the company; weights are stored; an unknown list is a 404', async () => {
    const url = `/api/companies/${t.companies.cl}/list-controls`;
    const rows = (await t.get('superAdmin', url)).json() as {
      listId: string;
      enabled: boolean;
      weight: number;
      defaultWeight: number;
    }[];
    const interest = rows.find((r) => r.listId === 'interest');
    expect(interest).toMatchObject({ enabled: true, customised: false });
    expect(rows.find((r) => r.listId === 'ofac')).toMatchObject({ enabled: true, weight: 3, defaultWeight: 3 });

    const dni = rut();
    const li = await t.post('admin', '/api/list-interns', {
      dni,
      name: 'Comercial Halcón Limitada',
      personType: 'legal',
      reason: 'Prensa',
    });
    expect(li.statusCode, li.body).toBe(200);
    const search = async () =>
      (await t.post('admin', '/api/search/individual', { dni })).json() as {
        lists: { listId: string; coincidence: boolean }[];
      };
    expect((await search()).lists.find((l) => l.listId === 'interest')?.coincidence).toBe(true);

    const off = await t.put('superAdmin', `${url}/interest`, { control: { enabled: false, weight: 2 } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ listId: 'interest', enabled: false, weight: 2, customised: true });
    expect((await search()).lists.find((l) => l.listId === 'interest')).toBeUndefined();

    const weight = await t.put('superAdmin', `${url}/ofac`, { control: { enabled: true, weight: 1 } });
    expect(weight.json()).toMatchObject({ weight: 1, defaultWeight: 3 });
    const back = await t.put('superAdmin', `${url}/interest`, { control: null });
    expect(back.json()).toMatchObject({ enabled: true, customised: false });
    expect((await search()).lists.find((l) => l.listId === 'interest')?.coincidence).toBe(true);

    const unknown = await t.put('superAdmin', `${url}/nope`, { control: { enabled: false, weight: 1 } });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.put('superAdmin', `${url}/ofac`, { control: { enabled: true, weight: 7 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toContain('weight');
    const changes = await audits(t.companies.cl, 'company.listControl.changed');
    expect(changes.map((c) => (c.after as { listId: string }).listId)).toEqual(['interest', 'ofac', 'interest']);
  });
});

describe('company signatures', () => {
  it('adds, lists in order, changes; deleting the active first leaves the remaining first one inactive', async () => {
    const id = await newCompany('Firmas SpA');
    const url = `/api/companies/${id}/signatures`;
    const add = (name: string) =>
      t.call({
        as: 'superAdmin',
        method: 'POST',
        url,
        ...multipart(
          { name: 'firma.png', bytes: PNG, type: 'image/png' },
          { signerName: name, signerTitle: 'Gerente' },
        ),
      });
    expect(
      (
        await t.call({
          as: 'admin',
          method: 'POST',
          url,
          ...multipart({ name: 'f.png', bytes: PNG, type: 'image/png' }),
        })
      ).statusCode,
    ).toBe(403);
    const notImage = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url,
      ...multipart({ name: 'f.pdf', bytes: PDF, type: 'application/pdf' }, { signerName: 'X' }),
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ code: 'SIGNATURE_IMAGE_FORMAT', field: 'file' });
    const tooLarge = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url,
      ...multipart(
        { name: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), type: 'image/png' },
        { signerName: 'X' },
      ),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'SIGNATURE_IMAGE_TOO_LARGE', field: 'file' });
    const noFile = await t.post('superAdmin', url, { signerName: 'X' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().field).toBe('file');
    expect((await t.get('superAdmin', url)).json()).toEqual([]);
    const noName = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url,
      ...multipart({ name: 'f.png', bytes: PNG, type: 'image/png' }, { signerTitle: 'X' }),
    });
    expect(noName.json().field).toBe('signerName');

    const first = (await add('Laura Pérez')).json();
    const second = (await add('Jorge Soto')).json();
    await add('Ana Ruiz');
    expect(first).toMatchObject({ signerName: 'Laura Pérez', active: true, position: 1 });
    const image = await t.get('superAdmin', `${url}/${first.id}/image`);
    expect(image.headers['content-type']).toBe('image/png');

    const renamed = await t.patch('superAdmin', `${url}/${second.id}`, { signerTitle: 'Oficial de cumplimiento' });
    expect(renamed.json()).toMatchObject({ signerTitle: 'Oficial de cumplimiento', active: true });

    const left = await t.del('superAdmin', `${url}/${first.id}`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().map((s: { signerName: string; active: boolean }) => [s.signerName, s.active])).toEqual([
      ['Jorge Soto', false],
      ['Ana Ruiz', true],
    ]);
    // an inactive first signature deleted leaves the next one as it was
    const again = await t.del('superAdmin', `${url}/${second.id}`);
    expect(again.json().map((s: { active: boolean }) => s.active)).toEqual([true]);
    expect((await t.del('superAdmin', `${url}/${second.id}`)).statusCode).toBe(404);
    const actions = (await t.deps.db.selectFrom('auditLog').select('action').where('companyId', '=', id).execute()).map(
      (a) => a.action,
    );
    expect(actions.filter((a) => a === 'company.signature.created')).toHaveLength(3);
    expect(actions.filter((a) => a === 'company.signature.deleted')).toHaveLength(2);
    expect(actions.filter((a) => a === 'company.signature.updated')).toHaveLength(2);
  });
});

describe('GET /commercial-activities and the company’s commercialActivity relation', () => {
  it('lists the seeded catalogue in the caller’s language, filters it, and GET /companies/{id} includes the relation', async () => {
    expect((await t.call({ method: 'GET', url: '/api/commercial-activities' })).statusCode).toBe(401);
    const all = await t.get('frontdesk', '/api/commercial-activities');
    expect(all.statusCode).toBe(200);
    expect(all.json().length).toBeGreaterThanOrEqual(30);
    const filter = encodeURIComponent(JSON.stringify({ where: { name: { like: '%casino%' } } }));
    const casinos = await t.call({
      as: 'superAdmin',
      method: 'GET',
      url: `/api/commercial-activities?filter=${filter}`,
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(casinos.json()).toEqual([expect.objectContaining({ code: 'casinos', name: 'Cassinos, jogos e apostas' })]);
    const badField = encodeURIComponent(JSON.stringify({ where: { risk: 'high' } }));
    const bad = await t.get('superAdmin', `/api/commercial-activities?filter=${badField}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('where.risk');

    const id = await newCompany('Actividad SpA');
    const unknown = await t.patch('superAdmin', `/api/companies/${id}`, { commercialActivityId: UNKNOWN });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('commercialActivityId');
    const casino = casinos.json()[0];
    const set = await t.patch('superAdmin', `/api/companies/${id}`, { commercialActivityId: casino.id });
    expect(set.json().commercialActivityId).toBe(casino.id);
    const include = encodeURIComponent(JSON.stringify({ include: ['commercialActivity'] }));
    const withRelation = await t.call({
      as: 'superAdmin',
      method: 'GET',
      url: `/api/companies/${id}?filter=${include}`,
      headers: { 'accept-language': 'es' },
    });
    expect(withRelation.json().commercialActivity).toEqual({
      id: casino.id,
      code: 'casinos',
      name: 'Casinos, salas de juego e hipódromos',
    });
    const plain = await t.get('superAdmin', `/api/companies/${id}`);
    expect(plain.json().commercialActivity).toBeUndefined();
    const badInclude = encodeURIComponent(JSON.stringify({ include: ['users'] }));
    expect((await t.get('superAdmin', `/api/companies/${id}?filter=${badInclude}`)).statusCode).toBe(400);
  });
});
