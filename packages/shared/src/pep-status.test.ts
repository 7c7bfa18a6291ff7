import { describe, expect, it } from 'vitest';
import { addYearsToDay, derivePepStatus, pepYearsOf, sourceUntil } from './pep-status';

/* The one PEP rule (decision 170): every source, the company's years after office, expiry by the day. */

describe('derivePepStatus', () => {
  const today = '2026-11-29';

  it('a register PEP who left office 11 months ago is PEP until a year after office (Chile 1)', () => {
    const p = derivePepStatus(
      [
        {
          kind: 'register',
          level: 1,
          position: 'Subsecretaria',
          institution: 'Ministerio de Hacienda',
          since: '2022-03-11',
          officeEnd: '2025-12-29',
        },
      ],
      today,
      1,
    );
    expect(p).toMatchObject({
      status: 'direct',
      level: 1,
      state: 'pep',
      until: '2026-12-29',
      position: 'Subsecretaria',
      institution: 'Ministerio de Hacienda',
      source: 'register',
    });
  });

  it('a declared PEP whose expiration has passed is a former PEP, not PEP', () => {
    const p = derivePepStatus([{ kind: 'declaration', level: 1, until: '2024-06-01' }], today, 1);
    expect(p).toMatchObject({ status: null, level: null, state: 'former', until: '2024-06-01' });
  });

  it('the end of the day itself is still PEP; the next day it is not', () => {
    expect(derivePepStatus([{ kind: 'declaration', level: 1, until: today }], today, 1).status).toBe('direct');
    expect(derivePepStatus([{ kind: 'declaration', level: 1, until: '2026-11-28' }], today, 1).status).toBeNull();
  });

  it('level 1 wins over a relation; the latest end wins among equals; no end is the latest', () => {
    const p = derivePepStatus(
      [
        { kind: 'relation', level: 2, until: '2030-01-01', relation: 'spouse', relatedName: 'Ana' },
        { kind: 'declaration', level: 1, until: '2027-01-01' },
        { kind: 'form', level: 1, position: 'Alcalde' },
      ],
      today,
      1,
    );
    expect(p).toMatchObject({ status: 'direct', until: null, source: 'form', position: 'Alcalde' });
    expect(p.sources).toHaveLength(3);
  });

  it('only a relation: consanguineous (level 2) with the related PEP named', () => {
    const p = derivePepStatus(
      [{ kind: 'relation', level: 2, until: '2027-05-01', relation: 'relative', relatedName: 'Ana Pérez' }],
      today,
      5,
    );
    expect(p).toMatchObject({ status: 'consanguineous', level: 2, relatedName: 'Ana Pérez', relation: 'relative' });
  });

  it('no source: never PEP', () => {
    expect(derivePepStatus([], today, 1)).toMatchObject({ status: null, state: 'none', source: null });
  });
});

describe("the company's years after office", () => {
  it('default by country, the setting when valid, never below the country minimum', () => {
    expect(pepYearsOf({}, 'CL')).toBe(1);
    expect(pepYearsOf({}, 'BR')).toBe(5);
    expect(pepYearsOf({ pepYearsAfterOffice: 3 }, 'CL')).toBe(3);
    expect(pepYearsOf({ pepYearsAfterOffice: 3 }, 'BR')).toBe(5);
    expect(pepYearsOf({ pepYearsAfterOffice: 2.5 }, 'CL')).toBe(1);
  });

  it("a source's own end and the computed one: the later; 29 February plus a year is 28 February", () => {
    expect(sourceUntil({ officeEnd: '2025-01-10', until: '2025-06-01' }, 1)).toBe('2026-01-10');
    expect(sourceUntil({ officeEnd: '2020-12-31', until: '2025-12-31' }, 1)).toBe('2025-12-31');
    expect(sourceUntil({}, 1)).toBeNull();
    expect(addYearsToDay('2024-02-29', 1)).toBe('2025-02-28');
  });
});
