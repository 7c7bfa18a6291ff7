import { describe, expect, it } from 'vitest';
import { scorePercent } from '../../../app/screening/screening-review-api';
import { canSearch, createFichaLink, splitsFamilyNames, toPayload as toSearchBody, validate } from './search-form';

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

  it('checks the document per country as the ficha form does', () => {
    expect(validate({ ...base, dni: '12.345.678-9' })).toEqual({ dni: 'documentInvalid' });
    expect(validate({ ...base, dni: '12.345.678-5' })).toEqual({});
    expect(validate({ ...base, country: 'BR', documentType: 'CPF', dni: '111.111.111-11' })).toEqual({
      dni: 'documentInvalid',
    });
    expect(validate({ ...base, country: 'AR', documentType: 'PASSPORT', dni: 'X123' })).toEqual({});
    expect(toSearchBody({ ...base, dni: '12.345.678-5' })).toMatchObject({ dni: '12.345.678-5', documentType: 'RUT' });
  });

  it('a legal person is searched without a birth date; the new ficha carries what was searched', () => {
    expect(toSearchBody({ ...base, personType: 'legal', name: 'Acme', birthDate: '1990-01-01' })).not.toHaveProperty(
      'birthDate',
    );
    expect(
      createFichaLink({ ...base, name: 'Juan', fatherName: 'Pérez', dni: '12.345.678-5', birthDate: '1980-05-12' }),
    ).toBe(
      '/home/person/create?type=natural&dni=12.345.678-5&documentType=RUT&name=Juan&fatherName=P%C3%A9rez&birthDate=1980-05-12&nationality=CL',
    );
    expect(createFichaLink({ ...base, personType: 'legal', name: 'Acme SpA' })).toBe(
      '/home/person/create?type=legal&documentType=RUT&socialReason=Acme+SpA',
    );
  });

  it('shows scores as percentages', () => {
    expect(scorePercent(0.8731)).toBe('87%');
    expect(scorePercent(1)).toBe('100%');
  });
});
