import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_DOCUMENT_TYPES,
  DOCUMENT_TYPES,
  defaultDocumentType,
  documentTypesFor,
  formatDocument,
  isDocumentTypeAllowed,
  isFileWithoutDocument,
  maskDocument,
  normalizeDocument,
  PERSON_TYPES,
  validateDocument,
} from './country-documents';
import { cpfCheckDigits } from './cpf';
import { rutCheckDigit } from './rut';

describe('documentTypesFor', () => {
  it('follows the spec table', () => {
    expect(documentTypesFor('BR', 'natural')).toEqual(['CPF']);
    expect(documentTypesFor('BR', 'legal')).toEqual(['CNPJ']);
    expect(documentTypesFor('CL', 'natural')).toEqual(['RUT']);
    expect(documentTypesFor('cl', 'legal')).toEqual(['RUT']);
    expect(documentTypesFor('AR', 'natural')).toEqual(['DNI', 'CUIT', 'PASSPORT']);
    expect(documentTypesFor('AR', 'legal')).toEqual(['CUIT']);
    expect(documentTypesFor('MX', 'legal')).toEqual(['RFC']);
    expect(documentTypesFor('EC', 'natural')).toEqual(['RUC']);
  });

  it('gives Passport for natural and ID for legal elsewhere', () => {
    expect(documentTypesFor('US', 'natural')).toEqual(['PASSPORT']);
    expect(documentTypesFor('VE', 'legal')).toEqual(['ID']);
    expect(documentTypesFor(undefined, 'natural')).toEqual(['PASSPORT']);
  });

  it('every country in the table has at least one type per person type, all known', () => {
    for (const allowed of Object.values(COUNTRY_DOCUMENT_TYPES)) {
      for (const p of PERSON_TYPES) {
        expect(allowed[p].length).toBeGreaterThan(0);
        for (const t of allowed[p]) expect(DOCUMENT_TYPES).toContain(t);
      }
    }
  });
});

describe('isDocumentTypeAllowed', () => {
  it('requires the type to match country and person type', () => {
    expect(isDocumentTypeAllowed('BR', 'natural', 'CPF')).toBe(true);
    expect(isDocumentTypeAllowed('BR', 'natural', 'CNPJ')).toBe(false);
    expect(isDocumentTypeAllowed('BR', 'legal', 'cnpj')).toBe(true);
    expect(isDocumentTypeAllowed('AR', 'legal', 'DNI')).toBe(false);
    expect(isDocumentTypeAllowed('CL', 'natural', 'PASSPORT')).toBe(false);
    expect(isDocumentTypeAllowed('FR', 'natural', 'PASSPORT')).toBe(true);
    expect(isDocumentTypeAllowed('FR', 'legal', 'PASSPORT')).toBe(false);
    expect(isDocumentTypeAllowed('CL', 'natural', 'FOO')).toBe(false);
    expect(isDocumentTypeAllowed('CL', 'natural', null)).toBe(false);
  });
});

describe('defaultDocumentType', () => {
  it('is CPF/CNPJ for Brazil and RUT otherwise', () => {
    expect(defaultDocumentType('BR', 'natural')).toBe('CPF');
    expect(defaultDocumentType('BR', 'legal')).toBe('CNPJ');
    expect(defaultDocumentType('CL', 'natural')).toBe('RUT');
    expect(defaultDocumentType('CL', 'legal')).toBe('RUT');
    expect(defaultDocumentType('', 'legal')).toBe('RUT');
  });

  it('falls back to an allowed type where RUT is not allowed', () => {
    expect(defaultDocumentType('AR', 'natural')).toBe('DNI');
    expect(defaultDocumentType('PE', 'legal')).toBe('RUC');
    expect(defaultDocumentType('DE', 'natural')).toBe('PASSPORT');
    for (const c of [...Object.keys(COUNTRY_DOCUMENT_TYPES), 'US', 'FR']) {
      for (const p of PERSON_TYPES) expect(isDocumentTypeAllowed(c, p, defaultDocumentType(c, p))).toBe(true);
    }
  });
});

describe('validateDocument', () => {
  it('validates Chile RUT with its check digit', () => {
    expect(validateDocument({ country: 'CL', personType: 'natural', type: 'RUT', value: '12345678-5' })).toEqual({
      valid: true,
      normalized: '12345678-5',
      formatted: '12.345.678-5',
    });
    expect(validateDocument({ country: 'CL', personType: 'legal', type: 'RUT', value: '76.277.884-k' })).toEqual({
      valid: true,
      normalized: '76277884-K',
      formatted: '76.277.884-K',
    });
    expect(validateDocument({ country: 'CL', personType: 'natural', type: 'RUT', value: '12345678-4' }).error).toBe(
      'DOCUMENT_INVALID',
    );
  });

  it('validates Brazil CPF and CNPJ (numeric and alphanumeric)', () => {
    expect(validateDocument({ country: 'BR', personType: 'natural', type: 'CPF', value: '52998224725' })).toEqual({
      valid: true,
      normalized: '52998224725',
      formatted: '529.982.247-25',
    });
    expect(validateDocument({ country: 'BR', personType: 'legal', type: 'CNPJ', value: '12abc34501de35' })).toEqual({
      valid: true,
      normalized: '12ABC34501DE35',
      formatted: '12.ABC.345/01DE-35',
    });
    expect(validateDocument({ country: 'BR', personType: 'legal', type: 'CNPJ', value: '44038188000132' }).valid).toBe(
      true,
    );
    expect(validateDocument({ country: 'BR', personType: 'natural', type: 'CPF', value: '11111111111' }).error).toBe(
      'DOCUMENT_INVALID',
    );
  });

  it('reports a type not allowed before anything else', () => {
    expect(
      validateDocument({ country: 'BR', personType: 'natural', type: 'CNPJ', value: '44038188000132' }).error,
    ).toBe('DOCUMENT_TYPE_NOT_ALLOWED');
    expect(validateDocument({ country: 'CL', personType: 'natural', type: 'DNI', value: '' }).error).toBe(
      'DOCUMENT_TYPE_NOT_ALLOWED',
    );
    expect(validateDocument({ country: 'CL', personType: 'natural', type: undefined, value: 'x' }).error).toBe(
      'DOCUMENT_TYPE_NOT_ALLOWED',
    );
  });

  it('requires a value', () => {
    for (const value of ['', '   ', null, undefined]) {
      expect(validateDocument({ country: 'CL', personType: 'natural', type: 'RUT', value })).toEqual({
        valid: false,
        normalized: '',
        formatted: '',
        error: 'DOCUMENT_REQUIRED',
      });
    }
  });

  it('only checks presence and length for other countries', () => {
    expect(validateDocument({ country: 'AR', personType: 'natural', type: 'DNI', value: '  ab 123  ' })).toEqual({
      valid: true,
      normalized: 'AB 123',
      formatted: 'AB 123',
    });
    expect(validateDocument({ country: 'US', personType: 'natural', type: 'passport', value: 'x1' }).valid).toBe(true);
    expect(validateDocument({ country: 'PE', personType: 'legal', type: 'RUC', value: '1'.repeat(31) }).error).toBe(
      'DOCUMENT_INVALID',
    );
    expect(validateDocument({ country: 'PE', personType: 'legal', type: 'RUC', value: '1'.repeat(30) }).valid).toBe(
      true,
    );
  });

  it('property: a generated RUT or CPF is valid and its normalized form validates again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (n) => {
        const rut = `${n}${rutCheckDigit(String(n))}`;
        const r = validateDocument({ country: 'CL', personType: 'natural', type: 'RUT', value: rut });
        expect(r.valid).toBe(true);
        expect(
          validateDocument({ country: 'CL', personType: 'natural', type: 'RUT', value: r.formatted }).normalized,
        ).toBe(r.normalized);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_998 }), (n) => {
        const base = String(n).padStart(9, '0');
        fc.pre(!/^(\d)\1{8}$/.test(base));
        const cpf = base + cpfCheckDigits(base);
        const r = validateDocument({ country: 'BR', personType: 'natural', type: 'CPF', value: cpf });
        expect(r.valid).toBe(true);
        expect(r.normalized).toBe(cpf);
      }),
    );
  });
});

describe('normalizeDocument / formatDocument', () => {
  it('dispatches by type', () => {
    expect(normalizeDocument('RUT', '12.345.678-5')).toBe('12345678-5');
    expect(normalizeDocument('CPF', '529.982.247-25')).toBe('52998224725');
    expect(normalizeDocument('CNPJ', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeDocument('CURP', ' gode561231hdfrrn09 ')).toBe('GODE561231HDFRRN09');
    expect(formatDocument('rut', '123456785')).toBe('12.345.678-5');
    expect(formatDocument('CPF', '52998224725')).toBe('529.982.247-25');
    expect(formatDocument('CNPJ', '44038188000132')).toBe('44.038.188/0001-32');
    expect(formatDocument('DNI', null)).toBe('');
  });
});

describe('isFileWithoutDocument', () => {
  it('is true only for exactly 22 characters', () => {
    expect(isFileWithoutDocument('a'.repeat(22))).toBe(true);
    for (const dni of ['a'.repeat(21), 'a'.repeat(23), '', null])
      expect(isFileWithoutDocument(dni), String(dni)).toBe(false);
  });
});

describe('maskDocument', () => {
  it('masks a ten-digit display after the ninth digit', () => {
    expect(maskDocument('1234567890')).toBe('123456789*');
    for (const dni of ['123456789', '12345678901', '12.345.678-5']) expect(maskDocument(dni), dni).toBe(dni);
    expect(maskDocument(undefined)).toBe('');
  });

  it('property: only strings of exactly ten digits change, and only their last character', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        const masked = maskDocument(s);
        if (/^\d{10}$/.test(s)) expect(masked).toBe(`${s.slice(0, 9)}*`);
        else expect(masked).toBe(s);
      }),
    );
  });
});
