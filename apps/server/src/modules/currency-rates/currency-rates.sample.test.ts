import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { extendSampleRates } from './currency-rates.repo';

const t = useTestApp();

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the demo keeps its sample rates running past today', () => {
  it("today's cash and the next weeks' have a sample rate at most a few days old (the series of migration 0300 ends on 2026-12-31)", async () => {
    for (const divisa of ['CLP', 'UF', 'BRL']) {
      const res = await t.get('admin', `/api/divisas/por-fecha?fecha=${dayFromNow(55)}&divisa=${divisa}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { rateDate: string; source: string };
      expect(body.source).toBe('sample');
      // a weekend or two at most between the day asked and its rate
      expect(Date.parse(dayFromNow(55)) - Date.parse(body.rateDate)).toBeLessThanOrEqual(3 * 86_400_000);
    }
  });

  it('continues after the last rate stored, whatever its source, and never replaces one', async () => {
    const official = dayFromNow(75);
    const body = { rates: [{ divisa: 'CLP', fecha: official, perUsd: 999.99, source: 'BCCh observed dollar' }] };
    const put = await t.put('superAdmin', '/api/divisas', body);
    expect(put.statusCode, put.body).toBe(200);
    const added = await extendSampleRates(t.deps.db, dayFromNow(90));
    expect(added).toBeGreaterThan(5);
    const rows = await t.deps.db
      .selectFrom('currencyRates')
      .select(['source', 'perUsd'])
      .where('divisa', '=', 'CLP')
      .where('fecha', '=', official)
      .execute();
    expect(rows).toEqual([{ source: 'BCCh observed dollar', perUsd: expect.anything() }]);
    expect(Number(rows[0]?.perUsd)).toBe(999.99);
    // the days between the sample's end and the official day stay without a rate: only later days are added
    const between = await t.deps.db
      .selectFrom('currencyRates')
      .select('fecha')
      .where('divisa', '=', 'CLP')
      .where('fecha', '>', dayFromNow(62))
      .where('fecha', '<', official)
      .execute();
    expect(between).toEqual([]);
    expect(await extendSampleRates(t.deps.db, dayFromNow(90))).toBe(0);
  });
});
