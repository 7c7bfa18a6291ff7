import { describe, expect, it } from 'vitest';
import { entityPath, entriesEditable, entryFields, listPath } from './list-paths';

describe('list screens', () => {
  it('opens the lists of international organisations under their own path, the others as global screening', () => {
    expect(listPath('onu')).toBe('/regcheck/lists/internationalOrganizations/onu');
    expect(listPath('interpol')).toBe('/regcheck/lists/internationalOrganizations/interpol');
    expect(listPath('ofac')).toBe('/regcheck/lists/screeningGlobal/ofac');
    expect(listPath('pep-register')).toBe('/regcheck/lists/screeningGlobal/pep-register');
    expect(entityPath('ofac', '306')).toBe('/regcheck/lists/screeningGlobal/ofac/expandedDetail/306');
  });

  it('edits entries one by one only on the public lists, with the fields each one has', () => {
    for (const id of ['gafi', 'interpol', 'keywords', 'ofac', 'onu', 'pdi', 'rtp', 'risk-cities'])
      expect(entriesEditable(id), id).toBe(true);
    expect(entriesEditable('eu-fsf')).toBe(false);
    expect(entriesEditable('pep-register')).toBe(false);
    expect(entryFields('gafi')).toEqual(['country', 'name', 'reason', 'remarks']);
    expect(entryFields('keywords')).toEqual(['word', 'reason']);
    expect(entryFields('ofac')).toContain('aliases');
  });
});
