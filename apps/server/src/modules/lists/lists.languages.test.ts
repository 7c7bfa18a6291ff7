import { LOCALES, translate } from '@regcheck/shared';
import { COUNTRY_LIST_IDS, COUNTRY_LIST_REASON_KEYS, listEntryName } from '@regcheck/shared/list-entries';
import { findCountry } from '@regcheck/shared/reference/countries';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

/*
 * Issue 27, point 4 (decision 190): every list the product ships is named in the reader's language, and so is every
 * entry of the FATF and preferential-tax-regime lists it seeds (stored in English: "Algeria", "increased
 * monitoring"). Read from the migrated database, so a list or an entry added without its translations fails here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t?.close();
});

describe('the lists in the three languages', () => {
  it('every list source has its name in es, pt-BR and en, none left in English in es or pt-BR', async () => {
    const sources = (await sql<{ id: string; name: string }>`select id, name from list_sources`.execute(t.deps.db))
      .rows;
    expect(sources.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const s of sources)
      for (const l of LOCALES) {
        const key = `screening:catalog.${s.id}`;
        const name = translate(l, key);
        if (name === key || name.trim() === '') missing.push(`${l} ${s.id}`);
      }
    expect(missing).toEqual([]);
    expect(translate('es', 'screening:catalog.gafi')).toBe('Países del GAFI');
    expect(translate('es', 'screening:catalog.pep-register')).toBe('Registro PEP de RegCheck');
  });

  it('every seeded FATF and tax-regime entry reads its country and reason in each language', async () => {
    const rows = (
      await sql<{ sourceId: string; names: string[]; countries: string[]; remarks: string | null }>`
        select v.source_id as "sourceId", e.names, e.countries, e.remarks
        from list_entities e join list_versions v on v.id = e.version_id
        where v.source_id in ('gafi', 'rtp') and v.status = 'active'`.execute(t.deps.db)
    ).rows;
    expect(rows.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const r of rows) {
      expect(COUNTRY_LIST_IDS).toContain(r.sourceId);
      if (!findCountry(r.countries[0] ?? '')) problems.push(`${r.sourceId} ${r.names[0]}: no country`);
      if (!r.remarks || !COUNTRY_LIST_REASON_KEYS[r.remarks])
        problems.push(`${r.sourceId} ${r.names[0]}: ${r.remarks}`);
    }
    expect(problems).toEqual([]);
    const algeria = rows.find((r) => r.countries[0] === 'DZ');
    expect(algeria?.names[0]).toBe('Algeria');
    expect(listEntryName('gafi', algeria?.names[0] ?? '', algeria?.countries ?? [], 'es')).toBe('Argelia');
    expect(listEntryName('gafi', algeria?.names[0] ?? '', algeria?.countries ?? [], 'pt-BR')).toBe('Argélia');
  });
});
