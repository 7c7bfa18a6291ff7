import { derivePepStatus } from '@regcheck/shared';
import { describe, expect, it } from 'vitest';
import { formSources } from './fichas.pep';

/* A signed PEP form as a source of the one PEP status (decision 170): what its answers state. */

describe('a signed PEP form as a source', () => {
  it('answered yes to being a PEP: level 1 with the position and institution of its own row, no end', () => {
    const s = formSources({
      id: 'f1',
      data: {
        isPep: 'yes',
        isRelated: 'no',
        relations: [
          { pepName: 'Yo', position: 'Alcaldesa', institution: 'Municipalidad de Ñuñoa', relationType: 'self' },
        ],
      },
    });
    expect(s).toEqual([
      { kind: 'form', level: 1, position: 'Alcaldesa', institution: 'Municipalidad de Ñuñoa', refId: 'f1' },
    ]);
    expect(derivePepStatus(s, '2026-11-29', 1)).toMatchObject({ status: 'direct', until: null, source: 'form' });
  });

  it('answered yes to being related to a PEP: level 2 naming the PEP and the relation; no to both: no source', () => {
    const s = formSources({
      id: 'f2',
      data: JSON.stringify({
        isPep: 'no',
        isRelated: 'yes',
        relations: [{ pepName: 'Ana Soto', position: 'Senadora', institution: 'Senado', relationType: 'spouse' }],
      }),
    });
    expect(s).toMatchObject([{ level: 2, relation: 'spouse', relatedName: 'Ana Soto', position: 'Senadora' }]);
    expect(formSources({ id: 'f3', data: { isPep: 'no', isRelated: 'no', relations: [] } })).toEqual([]);
  });
});
