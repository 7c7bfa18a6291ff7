import { describe, expect, it } from 'vitest';
import { toPayload as toListInternBody } from './list-intern-form';

describe('list of interest form body', () => {
  const v = { dni: ' 12.345.678-5 ', name: '', personType: 'natural' as const, reason: 'other', otherReason: 'Prensa' };
  it('leaves empty fields out on create and clears them on edit', () => {
    expect(toListInternBody(v, false)).toEqual({
      dni: '12.345.678-5',
      name: undefined,
      personType: 'natural',
      reason: 'other',
      otherReason: 'Prensa',
    });
    expect(toListInternBody({ ...v, reason: 'pep' }, true)).toMatchObject({
      name: null,
      reason: 'pep',
      otherReason: null,
    });
  });
});
