import { LOCALES, translate } from '@regcheck/shared';
import {
  COUNTRY_LIST_IDS,
  COUNTRY_LIST_REASON_KEYS,
  listEntryName,
  listVersionLabel,
  SEEDED_VERSION_LABEL_KEYS,
} from '@regcheck/shared/list-entries';
import { findCountry } from '@regcheck/shared/reference/countries';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

/*
 * Issue 27, point 4 (decision 190): every list the product ships is named in the reader's language, and so is every
 * entry of the FATF and preferential-tax-regime lists it seeds (stored in English: "Algeria", "increased
 * monitoring"). Read from the migrated database, so a list or an entry added without its translations fails here.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

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

  it("every version the product seeds reads its label in the reader's language (the FATF plenary, the tax regimes)", async () => {
    const seeded = (
      await sql<{ sourceId: string; label: string }>`
        select source_id as "sourceId", label from list_versions where origin = 'default'`.execute(t.deps.db)
    ).rows;
    expect(seeded.map((v) => v.sourceId).sort()).toEqual(['gafi', 'rtp']);
    for (const v of seeded) {
      expect(SEEDED_VERSION_LABEL_KEYS[v.label], v.label).toBeDefined();
      for (const l of LOCALES) {
        const shown = listVersionLabel((k, p) => translate(l, k, p), v.label);
        expect(shown, `${l} ${v.label}`).not.toBe(SEEDED_VERSION_LABEL_KEYS[v.label]);
        if (l !== 'en') expect(shown, `${l} ${v.label}`).not.toBe(v.label);
      }
    }
    const fatf = seeded.find((v) => v.sourceId === 'gafi')?.label ?? '';
    expect(listVersionLabel((k, p) => translate('es', k, p), fatf)).toBe('Plenario del GAFI de febrero de 2026');
    expect(listVersionLabel((k, p) => translate('pt-BR', k, p), fatf)).toBe('Plenária do GAFI de fevereiro de 2026');
    expect(listVersionLabel((k, p) => translate('en', k, p), fatf)).toBe('FATF plenary, February 2026');
  });

  it("a version named by the server after its list reads the list's name in the reader's language; a typed one as typed", () => {
    const es = (k: string, p?: Record<string, unknown>) => translate('es', k, p);
    const un = { name: 'UN Security Council consolidated list', shownName: translate('es', 'screening:catalog.onu') };
    expect(un.shownName).not.toBe(un.name);
    expect(listVersionLabel(es, 'UN Security Council consolidated list fetched 2026-11-30 06:00', un)).toBe(
      `${un.shownName}, descargada el 2026-11-30 06:00`,
    );
    expect(listVersionLabel(es, 'UN Security Council consolidated list 2026-11-30', un)).toBe(
      `${un.shownName} 2026-11-30`,
    );
    expect(listVersionLabel(es, 'OFAC SDN 2024-05-03', { name: 'OFAC SDN', shownName: 'OFAC SDN' })).toBe(
      'OFAC SDN 2024-05-03',
    );
    expect(listVersionLabel(es, 'Lista de junio', un)).toBe('Lista de junio');
  });
});
