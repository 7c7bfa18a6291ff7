import { describe, expect, it } from 'vitest';
import { emptyPepForm, expirationPreview, toCreatePayload, toUpdatePayload, validate } from './pep-form';

describe('the PEP form', () => {
  it('checks the document by country, the office dates and the primary of a related person', () => {
    const v = { ...emptyPepForm(), dni: '12.345.678-9', name: 'Ana' };
    expect(validate(v, 'create')).toEqual({ dni: 'rut' });
    expect(validate({ ...v, dni: '12.345.678-5' }, 'create')).toEqual({});
    expect(validate({ ...v, country: 'BR', dni: '529.982.247-26' }, 'create')).toEqual({ dni: 'cpf' });
    expect(
      validate({ ...v, dni: '12.345.678-5', officeStart: '2020-05-01', officeEnd: '2020-04-30' }, 'create'),
    ).toEqual({
      officeEnd: 'endBeforeStart',
    });
    expect(validate({ ...v, dni: '12.345.678-5', pepLevel: '2' }, 'create')).toEqual({
      primaryPersonId: 'primaryRequired',
      relation: 'required',
    });
    // the document is not edited
    expect(validate({ ...v, dni: '' }, 'edit')).toEqual({});
  });

  it('computes the expiration shown: Chile 1 year, Brazil 5, in office none, a related person the primary’s', () => {
    const cl = { ...emptyPepForm(), officeEnd: '2025-06-30' };
    expect(expirationPreview(cl, null, '2026-01-01')).toEqual({
      kind: 'date',
      date: '2026-06-30',
      years: 1,
      past: false,
    });
    expect(expirationPreview({ ...cl, country: 'BR' }, null, '2026-01-01')).toMatchObject({
      date: '2030-06-30',
      years: 5,
    });
    expect(expirationPreview({ ...cl, officeEnd: '' }, null)).toEqual({ kind: 'inOffice', years: 1 });
    expect(expirationPreview({ ...cl, officeEnd: '2020-01-01' }, null, '2026-01-01')).toMatchObject({ past: true });
    const rel = { ...emptyPepForm('p1') };
    expect(expirationPreview(rel, null)).toEqual({ kind: 'pickPrimary' });
    expect(expirationPreview(rel, { pepExpiration: '2027-03-11' }, '2026-01-01')).toEqual({
      kind: 'followsPrimary',
      date: '2027-03-11',
      past: false,
    });
  });

  it('sends what the API takes: empty fields left out on create and cleared on edit, no primary on a level 1', () => {
    const v = {
      ...emptyPepForm(),
      dni: ' 12.345.678-5 ',
      name: ' Ana Pérez ',
      position: 'Ministra',
      relation: 'spouse',
    };
    expect(toCreatePayload(v)).toEqual({
      country: 'CL',
      personType: 'natural',
      dni: '12.345.678-5',
      name: 'Ana Pérez',
      pepLevel: 1,
      position: 'Ministra',
      institution: undefined,
      officeStart: undefined,
      officeEnd: undefined,
      primaryPersonId: undefined,
      relation: undefined,
      email: undefined,
      phone: undefined,
      address: undefined,
    });
    expect(toUpdatePayload({ ...v, pepLevel: '2', primaryPersonId: 'p1' })).toMatchObject({
      pepLevel: 2,
      primaryPersonId: 'p1',
      relation: 'spouse',
      institution: null,
      officeEnd: null,
    });
  });
});
