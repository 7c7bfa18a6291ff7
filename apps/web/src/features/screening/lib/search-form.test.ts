import { describe, expect, it } from 'vitest';
import { canSearch, scorePercent, splitsFamilyNames, toPayload as toSearchBody } from './search-form';

const base = {
  personType: 'natural' as const,
  country: 'CL',
  name: '',
  fatherName: '',
  motherName: '',
  documentType: 'RUT',
  dni: '',
  birthDate: '',
  city: '',
};

describe('individual search form', () => {
  it('splits the family names for natural persons in Chile only', () => {
    expect(splitsFamilyNames('CL', 'natural')).toBe(true);
    expect(splitsFamilyNames('CL', 'legal')).toBe(false);
    expect(splitsFamilyNames('BR', 'natural')).toBe(false);
  });

  it('builds the body without empty fields', () => {
    expect(toSearchBody({ ...base, name: ' Juan ', fatherName: 'Pérez', dni: '' })).toEqual({
      personType: 'natural',
      name: 'Juan',
      fatherName: 'Pérez',
      country: 'CL',
    });
    expect(toSearchBody({ ...base, country: 'BR', name: 'Ana', fatherName: 'x' })).toEqual({
      personType: 'natural',
      name: 'Ana',
      country: 'BR',
    });
  });

  it('needs a name or a document', () => {
    expect(canSearch(base)).toBe(false);
    expect(canSearch({ ...base, dni: '12.345.678-5' })).toBe(true);
    expect(canSearch({ ...base, fatherName: 'Soto' })).toBe(true);
  });

  it('shows scores as percentages', () => {
    expect(scorePercent(0.8731)).toBe('87%');
    expect(scorePercent(1)).toBe('100%');
  });
});
