import { describe, expect, it } from 'vitest';
import { pepLine } from './pep-line';

/* The ficha's PEP line (decision 170) as the page says it; `t` shows the key and its values. */
const t = (key: string, params?: Record<string, unknown>) =>
  params
    ? `${key}(${Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .join(';')})`
    : key;

describe('pepLine', () => {
  it('PEP until <date>: <position>, <institution> (source)', () => {
    const line = pepLine(
      {
        state: 'pep',
        until: '2026-12-29',
        position: 'Subsecretaria',
        institution: 'Ministerio',
        source: 'register',
        relatedName: null,
        level: 1,
      },
      t,
    );
    expect(line).toBe(
      'fichas:pepLine.until(date=29/12/2026;details=Subsecretaria, Ministerio;source=fichas:pepLine.sources.register)',
    );
  });

  it('says when the position is not given, names the PEP of a relation, and a former PEP', () => {
    const base = { until: null, position: null, institution: null, relatedName: null, level: 1 as const };
    expect(pepLine({ ...base, state: 'pep', source: 'declaration' }, t)).toContain('details=fichas:pepLine.noOffice');
    expect(
      pepLine({ ...base, state: 'pep', source: 'relation', level: 2, relatedName: 'Ana', relation: 'spouse' }, t),
    ).toContain('relation=fichas:pepLine.relations.spouse;name=Ana');
    expect(pepLine({ ...base, state: 'former', until: '2024-06-01', source: 'declaration' }, t)).toContain(
      'fichas:pepLine.former(date=01/06/2024',
    );
    expect(pepLine(null, t)).toBe('fichas:pepLine.none');
  });

  it("names a Brazilian co-owner's PEP and the legal person they hold together (decision 196)", () => {
    const line = pepLine(
      {
        state: 'pep',
        until: '2030-01-31',
        position: 'Deputada federal',
        institution: 'Câmara dos Deputados',
        source: 'jointOwnership',
        relatedName: 'Helena Prates',
        level: 2,
        relation: 'jointOwnership',
        through: 'Prates Participações Ltda',
      },
      t,
    );
    expect(line).toBe(
      'fichas:pepLine.until(date=31/01/2030;details=fichas:pepLine.jointOwnershipOf(name=Helena Prates;company=Prates Participações Ltda;office=Deputada federal, Câmara dos Deputados);source=fichas:pepLine.sources.jointOwnership)',
    );
  });
});
