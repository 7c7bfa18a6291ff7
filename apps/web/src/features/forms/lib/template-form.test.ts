import { describe, expect, it } from 'vitest';
import { linesToOptions, optionsToLines, templateProblems } from './template-form';

describe('template editor rules', () => {
  it('names unknown types, repeated keys, missing options and columns, a table inside a table', () => {
    const problems = templateProblems({
      title: 'T',
      sections: [
        {
          key: 's',
          title: 'S',
          fields: [
            { key: 'a', type: 'hologram' as 'text', label: 'A' },
            { key: 'a', type: 'select', label: 'B' },
            { key: '9x', type: 'table', label: 'C', columns: [{ key: 't', type: 'table', label: 'T' }] },
            { key: 'd', type: 'table', label: '' },
          ],
        },
      ],
    });
    expect(problems).toEqual([
      { path: 'sections.0.fields.0.type', key: 'typeUnknown' },
      { path: 'sections.0.fields.1.key', key: 'keyRepeated' },
      { path: 'sections.0.fields.1.options', key: 'optionsRequired' },
      { path: 'sections.0.fields.2.key', key: 'keyInvalid' },
      { path: 'sections.0.fields.2.columns.0.type', key: 'typeUnknown' },
      { path: 'sections.0.fields.3.label', key: 'labelRequired' },
      { path: 'sections.0.fields.3.columns', key: 'columnsRequired' },
    ]);
  });

  it('a valid template has no problem; options round-trip through lines', () => {
    expect(
      templateProblems({
        title: 'T',
        sections: [
          {
            key: 's',
            title: 'S',
            fields: [{ key: 'c', type: 'currency', label: 'C', options: [{ value: 'USD', label: 'USD' }] }],
          },
        ],
      }),
    ).toEqual([]);
    const o = linesToOptions('USD: Dólar\nCLP\n\n');
    expect(o).toEqual([
      { value: 'USD', label: 'Dólar' },
      { value: 'CLP', label: 'CLP' },
    ]);
    expect(optionsToLines(o)).toBe('USD: Dólar\nCLP: CLP');
  });
});
