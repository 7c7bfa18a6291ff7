import { describe, expect, it } from 'vitest';
import { criticalListRows, criticalListsToStore } from './critical-lists';

const sources = [
  { id: 'pep-br', name: 'PEP Brazil', kind: 'pep' as const },
  { id: 'gafi', name: 'FATF countries', kind: 'risk' as const },
  { id: 'ofac', name: 'OFAC SDN', kind: 'sanctions' as const },
  { id: 'onu', name: 'UN Security Council', kind: 'sanctions' as const },
];

describe('critical lists of the match review settings', () => {
  it('shows sanctions lists first, critical and locked; the others as the company marked them; then its own lists', () => {
    const rows = criticalListRows(sources, ['pep-br']);
    expect(rows.map((r) => [r.listId, r.critical, r.locked])).toEqual([
      ['ofac', true, true],
      ['onu', true, true],
      ['pep-br', true, false],
      ['gafi', false, false],
      ['blacklist', false, false],
      ['interest', false, false],
    ]);
  });

  it('stores only the marked lists that are not sanctions lists', () => {
    const rows = criticalListRows(sources, ['gafi', 'ofac', 'blacklist']);
    expect(criticalListsToStore(rows)).toEqual(['gafi', 'blacklist']);
    expect(criticalListsToStore(criticalListRows(sources, []))).toEqual([]);
  });

  it('keeps a marked list no source carries any more, so an administrator can unmark it', () => {
    const rows = criticalListRows(sources, ['old-list']);
    expect(rows.find((r) => r.listId === 'old-list')).toMatchObject({ critical: true, locked: false });
    expect(criticalListsToStore(rows)).toEqual(['old-list']);
  });
});
