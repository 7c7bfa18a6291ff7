import { rutCheckDigit } from '@regcheck/shared/documents/index';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { withTenant } from '../../db/tenant';
import { insertForm } from '../forms/forms.repo';
import { insertNotification } from '../monitoring/notifications.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t?.close();
});

let seq = 23_000_000;
function rut() {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
}
const today = new Date().toISOString().slice(0, 10);
const get = (url: string, as = 'admin', company: 'cl' | 'br' = 'cl') => t.call({ as, company, method: 'GET', url });

async function ficha(payload: Record<string, unknown>) {
  const res = await t.call({ as: 'admin', method: 'POST', url: '/api/fichas-clientes', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; dni: string };
}
const natural = (name: string, fatherName: string) =>
  ficha({
    personType: 'natural',
    dni: rut(),
    dniType: { country: 'CL', document: 'RUT' },
    name,
    fatherName,
    nationality: 'CL',
  });
const legal = (socialReason: string) =>
  ficha({ personType: 'legal', dni: rut(), dniType: { country: 'CL', document: 'RUT' }, socialReason });
async function relate(fichaId: string, relatedFichaId: string, participation: number) {
  const res = await t.call({
    as: 'admin',
    method: 'POST',
    url: '/api/ficha-relationship',
    payload: { fichaId, relatedFichaId, relationType: 'partners', participation },
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function notify(company: 'cl' | 'br', title: string) {
  const companyId = t.companies[company];
  return withTenant(t.deps.db, companyId, (trx) =>
    insertNotification(trx, {
      companyId,
      title,
      description: `${title} (detalle)`,
      kind: 'monitoring.match',
      fichaId: null,
      consultationCode: null,
      data: null,
    }),
  );
}

describe('GET /api/home-dashboard', () => {
  it('401 without a token, 403 for a role without mainPanel, 400 on bad periods', async () => {
    expect((await t.call({ method: 'GET', url: '/api/home-dashboard' })).statusCode).toBe(401);
    expect((await get('/api/home-dashboard', 'frontdesk')).statusCode).toBe(403);
    const reversed = await get('/api/home-dashboard?from=2026-05-01&to=2026-04-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'REPORT_RANGE_INVALID', field: 'dateInit' });
    const long = await get('/api/home-dashboard?from=2000-01-01&to=2026-01-01');
    expect(long.json()).toMatchObject({ code: 'REPORT_RANGE_TOO_LONG' });
    expect((await get('/api/home-dashboard?from=2026-02-30&to=2026-03-01')).json().code).toBe('REPORT_DATE_INVALID');
  });

  it('counts what the test created: fichas per day and by risk, operations, notifications (last 30 days by default)', async () => {
    const before = (await get('/api/home-dashboard')).json();
    expect(before).toMatchObject({ to: today });
    await natural('Rosa', 'Tapia');
    await legal('Dashboard Limitada');
    const title = `Coincidencia ${seq}`;
    await notify('cl', title);
    await notify('br', 'otra empresa');
    const after = (await get('/api/home-dashboard')).json();
    expect(after.activity.fichas - before.activity.fichas).toBe(2);
    expect(after.activity.notifications - before.activity.notifications).toBe(1);
    const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    expect(sum(after.risk) - sum(before.risk)).toBe(2);
    const day = (d: { perDay: { day: string; fichas: number }[] }) =>
      d.perDay.find((p) => p.day === today)?.fichas ?? 0;
    expect(day(after) - day(before)).toBe(2);
    expect(after.notifications[0]).toMatchObject({ title, read: false });
    expect(after.notifications.map((n: { title: string }) => n.title)).not.toContain('otra empresa');
  });
});

describe('notifications: one, and the date-range download', () => {
  it('GET /notifications/{id}: 401, 403, 404 for another company, the notification', async () => {
    const { id } = await notify('cl', 'Una notificación');
    const other = await notify('br', 'De Brasil');
    expect((await t.call({ method: 'GET', url: `/api/notifications/${id}` })).statusCode).toBe(401);
    expect((await get(`/api/notifications/${id}`, 'frontdesk')).statusCode).toBe(403);
    expect((await get(`/api/notifications/${other.id}`)).statusCode).toBe(404);
    const res = await get(`/api/notifications/${id}`);
    expect(res.json()).toMatchObject({ id, title: 'Una notificación', read: false });
  });

  it('downloads the range as xlsx; an empty range says so; dates out of order are a 400', async () => {
    const title = `Descarga ${seq++}`;
    await notify('cl', title);
    const res = await get(`/api/notifications/report?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const titles = ws?.getColumn(2).values.map(String) ?? [];
    expect(titles).toContain(title);
    expect(titles).toContain('Título');
    expect(titles).not.toContain('De Brasil');
    const empty = await get('/api/notifications/report?from=2001-01-01&to=2001-01-31');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('No hay notificaciones en el rango de fechas');
    expect((await get(`/api/notifications/report?from=${today}&to=2001-01-01`)).statusCode).toBe(400);
  });
});

describe('reports', () => {
  it('summary: 401, 403, 404 for another company id, json, xlsx and a paged PDF', async () => {
    const cl = t.companies.cl;
    const url = `/api/informes/resumen/${cl}/2026-01-01/${today}`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(url, 'frontdesk')).statusCode).toBe(403);
    expect((await get(`/api/informes/resumen/${t.companies.br}/2026-01-01/${today}`)).statusCode).toBe(404);
    const json = (await get(url)).json();
    expect(json.title).toBe('Informe resumen');
    expect(json.tables[0].rows.length).toBe(9);
    const pdf = await get(`${url}?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);
    const xlsx = await get(`${url}?format=xlsx`);
    expect(xlsx.headers['content-disposition']).toContain('resumen.xlsx');
    expect((await get(`${url}?format=doc`)).statusCode).toBe(400);
  });

  it('final beneficiaries: the indirect owner with its share through the holding, and the unresolved company', async () => {
    const company = await legal('Inversiones Cordillera SpA');
    const holding = await legal('Holding Austral SA');
    const owner = await natural('Valentina', 'Ibáñez');
    const alone = await legal('Sociedad Sin Dueño Ltda');
    await relate(company.id, holding.id, 50);
    await relate(holding.id, owner.id, 40);
    const res = await get('/api/informes/final-beneficiaries');
    expect(res.statusCode, res.body).toBe(200);
    const [owners, unresolved] = res.json().tables;
    const row = owners.rows.find((r: string[]) => r[0] === 'Inversiones Cordillera SpA');
    expect(row).toEqual([
      'Inversiones Cordillera SpA',
      company.dni,
      'Valentina Ibáñez',
      owner.dni,
      '20 %',
      '0 %',
      '20 %',
      'Propiedad',
      'Holding Austral SA',
    ]);
    expect(unresolved.rows.map((r: string[]) => r[0])).toContain('Sociedad Sin Dueño Ltda');
    expect(unresolved.rows.map((r: string[]) => r[1])).toContain(alone.dni);
    const pdf = await get('/api/informes/final-beneficiaries?format=pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);
  });

  it('ROE-UAF: the cash operation in the file, a negative ROE for an empty period', async () => {
    const dni = rut();
    const op = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/consultations',
      payload: {
        transactionType: 'Compraventa',
        transactionDate: '2025-03-14',
        divisa: 'CLP',
        associates: [
          {
            dni,
            type: 'natural',
            monto: 30_000_000,
            efective: 20_000_000,
            newFicha: { name: 'Ana', fatherName: 'Soto', nationality: 'CL' },
          },
        ],
      },
    });
    expect(op.statusCode, op.body).toBe(200);
    const codigo = op.json().codigoFormatted as string;
    const json = (await get('/api/informes/roe-uaf?from=2025-03-01&to=2025-03-31')).json();
    expect(json.tables[0].rows.some((r: string[]) => r[0] === codigo && r[3] === dni)).toBe(true);
    const txt = await get('/api/informes/roe-uaf?from=2025-03-01&to=2025-03-31&format=txt');
    const lines = txt.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^TIPO_REGISTRO;RUT_SUJETO_OBLIGADO/);
    const line = lines.find((l) => l.includes(`;${codigo};`));
    expect(line?.split(';')).toMatchObject({
      0: 'ROE',
      1: '76086428-5',
      4: '10000.00',
      6: '14-03-2025',
      7: 'CLP',
      8: '20000000.00',
      11: dni,
    });
    const negative = await get('/api/informes/roe-uaf?from=2019-01-01&to=2019-03-31&format=txt');
    expect(negative.body.split('\r\n')[1]).toMatch(/^ROE_NEGATIVO;/);
    const empty = (await get('/api/informes/roe-uaf?from=2019-01-01&to=2019-03-31')).json();
    expect(empty.tables[0].heading).toBe('ROE negativo');
    expect((await get('/api/informes/roe-uaf?from=2025-03-31&to=2025-03-01')).statusCode).toBe(400);
  });

  it("ROE-UAF: the file is never given with an empty RUT: without the company's RUT it is refused, saying where to record it", async () => {
    const url = `/api/companies/${t.companies.cl}`;
    const cleared = await t.call({ as: 'superAdmin', method: 'PATCH', url, payload: { settings: { taxId: '' } } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    try {
      const file = await t.call({
        as: 'admin',
        method: 'GET',
        url: '/api/informes/roe-uaf?from=2019-01-01&to=2019-03-31&format=txt',
        headers: { 'accept-language': 'es' },
      });
      expect(file.statusCode).toBe(409);
      expect(file.json()).toMatchObject({ code: 'ROE_COMPANY_TAX_ID_MISSING' });
      expect(file.json().message).toContain('perfil de la empresa');
      // the report itself is still shown
      const report = await t.call({
        as: 'admin',
        method: 'GET',
        url: '/api/informes/roe-uaf?from=2019-01-01&to=2019-03-31',
      });
      expect(report.statusCode).toBe(200);
    } finally {
      await t.call({ as: 'superAdmin', method: 'PATCH', url, payload: { settings: { taxId: '76086428-5' } } });
    }
  });
});

describe('POST /api/files/html-pdf', () => {
  it('lays a long HTML table out on several pages with page numbers; 401 without a token', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `<tr><td>Cliente ${i}</td><td>${i}</td></tr>`).join('');
    const payload = {
      nombre: 'informe',
      contenido: `<h1>Informe</h1><p>Texto</p><table><tr><th>Nombre</th><th>N</th></tr>${rows}</table>`,
      tamaño: 'A4',
    };
    expect((await t.call({ method: 'POST', url: '/api/files/html-pdf', payload })).statusCode).toBe(401);
    const res = await t.call({ as: 'frontdesk', method: 'POST', url: '/api/files/html-pdf', payload });
    expect(res.statusCode, res.body).toBe(200);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThan(3);
    expect(doc.getPage(0).getSize().width).toBeCloseTo(595.28, 1);
  });
});

describe('news', () => {
  it('the super administrator writes, company users read; others cannot write', async () => {
    const body = { title: 'Nueva circular UAF', body: 'Texto', date: today, countries: ['CL'] };
    expect((await t.call({ as: 'admin', method: 'POST', url: '/api/homeNews', payload: body })).statusCode).toBe(403);
    const created = await t.call({ as: 'superAdmin', method: 'POST', url: '/api/homeNews', payload: body });
    expect(created.statusCode, created.body).toBe(200);
    expect((await get('/api/homeNews')).json().map((n: { title: string }) => n.title)).toContain('Nueva circular UAF');
    expect((await get('/api/homeNews', 'admin', 'br')).json().map((n: { title: string }) => n.title)).not.toContain(
      'Nueva circular UAF',
    );
  });
});

describe('GET /api/analytics/trends', () => {
  it('only the allow-listed company: 12 months with what the test created; others 404', async () => {
    (t.deps.config as { restrictedCompanies: string[] }).restrictedCompanies = [t.companies.cl];
    expect((await t.call({ method: 'GET', url: '/api/analytics/trends' })).statusCode).toBe(401);
    expect((await get('/api/analytics/trends', 'admin', 'br')).statusCode).toBe(404);
    const before = (await get('/api/analytics/trends')).json();
    expect(before).toHaveLength(12);
    expect(before[11].month).toBe(today.slice(0, 7));
    await natural('Tendencia', 'Mensual');
    const after = (await get('/api/analytics/trends')).json();
    expect(after[11].fichas - before[11].fichas).toBe(1);
  });
});

describe('forms report (informes/Form{formType})', () => {
  async function form(company: 'cl' | 'br', type: string, name: string, status: string, createdAt: Date) {
    const companyId = t.companies[company];
    const at = (d: number) => new Date(createdAt.getTime() + d * 3_600_000);
    return withTenant(t.deps.db, companyId, (trx) =>
      insertForm(trx, {
        companyId,
        type,
        dni: rut(),
        name,
        email: `${name.split(' ')[0]?.toLowerCase()}@example.test`,
        language: 'es',
        status,
        template: JSON.stringify({}),
        data: JSON.stringify({}),
        files: JSON.stringify([]),
        steps: JSON.stringify([]),
        lastSentAt: at(1),
        openedAt: at(2),
        filledAt: at(3),
        signedAt: status === 'signed' ? at(4) : null,
        createdAt,
      }),
    );
  }

  it('401, 403, another company 404, bad dates 400; signed forms by default, filled ones with allow_filled', async () => {
    const cl = t.companies.cl;
    const url = `/api/informes/FormDOF/${cl}/2025-06-01/2025-06-30`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(url, 'frontdesk')).statusCode).toBe(403);
    expect((await get(`/api/informes/FormDOF/${t.companies.br}/2025-06-01/2025-06-30`)).statusCode).toBe(404);
    const reversed = await get(`/api/informes/FormDOF/${cl}/2025-06-30/2025-06-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'REPORT_RANGE_INVALID', field: 'dateInit' });
    expect(reversed.json().message).not.toContain('REPORT_');
    const long = await get(`/api/informes/FormDOF/${cl}/2005-06-01/2025-06-30`);
    expect(long.json()).toMatchObject({ code: 'REPORT_RANGE_TOO_LONG' });

    const june = new Date('2025-06-10T12:00:00Z');
    await form('cl', 'formDOF', 'Marta Signed', 'signed', june);
    await form('cl', 'formDOF', 'Pedro Filled', 'filled', new Date('2025-06-10T13:00:00Z'));
    await form('cl', 'formDOF', 'Ana Sent', 'sent', june);
    await form('cl', 'formBF', 'Otro Tipo', 'signed', june);
    await form('cl', 'formDOF', 'Fuera Periodo', 'signed', new Date('2025-07-02T12:00:00Z'));
    await form('br', 'formDOF', 'Otra Empresa', 'signed', june);

    const signed = (await get(url)).json();
    expect(signed.title).toContain('Declaración');
    expect(signed.tables[0].rows.map((r: string[]) => r[0])).toEqual(['Marta Signed']);
    const row = signed.tables[0].rows[0];
    expect(row[2]).toBe('marta@example.test');
    expect(row.slice(5)).toEqual(['10/06/2025', '10/06/2025', '10/06/2025', '10/06/2025', '10/06/2025']);

    const filled = (await get(`${url}?allow_filled=true`)).json();
    expect(filled.tables[0].rows.map((r: string[]) => r[0])).toEqual(['Marta Signed', 'Pedro Filled']);
    expect(filled.tables[0].rows[1][9]).toBe('');

    const bf = (await get(`/api/informes/FormBF/${cl}/2025-06-01/2025-06-30`)).json();
    expect(bf.tables[0].rows.map((r: string[]) => r[0])).toEqual(['Otro Tipo']);
    const xlsx = await get(`${url}?format=xlsx&allow_filled=true`);
    expect(xlsx.headers['content-disposition']).toContain('formularios-formDOF.xlsx');
    expect((await get(`${url}?allow_filled=yes`)).statusCode).toBe(400);
    expect((await get(`/api/informes/FormPEP/${cl}/2025-06-01/2025-06-30`)).statusCode).toBe(404);
    expect((await get(`/api/informes/FormPep/${cl}/2025-06-01/2025-06-30`)).statusCode).toBe(200);
  });
});
