import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkParticipation } from '../relationships/relationships.service';
import { resolveDocument, resolveTags } from './fichas.validation';
import { entryHash, mergeListHits } from './listas';

function rutDv(body: string) {
  let sum = 0;
  let w = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * w;
    w = w === 7 ? 2 : w + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 11 ? '0' : dv === 10 ? 'K' : String(dv);
}

const code = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (err) {
    return (err as { code?: string; field?: string }).code ?? 'thrown';
  }
};

describe('documents of a ficha (property)', () => {
  it('every way of typing a valid RUT stores the same dni and shows the same display form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 99_999_999 }), (n) => {
        const body = String(n);
        const dv = rutDv(body);
        const dotted = `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
        const forms = [dotted, `${body}-${dv}`, `${body}${dv.toLowerCase()}`, ` 0${body}-${dv} `];
        const stored = forms.map((f) => resolveDocument({ dni: f, dniType: { country: 'CL' } }, 'natural', 'CL').dni);
        expect(new Set(stored)).toEqual(new Set([`${body}-${dv}`]));
      }),
    );
  });

  it('a wrong check digit is always DOCUMENT_INVALID naming dni; a 22-character dni is a file without document', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 99_999_999 }), fc.integer({ min: 1, max: 10 }), (n, shift) => {
        const body = String(n);
        const digits = '0123456789K';
        const wrong = digits[(digits.indexOf(rutDv(body)) + shift) % 11];
        const err = (() => {
          try {
            resolveDocument({ dni: `${body}-${wrong}` }, 'natural', 'CL');
            return null;
          } catch (e) {
            return e as { code: string; field: string };
          }
        })();
        expect(err).toMatchObject({ code: 'DOCUMENT_INVALID', field: 'dni' });
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 22, maxLength: 22 }), (dni) => {
        fc.pre(dni.trim().length === 22);
        expect(resolveDocument({ dni }, 'natural', 'BR').dni).toBe(dni);
      }),
    );
  });

  it('Brazil defaults to CPF (natural) and CNPJ (legal); CPFs missing leading zeros are padded', () => {
    expect(resolveDocument({ dni: '12.345.678-5' }, 'natural', 'CL').dniType.document).toBe('RUT');
    const cpf = resolveDocument({ dni: '744.721.709-3', dniType: { country: 'BR' } }, 'natural', 'CL');
    expect(cpf).toMatchObject({ dni: '07447217093', dniType: { country: 'BR', document: 'CPF' } });
    expect(
      resolveDocument({ dni: '44038188000132', dniType: { country: 'Brasil' } }, 'legal', 'CL').dniType.document,
    ).toBe('CNPJ');
    expect(resolveDocument({ dni: 'X1234567', dniType: { country: 'DE' } }, 'natural', 'CL').dniType.document).toBe(
      'PASSPORT',
    );
  });
});

describe('tags and percentages (property)', () => {
  it('up to 20 distinct tags pass; 21 or a repeat ignoring case and accents fail', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-z]{1,12}$/), { minLength: 0, maxLength: 25 }), (names) => {
        const r = code(() => resolveTags(names.map((name) => ({ name }))));
        expect(r).toBe(names.length > 20 ? 'TAGS_TOO_MANY' : null);
      }),
    );
    expect(code(() => resolveTags([{ name: 'Minería' }, { name: 'MINERIA' }]))).toBe('TAGS_REPEATED');
  });

  it('ownership percentages: more than 1 and less than 100 with at most two decimals and a dot', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (cents) => {
        const value = (cents / 100).toFixed(2);
        const r = code(() => checkParticipation(value, 'partners'));
        expect(r).toBe(cents > 100 && cents < 10_000 ? null : 'OWNERSHIP_PERCENTAGE');
        expect(code(() => checkParticipation(value.replace('.', ','), 'partners'))).toBe('PERCENTAGE_FORMAT');
      }),
    );
    expect(code(() => checkParticipation('5.5', 'effectiveControl'))).toBeNull();
    expect(code(() => checkParticipation(null, 'partners'))).toBe('PERCENTAGE_REQUIRED');
  });
});

describe('list matches over time (property)', () => {
  it('a hit alerts once; again only when its entry changes; a dismissed entry does not alert until it changes', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Z][a-z]{2,8}$/), { minLength: 1, maxLength: 4 }), (aliases) => {
        const entity = { id: 'e1', names: ['Juan Malvado', ...aliases] };
        const hit = {
          entityId: 'e1',
          name: 'Juan Malvado',
          matchedName: 'Juan Malvado',
          score: 0.9,
          explanation: {},
          entity,
        };
        const first = mergeListHits(null, 'ofac', 'OFAC', [hit], 'all', new Map(), '1-9', 'natural');
        expect(first.alerts).toHaveLength(1);
        expect(first.listas.total).toBe(1);
        const again = mergeListHits(first.listas, 'ofac', 'OFAC', [hit], 'all', new Map(), '1-9', 'natural');
        expect(again.alerts).toHaveLength(0);
        const dismissals = new Map([
          ['ofac\u0001e1', { listId: 'ofac', entityId: 'e1', entryHash: entryHash(hit), reason: 'fp' }],
        ]);
        const dismissed = mergeListHits(
          first.listas,
          'ofac',
          'OFAC',
          [hit],
          new Set(['e1']),
          dismissals,
          '1-9',
          'natural',
        );
        expect(dismissed.alerts).toHaveLength(0);
        expect(dismissed.listas.total).toBe(0);
        const changed = { ...hit, entity: { ...entity, names: [...entity.names, 'Otro Alias'] } };
        const after = mergeListHits(
          dismissed.listas,
          'ofac',
          'OFAC',
          [changed],
          new Set(['e1']),
          dismissals,
          '1-9',
          'natural',
        );
        expect(after.alerts).toHaveLength(1);
        expect(after.listas.total).toBe(1);
      }),
      { numRuns: 50 },
    );
  });
});
