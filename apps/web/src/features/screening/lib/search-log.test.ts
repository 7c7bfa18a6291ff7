import { describe, expect, it } from 'vitest';
import type { SearchLog } from '../api/screening-api';
import { EMPTY_LOG_FILTERS, searchLogCsv, searchLogWhere } from './search-log';

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
});
