import { describe, expect, it } from 'vitest';
import type { SearchLog } from '../api/screening-api';
import { allLogPages, EMPTY_LOG_FILTERS, searchLogCsv, searchLogWhere } from './search-log';

describe('search log filters and export', () => {
  it('builds the where from the filters', () => {
    expect(searchLogWhere(EMPTY_LOG_FILTERS)).toEqual({ kind: 'individual' });
    expect(searchLogWhere({ term: ' Pérez ', result: 'hits', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      and: [
        { kind: 'individual' },
        { or: [{ name: { ilike: '%Pérez%' } }, { dni: { ilike: '%Pérez%' } }] },
        { total: { gt: 0 } },
        { createdAt: { gte: '2026-01-01T00:00:00.000Z' } },
        { createdAt: { lte: '2026-01-31T23:59:59.999Z' } },
      ],
    });
    expect(searchLogWhere({ ...EMPTY_LOG_FILTERS, result: 'clean' })).toEqual({
      and: [{ kind: 'individual' }, { total: 0 }],
    });
  });

  it('exports semicolon-separated CSV with quoted cells where needed', () => {
    const row = { id: '1', name: 'Pérez; Juan', dni: '1-9', total: 2 } as unknown as SearchLog;
    const csv = searchLogCsv([row], ['Nombre', 'Documento', 'Listas'], (r) => [r.name, r.dni, r.total]);
    expect(csv).toBe('\uFEFFNombre;Documento;Listas\r\n"Pérez; Juan";1-9;2\r\n');
  });

  it('filters by the user who searched', () => {
    expect(searchLogWhere({ ...EMPTY_LOG_FILTERS, userId: 'u-1' })).toEqual({
      and: [{ kind: 'individual' }, { userId: 'u-1' }],
    });
  });

  it('gathers every page for the export and says when it stopped at the limit', async () => {
    const log = (i: number) => ({ id: String(i) }) as unknown as SearchLog;
    const server = (total: number) => async (skip: number, limit: number) =>
      Array.from({ length: Math.max(0, Math.min(limit, total - skip)) }, (_, i) => log(skip + i));
    const all = await allLogPages(server(2500), 10_000, 1000);
    expect(all.rows.map((r) => r.id)).toEqual(Array.from({ length: 2500 }, (_, i) => String(i)));
    expect(all.truncated).toBe(false);
    const exact = await allLogPages(server(3000), 3000, 1000);
    expect(exact).toMatchObject({ truncated: false });
    expect(exact.rows).toHaveLength(3000);
    const cut = await allLogPages(server(3500), 3000, 1000);
    expect(cut.rows).toHaveLength(3000);
    expect(cut.truncated).toBe(true);
  });
});
