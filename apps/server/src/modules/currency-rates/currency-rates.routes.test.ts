import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

describe('currency rates', () => {
  it('a missing day uses the last earlier rate; the sample series says it is a sample', async () => {
    const sat = await t.get('admin', '/api/divisas/por-fecha?fecha=2025-03-08&divisa=CLP');
    expect(sat.statusCode).toBe(200);
    expect(sat.json()).toMatchObject({ fecha: '2025-03-08', rateDate: '2025-03-07', source: 'sample' });
  });

  it('only the super administrator loads an official series, which then answers', async () => {
    const body = { rates: [{ divisa: 'CLP', fecha: '2025-03-07', perUsd: 934.12, source: 'BCCh observed dollar' }] };
    expect((await t.call({ method: 'PUT', url: '/api/divisas', payload: body })).statusCode).toBe(401);
    expect((await t.put('admin', '/api/divisas', body)).statusCode).toBe(403);
    const bad = await t.put('superAdmin', '/api/divisas', { rates: [{ ...body.rates[0], fecha: '07/03/2025' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('rates.0.fecha');
    const ok = await t.put('superAdmin', '/api/divisas', body);
    expect(ok.json()).toEqual({ loaded: 1 });
    const sat = await t.get('admin', '/api/divisas/por-fecha?fecha=2025-03-08&divisa=USD');
    expect(sat.json()).toMatchObject({ perUsd: 1, valueClp: 934.12, source: 'BCCh observed dollar' });
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'currencyRates.loaded')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
