import { DEFAULT_ROE_LAYOUT } from '@regcheck/shared/schemas/roe-layout';
import { describe, expect, it } from 'vitest';
import { layoutProblems } from './roe-layout';

describe('the ROE layout page checks (decision 180)', () => {
  it('finds nothing in the shipped layout and every problem of a bad one at once, each under its field, as a catalogue key', () => {
    expect(layoutProblems(DEFAULT_ROE_LAYOUT)).toEqual({});
    const cols = DEFAULT_ROE_LAYOUT.columns;
    const found = layoutProblems({
      ...DEFAULT_ROE_LAYOUT,
      separator: ',',
      decimalSeparator: ',',
      columns: [cols[0]!, { ...cols[1]!, header: cols[0]!.header }, { header: 'A|B', field: 'constant', value: '' }],
      recordTypes: { operation: '', negative: 'N' },
      currencyCodes: { clp: '152' },
      countryCodes: { Chile: '152' },
      documentTypeCodes: { PASSPORT: '' },
    });
    expect(found).toMatchObject({
      'columns.1.header': 'platform:roeLayout.errors.duplicateHeader',
      'columns.2.header': 'platform:roeLayout.errors.characters',
      'columns.2.value': 'platform:roeLayout.errors.required',
      'recordTypes.operation': 'platform:roeLayout.errors.required',
      decimalSeparator: 'platform:roeLayout.errors.decimal',
    });
    expect(Object.keys(found).some((k) => k.startsWith('currencyCodes'))).toBe(true);
    // the code tables of decision 204: a country that is not ISO, a document type without its code
    expect(Object.entries(found).find(([k]) => k.startsWith('countryCodes'))?.[1]).toBe(
      'platform:roeLayout.errors.country',
    );
    expect(found['documentTypeCodes.PASSPORT']).toBe('platform:roeLayout.errors.required');
  });
});
