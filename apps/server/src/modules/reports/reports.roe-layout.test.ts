import { createHash } from 'node:crypto';
import { DEFAULT_ROE_LAYOUT } from '@regcheck/shared/schemas/roe-layout';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { cashOperation, documentsFrom } from '../../../test/roe-fixtures';

/*
 * Issue 23, point 2 (decision 180): the UAF file's layout is data the super administrator changes without a
 * release: columns, their order and headers, codes, separator, line ends, encoding, dates and decimals. The next file
 * of every company follows it; a filing keeps the file it stored.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const docs = documentsFrom(58_000_000);
const URL = '/api/platform/roe-layout';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const txt = (from: string, to: string) => t.get('admin', `/api/informes/roe-uaf?from=${from}&to=${to}&format=txt`);

const custom = {
  ...DEFAULT_ROE_LAYOUT,
  separator: '|' as const,
  lineEnd: 'LF' as const,
  encoding: 'latin1' as const,
  dateFormat: 'YYYYMMDD' as const,
  decimalSeparator: ',' as const,
  columns: [
    { header: 'TIPO', field: 'recordType' as const },
    { header: 'VERSION', field: 'constant' as const, value: '2' },
    { header: 'FECHA', field: 'operationDate' as const },
    { header: 'MONEDA', field: 'currency' as const },
    { header: 'MONTO', field: 'participantCash' as const },
    { header: 'NOMBRE', field: 'name' as const },
    { header: 'RUT_SO', field: 'companyRut' as const },
  ],
  recordTypes: { operation: 'R', negative: 'N' },
  currencyCodes: { CLP: '152', USD: '840' },
};

describe('the ROE layout as data', () => {
  it('is read by the platform roles and changed by the super administrator only; a company never reaches it', async () => {
    const root = await t.get('superAdmin', URL);
    expect(root.statusCode, root.body).toBe(200);
    expect(root.json()).toMatchObject({ customised: false, layout: DEFAULT_ROE_LAYOUT, updatedAt: null });
    expect((await t.get('watcher', URL)).statusCode).toBe(200);
    expect((await t.put('watcher', URL, custom)).statusCode).toBe(403);
    for (const as of ['admin', 'userMonitoring', 'frontdesk']) {
      expect((await t.get(as, URL)).statusCode, as).toBe(403);
      expect((await t.put(as, URL, custom)).statusCode, as).toBe(403);
      expect((await t.del(as, URL)).statusCode, as).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('refuses a layout that would write an unreadable file, naming the field, and keeps the one in force', async () => {
    const bad = [
      [{ ...custom, columns: [...custom.columns, { header: 'TIPO', field: 'name' }] }, 'columns.7.header'],
      [{ ...custom, columns: [{ header: 'V', field: 'constant' }] }, 'columns.0.value'],
      [{ ...custom, columns: [{ header: 'A;B', field: 'name' }] }, 'columns.0.header'],
      [{ ...custom, separator: ',', decimalSeparator: ',' }, 'decimalSeparator'],
      [{ ...custom, columns: [] }, 'columns'],
      [{ ...custom, currencyCodes: { clp: '152' } }, 'currencyCodes'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await t.put('superAdmin', URL, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field ?? JSON.stringify(res.json()), JSON.stringify(payload)).toContain(field);
    }
    expect((await t.get('superAdmin', URL)).json().customised).toBe(false);
  });

  it('a new layout shapes the next file of a company (encoding, line ends, codes, dates, decimals), is audited, and a filing keeps its own file after the layout changes back', async () => {
    const op = await cashOperation(t, {
      transactionDate: '2026-02-10',
      cash: 30_000_000,
      dni: docs.rut(),
      person: { name: 'José', fatherName: 'Pérez' },
    });
    const before = await txt('2026-02-01', '2026-02-28');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['content-type']).toContain('utf-8');
    expect(before.body.split('\r\n')[0]).toBe(DEFAULT_ROE_LAYOUT.columns.map((c) => c.header).join(';'));

    const put = await t.put('superAdmin', URL, custom);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ customised: true, updatedByName: expect.any(String) });
    const audited = await sql<{ after: { separator: string } }>`
      select after from audit_log where action = 'report.roeLayout.changed' order by created_at desc limit 1`.execute(
      t.deps.db,
    );
    expect(audited.rows[0]?.after.separator).toBe('|');

    const after = await txt('2026-02-01', '2026-02-28');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.headers['content-type']).toContain('iso-8859-1');
    const bytes = after.rawPayload;
    expect(bytes.includes(Buffer.from('\r\n'))).toBe(false);
    // ISO-8859-1: é is the one byte 0xE9, never UTF-8's two
    expect(bytes.includes(Buffer.from([0xe9]))).toBe(true);
    expect(bytes.includes(Buffer.from('é', 'utf8'))).toBe(false);
    const lines = bytes.toString('latin1').trimEnd().split('\n');
    expect(lines[0]).toBe('TIPO|VERSION|FECHA|MONEDA|MONTO|NOMBRE|RUT_SO');
    const line = lines.find((l) => l.includes('Pérez'))?.split('|');
    expect(line).toEqual(['R', '2', '20260210', '152', '30000000,00', expect.stringContaining('José'), '76086428-5']);
    expect(op.codigoFormatted).toBeTruthy();
    // a period without operations: the negative record type
    const negative = await txt('2026-04-01', '2026-04-30');
    expect(negative.rawPayload.toString('latin1').trimEnd().split('\n')[1]?.split('|')[0]).toBe('N');

    // filed under the new layout; the layout goes back; the filing's file is the one it stored
    const filed = await t.post('admin', '/api/informes/roe-uaf/filings', { from: '2026-02-01', to: '2026-02-28' });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().sha256).toBe(sha256(bytes));
    const reset = await t.del('superAdmin', URL);
    expect(reset.json()).toMatchObject({ customised: false, layout: DEFAULT_ROE_LAYOUT });
    const stored = await t.get('admin', `/api/informes/roe-uaf/filings/${filed.json().id}/file`);
    expect(sha256(stored.rawPayload)).toBe(filed.json().sha256);
    expect((await txt('2026-02-01', '2026-02-28')).rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it("codes the participant's person type, document type and country and the kind of transaction through the layout's tables; a value without a code is written as recorded", async () => {
    const res = await t.post('admin', '/api/consultations', {
      transactionDate: '2026-05-12',
      divisa: 'CLP',
      includesCash: true,
      transactionType: 'currencyPurchase',
      associates: [
        {
          dni: docs.rut(),
          type: 'natural',
          monto: 20_000_000,
          efective: 20_000_000,
          newFicha: { name: 'Ana', fatherName: 'Rojas', nationality: 'CL' },
        },
        {
          dni: 'AB123456',
          type: 'natural',
          dniType: { country: 'AR', document: 'PASSPORT' },
          monto: 15_000_000,
          efective: 15_000_000,
          newFicha: { name: 'Lucía', fatherName: 'Gómez', nationality: 'AR' },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const coded = {
      ...DEFAULT_ROE_LAYOUT,
      columns: [
        { header: 'TIPO_PERSONA', field: 'personType' as const },
        { header: 'TIPO_DOC', field: 'documentType' as const },
        { header: 'PAIS_DOC', field: 'documentCountry' as const },
        { header: 'NUM_DOC', field: 'documentNumber' as const },
        { header: 'TIPO_OPERACION', field: 'transactionType' as const },
      ],
      personTypeCodes: { natural: 'N', legal: 'J' },
      documentTypeCodes: { RUT: '1' },
      countryCodes: { CL: '152' },
      transactionTypeCodes: { currencyPurchase: '01' },
    };
    const put = await t.put('superAdmin', URL, coded);
    expect(put.statusCode, put.body).toBe(200);
    const lines = (await txt('2026-05-01', '2026-05-31')).body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('TIPO_PERSONA;TIPO_DOC;PAIS_DOC;NUM_DOC;TIPO_OPERACION');
    // the Chilean RUT and Chile have codes; the Argentine passport and Argentina have none: written as recorded
    expect(lines.slice(1).map((l) => l.split(';'))).toEqual([
      ['N', '1', '152', expect.stringMatching(/^\d+-[\dK]$/), '01'],
      ['N', 'PASSPORT', 'AR', 'AB123456', '01'],
    ]);
    // a code table refuses what it cannot key: an unknown document type, a country that is not ISO, an empty code
    for (const [payload, field] of [
      [{ ...coded, documentTypeCodes: { LICENCIA: '9' } }, 'documentTypeCodes'],
      [{ ...coded, countryCodes: { Chile: '152' } }, 'countryCodes'],
      [{ ...coded, personTypeCodes: { natural: '', legal: 'J' } }, 'personTypeCodes'],
      [{ ...coded, transactionTypeCodes: { currencyPurchase: '' } }, 'transactionTypeCodes'],
    ] as const) {
      const bad = await t.put('superAdmin', URL, payload);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().field ?? JSON.stringify(bad.json())).toContain(field);
    }
    // a layout stored before the code tables existed reads with the shipped tables
    const { personTypeCodes, documentTypeCodes, countryCodes, transactionTypeCodes, ...older } = DEFAULT_ROE_LAYOUT;
    const put2 = await t.put('superAdmin', URL, older);
    expect(put2.statusCode, put2.body).toBe(200);
    expect(put2.json().layout).toMatchObject({
      personTypeCodes,
      documentTypeCodes,
      countryCodes,
      transactionTypeCodes,
    });
    expect((await t.del('superAdmin', URL)).statusCode).toBe(200);
  });
});
