import { describe, expect, it } from 'vitest';
import {
  BENEFICIAL_OWNER_RELATION_TYPES,
  beneficialOwnerSettings,
  beneficialOwners,
  carriesOwnership,
  OWNERSHIP_MAX_DEPTH,
  type OwnershipEdge,
} from './beneficial-owners';

const DEFAULTS = { threshold: 10, inclusive: true };
const company = { id: 'co', personType: 'legal' as const };

function edge(
  fichaId: string,
  relatedFichaId: string,
  participation: number | null,
  relationType = 'partners',
  more: Partial<OwnershipEdge> = {},
): OwnershipEdge {
  return {
    fichaId,
    relatedFichaId,
    relationType,
    participation,
    relatedPersonType: relatedFichaId.startsWith('p') ? 'natural' : 'legal',
    relatedActive: true,
    ...more,
  };
}
const ids = (r: ReturnType<typeof beneficialOwners>) => r.owners.map((o) => o.fichaId);

describe('beneficial owners', () => {
  it('one list of relation types: partners, beneficiary and both carry ownership; effective control is read too', () => {
    expect(['partners', 'beneficiary', 'both'].every(carriesOwnership)).toBe(true);
    expect(carriesOwnership('effectiveControl')).toBe(false);
    expect(carriesOwnership('representant')).toBe(false);
    expect([...BENEFICIAL_OWNER_RELATION_TYPES].sort()).toEqual(
      ['both', 'beneficiary', 'effectiveControl', 'partners'].sort(),
    );
  });

  it('settings come from the company settings, 10 % inclusive by default', () => {
    expect(beneficialOwnerSettings(null)).toEqual(DEFAULTS);
    expect(beneficialOwnerSettings({ screeningThreshold: 0.8 })).toEqual(DEFAULTS);
    expect(beneficialOwnerSettings({ beneficialOwnerThreshold: 25, beneficialOwnerInclusive: false })).toEqual({
      threshold: 25,
      inclusive: false,
    });
  });

  it('a legal ficha whose only partner holds 5 % is owner unresolved; a natural ficha never is', () => {
    const r = beneficialOwners(company, [edge('co', 'p1', 5)], DEFAULTS);
    expect(r).toMatchObject({ threshold: 10, inclusive: true, owners: [], unresolved: true });
    expect(beneficialOwners({ id: 'co', personType: 'natural' }, [], DEFAULTS).unresolved).toBe(false);
    expect(beneficialOwners(company, [], DEFAULTS).unresolved).toBe(true);
  });

  it('exactly the threshold counts when inclusive, not when exclusive', () => {
    const edges = [edge('co', 'p1', 10), edge('co', 'p2', 9.99)];
    expect(ids(beneficialOwners(company, edges, DEFAULTS))).toEqual(['p1']);
    const exclusive = beneficialOwners(company, edges, { threshold: 10, inclusive: false });
    expect(exclusive).toMatchObject({ owners: [], unresolved: true });
    expect(ids(beneficialOwners(company, [edge('co', 'p1', 10.01)], { threshold: 10, inclusive: false }))).toEqual([
      'p1',
    ]);
  });

  it('multiplies shares along each chain and adds them across chains', () => {
    const edges = [
      edge('co', 'h1', 40),
      edge('h1', 'p1', 50), // 40 % x 50 % = 20 %
      edge('co', 'p2', 9.99),
      edge('h1', 'p2', 20), // 9.99 + 40 % x 20 % = 17.99
      edge('h1', 'p5', 20, 'beneficiary'), // 40 % x 20 % = 8 %: below the threshold
      edge('h1', 'h2', 50),
      edge('h2', 'p3', 40), // 40 % x 50 % x 40 % + 25 % x 40 % = 18 %
      edge('co', 'h2', 25),
    ];
    const r = beneficialOwners(company, edges, DEFAULTS);
    const by = Object.fromEntries(r.owners.map((o) => [o.fichaId, o]));
    expect(by.p1).toEqual({
      fichaId: 'p1',
      participation: 20,
      directParticipation: 0,
      basis: 'ownership',
      paths: [['co', 'h1', 'p1']],
    });
    expect(by.p2).toMatchObject({ participation: 17.99, directParticipation: 9.99 });
    expect(by.p2?.paths).toEqual([
      ['co', 'h1', 'p2'],
      ['co', 'p2'],
    ]);
    expect(by.p5).toBeUndefined();
    expect(by.p3).toMatchObject({
      participation: 18,
      paths: [
        ['co', 'h1', 'h2', 'p3'],
        ['co', 'h2', 'p3'],
      ],
    });
    expect(by.h1).toBeUndefined(); // companies are never beneficial owners themselves
    expect(ids(r)).toEqual(['p1', 'p3', 'p2']);
    expect(r.unresolved).toBe(false);
  });

  it('stops at cycles and after the depth limit; passes through inactive companies but never lists inactive owners', () => {
    const cycle = [edge('co', 'h1', 100), edge('h1', 'co', 100), edge('h1', 'p1', 50)];
    expect(beneficialOwners(company, cycle, DEFAULTS).owners).toMatchObject([{ fichaId: 'p1', participation: 50 }]);
    const chain: OwnershipEdge[] = [];
    for (let i = 0; i < OWNERSHIP_MAX_DEPTH + 1; i++) chain.push(edge(i === 0 ? 'co' : `h${i}`, `h${i + 1}`, 100));
    const last = `h${OWNERSHIP_MAX_DEPTH - 1}`;
    const atLimit = [...chain, edge(last, 'p1', 100)];
    expect(ids(beneficialOwners(company, atLimit, DEFAULTS))).toEqual(['p1']);
    const beyond = [...chain, edge(`h${OWNERSHIP_MAX_DEPTH}`, 'p1', 100)];
    expect(ids(beneficialOwners(company, beyond, DEFAULTS))).toEqual([]);
    const inactive = [
      edge('co', 'h1', 50, 'partners', { relatedActive: false }),
      edge('h1', 'p1', 100),
      edge('co', 'p2', 50, 'partners', { relatedActive: false }),
    ];
    expect(ids(beneficialOwners(company, inactive, DEFAULTS))).toEqual(['p1']);
  });

  it('effective control and declared beneficiaries count below the threshold; other relations do not', () => {
    const edges = [
      edge('co', 'p1', 5),
      edge('co', 'p2', null, 'effectiveControl'),
      edge('co', 'p3', 2, 'beneficiary'),
      edge('co', 'p4', null, 'both'),
      edge('co', 'p5', null, 'representant'),
      edge('h9', 'p6', null, 'effectiveControl'), // control is direct only
    ];
    const r = beneficialOwners(company, edges, DEFAULTS);
    const by = Object.fromEntries(r.owners.map((o) => [o.fichaId, o]));
    expect(Object.keys(by).sort()).toEqual(['p2', 'p3', 'p4']);
    expect(by.p2).toMatchObject({ basis: 'effectiveControl', participation: 0, paths: [['co', 'p2']] });
    expect(by.p3).toMatchObject({ basis: 'declared', participation: 2, directParticipation: 2 });
    expect(by.p4).toMatchObject({ basis: 'declared' });
    expect(r.unresolved).toBe(false);
    // a legal person under effective control is not an owner
    const legal = beneficialOwners(company, [edge('co', 'h1', null, 'effectiveControl')], DEFAULTS);
    expect(legal.unresolved).toBe(true);
  });
});
