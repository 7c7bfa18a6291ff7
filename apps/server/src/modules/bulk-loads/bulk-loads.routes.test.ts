import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { zipWith } from '../../../test/upload-samples';
import { cnpj, cpf } from '../../demo/demo-data';
import { type LocalScreening, useLocalScreening, useRealScreening } from '../fichas/screening.adapter';
import { findLoad } from './bulk-loads.repo';
import { headerRow, rutOf, sheetBuffer } from './bulk-loads.samples';

let t: TestApp;
let lists: LocalScreening;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  lists = useLocalScreening();
  await lists.replaceList('ofac', 'OFAC SDN', [
    { id: 'sdn-9', listId: 'ofac', schema: 'Person', names: ['Malvado Sancionado Perez'], countries: ['CL'] },
  ]);
});
afterAll(async () => {
  useRealScreening();
  await t?.close();
});

type Company = 'cl' | 'br';

async function upload(bytes: Buffer, company: Company = 'cl', as = 'admin') {
  const u = await t.post({ as, company }, '/api/carga-masiva/upload-url');
  expect(u.statusCode).toBe(200);
  const put = await t.call({
    as,
    company,
    method: 'PUT',
    url: u.json().url,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
  return { put, urlFile: u.json().urlFile as string };
}

async function load(bytes: Buffer, loadType: string, company: Company = 'cl', customName = 'Carga de prueba') {
  const { put, urlFile } = await upload(bytes, company);
  expect(put.statusCode, put.body).toBe(200);
  const res = await t.post({ as: 'admin', company }, '/api/carga-masiva', {
    customName,
    loadType,
    urlFile,
    country: company === 'cl' ? 'CL' : 'BR',
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as string;
  // A load's job retries a failed attempt from its last committed batch after a back-off (the queue's design). On
  // PostgreSQL one attempt failed once (1 December 2026, in "updates an active ficha"; its error was not kept): the
  // retry is brought forward instead of waited for, with the failure in the log, so that the test waits for the
  // load's end, never for a time.
  for (let attempt = 0; ; attempt++) {
    await t.deps.queue.drain();
    const loaded = (await t.get({ as: 'admin', company }, `/api/carga-masiva/${id}`)).json();
    if (loaded.bulkStatus !== 'creating' && loaded.bulkStatus !== 'updating') return loaded;
    const job = await t.deps.db
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts', 'lastError', 'runAt'])
      .where('singletonKey', '=', `bulk:${id}`)
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
    if (job?.status !== 'queued' || attempt >= 5)
      throw new Error(
        `the load is still ${loaded.bulkStatus} after the queue drained; its job: ${JSON.stringify(job)}`,
      );
    console.warn(`bulk load ${id}: attempt ${job.attempts} failed (${job.lastError}); its retry is run now`);
    await t.deps.db.updateTable('jobs').set({ runAt: new Date() }).where('id', '=', job.id).execute();
  }
}

const errorsOf = async (id: string, company: Company = 'cl') =>
  (await t.get({ as: 'admin', company }, `/api/carga-masiva/errors/${id}`)).json().errors as {
    row: number;
    column: string;
    value: string;
    message: string;
    loaded: boolean;
  }[];

const fichaByDni = async (dni: string, company: Company = 'cl') => {
  const r = await t.get(
    { as: 'admin', company },
    `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where: { dni } }))}`,
  );
  return r.json()[0];
};

describe('bulk loads: access', () => {
  it('401 without a session, 403 without massiveBulks (frontdesk, a company without the flag), 404 for another company', async () => {
    expect((await t.call({ method: 'GET', url: '/api/carga-masiva' })).statusCode).toBe(401);
    expect((await t.get('frontdesk', '/api/carga-masiva')).statusCode).toBe(403);
    expect((await t.get({ as: 'admin', company: 'br' }, '/api/carga-masiva')).statusCode).toBe(403);
    const done = await load(await sheetBuffer([headerRow('fichas', 'es', ['personType', 'dni', 'name'])]), 'fichas');
    // Brazil gets the flag: its administrator still finds no Chilean load
    const root = await t.patch('superAdmin', `/api/companies/${t.companies.br}`, { massiveBulks: true });
    expect(root.statusCode, root.body).toBe(200);
    const other = await t.get({ as: 'admin', company: 'br' }, `/api/carga-masiva/${done.id}`);
    expect(other.statusCode).toBe(404);
    const errs = await t.get({ as: 'admin', company: 'br' }, `/api/carga-masiva/errors/${done.id}`);
    expect(errs.statusCode).toBe(404);
  });
});

describe('bulk loads: the file', () => {
  it("refuses an .xls renamed .xlsx and a zip bomb ('Incorrect file format'), never a 500", async () => {
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(2000)]);
    const a = await upload(xls);
    expect(a.put.statusCode).toBe(400);
    expect(a.put.json().message).toBe('Formato de archivo incorrecto');
    // a zip whose sheet expands 1000 times: 50 MB of zeros in a few kB
    const zeros = zlib.deflateRawSync(Buffer.alloc(50 * 1024 * 1024));
    const bomb = zipWith('xl/worksheets/sheet1.xml', zeros, 50 * 1024 * 1024);
    const b = await upload(bomb);
    expect(b.put.statusCode).toBe(400);
    expect(b.put.json().code).toBe('BULK_FILE_ZIP_BOMB');
    // a load of a file that was never uploaded
    const c = await t.post('admin', '/api/carga-masiva', {
      customName: 'x',
      loadType: 'fichas',
      urlFile: `bulk/${t.companies.cl}/nothing.xlsx`,
    });
    expect(c.statusCode).toBe(400);
    expect(c.json().message).toBe('Error al cargar el archivo');
  });

  it('refuses a workbook whose entries do not inflate, or inflate past what the zip declares; a stored one ends invalid', async () => {
    // the zip directory names a workbook with honest-looking sizes, but the bytes are not deflate data (exceljs'
    // streaming reader would wait forever on it)
    const garbage = zipWith('xl/workbook.xml', Buffer.from('ff'.repeat(64) + '00'.repeat(64), 'hex'), 4000);
    const a = await upload(garbage);
    expect(a.put.statusCode).toBe(400);
    expect(a.put.json().message).toBe('Formato de archivo incorrecto');
    // a bomb that declares 4 kB for 50 MB of zeros: the directory looks harmless, the inflation does not
    const liar = zipWith('xl/workbook.xml', zlib.deflateRawSync(Buffer.alloc(50 * 1024 * 1024)), 4000);
    const b = await upload(liar);
    expect(b.put.statusCode).toBe(400);
    expect(b.put.json().code).toBe('BULK_FILE_ZIP_BOMB');
    // such a file already in the store (an older upload): its load ends as invalid, it does not hang the queue
    const key = `bulk/${t.companies.cl}/stored-garbage.xlsx`;
    await t.deps.files.put(key, garbage);
    const res = await t.post('admin', '/api/carga-masiva', {
      customName: 'x',
      loadType: 'fichas',
      urlFile: key,
      country: 'CL',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.deps.queue.drain();
    const bad = (await t.get('admin', `/api/carga-masiva/${res.json().id}`)).json();
    expect(bad.bulkStatus, JSON.stringify(bad)).toBe('invalid');
    expect(bad.fileError).toBe('Formato de archivo incorrecto: no es un libro .xlsx legible');
  });

  it('refuses a header with columns missing or in another language, naming the columns', async () => {
    const de = await load(
      await sheetBuffer([
        ['Personentyp', 'Ausweis', 'Vorname'],
        ['natural', rutOf(5000001), 'Ana'],
      ]),
      'fichas',
    );
    expect(de.bulkStatus).toBe('invalid');
    expect(de.fileError).toContain('Tipo de persona');
    expect(de.fileError).toContain('Documento');
    expect(de.bulkProcessedQuantity).toBe(0);
  });

  it('reads a Portuguese or English header as well as the Spanish one', async () => {
    const dni = rutOf(5000002);
    const res = await load(
      await sheetBuffer([
        headerRow('fichas', 'en', ['personType', 'dni', 'name', 'fatherName']),
        ['natural', dni, 'Ana', 'Vidal'],
      ]),
      'fichas',
    );
    // the whole load in the message: it ended 'invalid' once at load average 10, and its fileError says why
    expect(res.bulkStatus, JSON.stringify(res)).toBe('done');
    expect(res.created).toBe(1);
  });
});

describe('bulk loads: merged cells', () => {
  it('a merged cell counts for its first row only: the rows below it are reported, the others load', async () => {
    const header = headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName']);
    const res = await load(
      await sheetBuffer(
        [
          header,
          ['natural', rutOf(5400001), 'Ana', 'Uno'],
          ['natural', rutOf(5400002), 'Bea', 'Dos'],
          [null, rutOf(5400003), 'Cris', 'Tres'],
        ],
        (ws) => ws.mergeCells('A3:A4'),
      ),
      'fichas',
    );
    expect(res).toMatchObject({ created: 2, failed: 1, bulkStatus: 'error' });
    expect(await errorsOf(res.id)).toEqual([
      expect.objectContaining({ row: 4, column: 'Tipo de persona', message: 'Este campo es obligatorio' }),
    ]);
  });
});

describe('bulk loads: fichas 3.0 rows', () => {
  it('loads the good rows, reports the bad ones by row, column and message, cleans up as 001 §5 says', async () => {
    const keys = [
      'personType',
      'dni',
      'name',
      'fatherName',
      'socialReason',
      'gender',
      'birthDate',
      'email',
      'phone',
      'reference',
      'parentDni',
      'relationType',
      'participation',
    ];
    const company = rutOf(76543210);
    const rep = rutOf(5100001);
    const rows: unknown[][] = [
      headerRow('fichas', 'es', keys),
      ['natural', '76277884-k', 'Ana', 'Soto', null, 'FEMENINO', '15/03/1980', 'ana@correo.test', 56912345678, 1234],
      [
        'natural',
        rutOf(5100003),
        'Luis',
        'Rojas',
        null,
        'M',
        new Date(Date.UTC(1975, 5, 20)),
        'no es correo',
        null,
        null,
      ],
      ['jurídica', company, null, null, 'Comercial Andes Limitada', null, null, null, null, null],
      ['natural', rep, 'Rosa', 'Vidal', null, null, 29000, null, null, null, company, 'representant', null],
      ['natural', rutOf(5100004), 'Pedro', 'Castro', null, null, null, null, null, null, company, 'beneficiary', 150],
      ['natural', '12.345.678-9', 'Mal', 'Digito', null, null, null, null, null, null],
      ['natural', rutOf(5100005), 'Fecha', 'Mala', null, null, '31/02/1990', null, null, null],
      ['natural', rutOf(5100006), 'Malvado Sancionado', 'Perez', null, null, null, null, null, null],
      ['natural', 'A'.repeat(22), 'Sin', 'Documento', null, null, null, null, null, null],
    ];
    const res = await load(
      await sheetBuffer(rows, (ws) => {
        ws.getCell('A12').value = 'natural';
        ws.getCell('B12').value = { formula: 'CONCATENATE("1","2")' } as ExcelJS.CellFormulaValue;
        ws.getCell('C12').value = 'Formula';
      }),
      'fichas',
    );
    const errs = await errorsOf(res.id);
    // row 11 is empty (skipped), row 12 holds the formula
    expect(res.bulkStatus).toBe('error');
    expect(res.total).toBe(10);
    expect(res.bulkProcessedQuantity).toBe(10);
    expect(res.progress).toBe(100);
    expect(res.created).toBe(6);
    expect(res.failed).toBe(4);
    const byRow = (n: number) => errs.filter((e) => e.row === n);
    // the e-mail is emptied and the row reported, though it loaded
    expect(byRow(3)).toEqual([
      expect.objectContaining({ column: 'Correo electrónico', value: 'no es correo', loaded: true }),
    ]);
    // participation out of range for a beneficiary
    expect(byRow(6)[0]).toMatchObject({ column: 'Participación (%)', loaded: false });
    expect(byRow(7)[0]).toMatchObject({ column: 'Documento', value: '12.345.678-9', loaded: false });
    expect(byRow(8)[0]).toMatchObject({ column: 'Fecha de nacimiento', value: '31/02/1990', loaded: false });
    expect(byRow(12)[0]).toMatchObject({
      column: 'Documento',
      message: 'La celda tiene una fórmula sin valor calculado',
    });
    const ana = await fichaByDni('76277884-K');
    expect(ana).toMatchObject({ gender: 'female', phone: '56912345678', identificadorFicha: '1234' });
    expect(ana.birthDate).toBe('1980-03-15T12:00:00.000Z');
    const luis = await fichaByDni(rutOf(5100003));
    expect(luis.email ?? null).toBeNull();
    expect(luis.birthDate).toBe('1975-06-20T12:00:00.000Z');
    const rosa = await fichaByDni(rep);
    expect(rosa.birthDate.slice(0, 10)).toBe('1979-05-25');
    const firm = await fichaByDni(company);
    const rel = await t.get('admin', `/api/fichas-clientes/with-relations/${firm.id}`);
    expect(JSON.stringify(rel.json())).toContain(rep);
    // screened in the load, as for a single create
    const hit = await fichaByDni(rutOf(5100006));
    expect(hit.listas.total).toBeGreaterThan(0);
    // and the match is a notification of the company, as a monitoring match is; the clean rows raise none
    const notes = await t.get(
      'admin',
      `/api/notifications?filter=${encodeURIComponent(JSON.stringify({ where: { fichaId: hit.id } }))}`,
    );
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json()).toEqual([
      expect.objectContaining({
        kind: 'monitoring.match',
        fichaId: hit.id,
        data: expect.objectContaining({ listId: 'ofac', entityId: 'sdn-9' }),
      }),
    ]);
    expect(notes.json()[0].description).toContain('Malvado Sancionado Perez');
    // its screening on creation is recorded with its hit and audited under the user who loaded it, as a single
    // create's is (decision 240: the inspector's file lists it); a clean row's too, with no hit
    const recorded = await t.deps.db
      .selectFrom('fichaScreenings')
      .select(['fichaId', 'cause', 'screenedBy', 'total', 'hits'])
      .where('fichaId', 'in', [hit.id, ana.id])
      .execute();
    const hitsOf = (r: (typeof recorded)[number] | undefined) =>
      (typeof r?.hits === 'string' ? JSON.parse(r.hits) : r?.hits) as { listId: string; entityId: string }[];
    const hitRow = recorded.find((r) => r.fichaId === hit.id);
    expect(hitRow).toMatchObject({ cause: 'created', screenedBy: expect.any(String) });
    expect(hitsOf(hitRow)).toEqual([expect.objectContaining({ listId: 'ofac', entityId: 'sdn-9' })]);
    expect(hitsOf(recorded.find((r) => r.fichaId === ana.id))).toEqual([]);
    const screenedAudits = await t.deps.db
      .selectFrom('auditLog')
      .select(['entityId', 'userId'])
      .where('action', '=', 'ficha.screened')
      .where('entityId', 'in', [hit.id, ana.id])
      .execute();
    expect(screenedAudits).toHaveLength(2);
    for (const a of screenedAudits) expect(a.userId).not.toBeNull();
    const clean = await t.get(
      'admin',
      `/api/notifications?filter=${encodeURIComponent(JSON.stringify({ where: { fichaId: ana.id } }))}`,
    );
    expect(clean.json()).toEqual([]);
    // the error report downloads as xlsx with the same rows
    const x = await t.get('admin', `/api/carga-masiva/errors/${res.id}/xlsx`);
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Fila', 'Columna', 'Valor', 'Mensaje', 'Cargada']);
    expect(sheet.rowCount).toBe(errs.length + 1);
  });

  it('updates an active ficha instead of duplicating it', async () => {
    const dni = rutOf(5200001);
    const header = headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName', 'city']);
    await load(await sheetBuffer([header, ['natural', dni, 'Ana', 'Soto', 'Talca']]), 'fichas');
    const again = await load(await sheetBuffer([header, ['natural', dni, 'Ana', 'Soto', 'Chillán']]), 'fichas');
    expect(again).toMatchObject({ created: 0, updated: 1, bulkStatus: 'done' });
    const list = await t.get(
      'admin',
      `/api/fichas-clientes/count?where=${encodeURIComponent(JSON.stringify({ dni }))}`,
    );
    expect(list.json().count).toBe(1);
    expect((await fichaByDni(dni)).city).toBe('Chillán');
  });

  it('asks about trashed fichas with the same document: restore the chosen one, create the others new', async () => {
    const header = headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName']);
    const a = rutOf(5300001);
    const b = rutOf(5300002);
    await load(await sheetBuffer([header, ['natural', a, 'Ana', 'Uno'], ['natural', b, 'Bea', 'Dos']]), 'fichas');
    const ids = [(await fichaByDni(a)).id, (await fichaByDni(b)).id];
    const del = await t.patch('admin', '/api/fichas-clientes/soft-delete', { fichasIds: ids });
    expect(del.statusCode).toBe(200);
    const waiting = await load(
      await sheetBuffer([header, ['natural', a, 'Ana', 'Uno'], ['natural', b, 'Bea', 'Dos']]),
      'fichas',
    );
    expect(waiting.bulkStatus, JSON.stringify(waiting)).toBe('update');
    expect(waiting.similar.map((s: { dni: string }) => s.dni).sort()).toEqual([a, b].sort());
    // while the load restores and updates the existing ficha its status is 'updating' (read inside the change)
    const during: string[] = [];
    const stop = t.deps.bus.on('fichas.restored', async (e) => {
      during.push((await findLoad(e.trx, e.companyId, waiting.id))?.status ?? '');
    });
    const decided = await t.post('admin', `/api/carga-masiva/${waiting.id}/similar`, { restore: [ids[0]] });
    expect(decided.statusCode, decided.body).toBe(200);
    await t.deps.queue.drain();
    stop();
    expect(during).toEqual(['updating']);
    const end = (await t.get('admin', `/api/carga-masiva/${waiting.id}`)).json();
    expect(end).toMatchObject({ bulkStatus: 'done', created: 1, updated: 1 });
    expect((await fichaByDni(a)).id).toBe(ids[0]);
    expect((await fichaByDni(b)).id).not.toBe(ids[1]);
    const twice = await t.post('admin', `/api/carga-masiva/${waiting.id}/similar`, { restore: [] });
    expect(twice.statusCode).toBe(409);
  });
});

describe('bulk loads: the batch statements and the API agree', () => {
  it('a ficha loaded in a batch is rated, audited and related as the same ficha created through the API', async () => {
    const keys = [
      'personType',
      'dni',
      'name',
      'fatherName',
      'socialReason',
      'parentDni',
      'relationType',
      'participation',
    ];
    const [nat, firm, rep, owner] = [5600001, 76600001, 5600002, 5600003].map(rutOf) as [
      string,
      string,
      string,
      string,
    ];
    const loaded = await load(
      await sheetBuffer([
        headerRow('fichas', 'es', keys),
        ['natural', nat, 'Malvado Sancionado', 'Perez'],
        ['jurídica', firm, null, null, 'Inversiones Bulk Limitada'],
        ['natural', rep, 'Rosa', 'Vidal', null, firm, 'representant'],
        ['natural', owner, 'Tomás', 'Reyes', null, firm, 'beneficiary', 30],
      ]),
      'fichas',
    );
    expect(loaded).toMatchObject({ created: 4, failed: 0, bulkStatus: 'done' });
    const api = async (payload: Record<string, unknown>, url = '/api/fichas-clientes') => {
      const r = await t.post('admin', url, payload);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const [nat2, firm2, rep2, owner2] = [5600011, 76600011, 5600012, 5600013].map(rutOf) as [
      string,
      string,
      string,
      string,
    ];
    await api({
      personType: 'natural',
      dni: nat2,
      dniType: { country: 'CL' },
      name: 'Malvado Sancionado',
      fatherName: 'Perez',
    });
    const f2 = await api({
      personType: 'legal',
      dni: firm2,
      dniType: { country: 'CL' },
      socialReason: 'Inversiones Api Limitada',
    });
    await api(
      { fichaId: f2.id, relationType: 'representant', dni: rep2, name: 'Rosa', fatherName: 'Vidal' },
      '/api/ficha-relationship',
    );
    await api(
      {
        fichaId: f2.id,
        relationType: 'beneficiary',
        dni: owner2,
        name: 'Tomás',
        fatherName: 'Reyes',
        participation: 30,
      },
      '/api/ficha-relationship',
    );
    const rating = (f: {
      risk: string;
      riskScore: number;
      riskReasons: { rule: string }[];
      listas: { total: number };
    }) => ({
      risk: f.risk,
      riskScore: f.riskScore,
      rules: f.riskReasons.map((r) => r.rule).sort(),
      matches: f.listas?.total ?? 0,
    });
    for (const [bulk, single] of [
      [nat, nat2],
      [firm, firm2],
      [rep, rep2],
      [owner, owner2],
    ] as const)
      expect(rating(await fichaByDni(bulk)), bulk).toEqual(rating(await fichaByDni(single)));
    expect(rating(await fichaByDni(nat)).matches).toBeGreaterThan(0);
    // every created ficha and relationship has its audit row, by the load's author
    const historyOf = async (dni: string) =>
      (await t.get('admin', `/api/fichas-clientes/${(await fichaByDni(dni)).id}/history`)).json().data as {
        action: string;
        userName: string | null;
      }[];
    for (const dni of [nat, firm, rep, owner])
      expect((await historyOf(dni)).map((h) => h.action)).toContain('ficha.created');
    const firmHistory = await historyOf(firm);
    expect(firmHistory.filter((h) => h.action === 'ficha.relationship.created')).toHaveLength(2);
    expect(firmHistory.find((h) => h.action === 'ficha.created')?.userName).toBeTruthy();
  });
});

describe('bulk loads: Brazil, fichas v2 and operations', () => {
  it('takes CPF with and without mask, numbers that lost their zeros, and a legal person with its representative', async () => {
    const masked = cpf('529982247').replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    const plain = cpf('111444777');
    const zero = cpf('012345678');
    const firm = cnpj('112223330001');
    const header = headerRow('fichas_v2', 'pt-BR', [
      'personType',
      'dni',
      'name',
      'fatherName',
      'socialReason',
      'representativeDni',
      'representativeName',
    ]);
    const res = await load(
      await sheetBuffer([
        header,
        ['física', masked, 'Ana', 'Souza'],
        ['física', plain, 'João', 'Silva'],
        ['física', Number(zero), 'Zé', 'Zero'],
        ['jurídica', firm, null, null, 'Comercial Paulista Ltda', cpf('390533447'), 'Carlos Lima'],
        ['física', '123.456.789-00', 'Mal', 'Digito'],
      ]),
      'fichas_v2',
      'br',
    );
    expect(res).toMatchObject({ created: 4, failed: 1, bulkStatus: 'error' });
    expect(await fichaByDni(zero, 'br')).toBeTruthy();
    expect(await fichaByDni(cpf('390533447'), 'br')).toBeTruthy();
    const errs = await errorsOf(res.id, 'br');
    expect(errs).toEqual([expect.objectContaining({ row: 6, column: 'Documento', loaded: false })]);
  });

  it('loads operations: consecutive rows with one reference are one operation; a bad row fails its operation only', async () => {
    const header = headerRow('operation', 'pt-BR');
    const p1 = cpf('529982247');
    const p2 = cpf('935411347');
    const res = await load(
      await sheetBuffer([
        header,
        [
          'OP-1',
          'Venda',
          '10/01/2026',
          'BRL',
          'REF-1',
          null,
          'física',
          'BR',
          null,
          p1,
          'Ana',
          'Souza',
          null,
          null,
          1000,
          100,
        ],
        [
          'OP-1',
          'Venda',
          '10/01/2026',
          'BRL',
          'REF-1',
          null,
          'física',
          'BR',
          null,
          p2,
          'Bruno',
          'Lima',
          null,
          null,
          500,
          0,
        ],
        [
          'OP-2',
          'Venda',
          '11/01/2026',
          'BRL',
          'REF-2',
          null,
          'física',
          'BR',
          null,
          p1,
          'Ana',
          'Souza',
          null,
          null,
          100,
          900,
        ],
        [
          'OP-3',
          'Venda',
          '12/01/2026',
          'XYZ',
          'REF-3',
          null,
          'física',
          'BR',
          null,
          p2,
          'Bruno',
          'Lima',
          null,
          null,
          100,
          0,
        ],
      ]),
      'operation',
      'br',
    );
    expect(res).toMatchObject({ total: 4, created: 2, failed: 2, bulkStatus: 'error' });
    const ops = await t.get({ as: 'admin', company: 'br' }, '/api/consultations/count');
    expect(ops.statusCode).toBe(200);
    const errs = await errorsOf(res.id, 'br');
    expect(errs.map((e) => e.row).sort()).toEqual([4, 5]);
    expect(errs.find((e) => e.row === 4)).toMatchObject({
      column: 'Espécie',
      message: 'O valor em espécie excede o valor aportado',
    });
    expect(errs.find((e) => e.row === 5)).toMatchObject({ column: 'Moeda', value: 'XYZ' });
  });
});

describe('bulk loads: history and templates', () => {
  it('lists the loads with author, name, type, status and counts; counts them; serves the three templates', async () => {
    const list = await t.get('admin', '/api/carga-masiva?filter={"limit":50}');
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ bulkAuthor: expect.any(String), bulkName: 'Carga de prueba' });
    const count = await t.get('admin', '/api/carga-masiva/count?where={"bulkStatus":"invalid"}');
    expect(count.json().count).toBeGreaterThanOrEqual(1);
    for (const type of ['fichas', 'fichas_v2', 'operation']) {
      const r = await t.get('userMonitoring', `/api/carga-masiva/templates/${type}`);
      expect(r.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets).toHaveLength(2);
      expect(String(wb.worksheets[0]?.getRow(1).getCell(1).value)).toMatch(
        /Tipo de persona|Referencia de la operación/,
      );
    }
    const pt = await t.get({ as: 'admin', company: 'br' }, '/api/carga-masiva/templates/fichas');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(pt.rawPayload as unknown as ArrayBuffer);
    expect(String(wb.worksheets[0]?.getRow(1).getCell(1).value)).toBe('Tipo de pessoa');
  });
});
