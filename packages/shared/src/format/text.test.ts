import { describe, expect, it } from 'vitest';
import { cleanEmail, isValidEmail } from './email';
import { isValidPersonName } from './person-name';

describe('email', () => {
  it('accepts ordinary addresses', () => {
    for (const e of ['ana@example.com', 'ana.perez+aml@sub.example.cl', 'x_y@dominio.com.br', ' ana@example.com ']) {
      expect(isValidEmail(e)).toBe(true);
    }
  });

  it('rejects malformed ones', () => {
    for (const e of [
      '',
      'ana',
      'ana@',
      '@example.com',
      'ana@example',
      'ana @example.com',
      'a@b.c',
      'a..b@x.com',
      'a@-x.com',
    ]) {
      expect(isValidEmail(e)).toBe(false);
    }
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });

  it('treats an invalid address as empty and lower-cases the domain', () => {
    expect(cleanEmail('  Ana@Example.COM ')).toBe('Ana@example.com');
    expect(cleanEmail('not an email')).toBe('');
    expect(cleanEmail(undefined)).toBe('');
  });
});

describe('isValidPersonName', () => {
  it('accepts accented letters, spaces, apostrophes, dots and & / -', () => {
    for (const n of [
      'José Muñoz',
      "O'Higgins",
      'D’Alessandro',
      'João Conceição',
      'Ñuñoa Inversiones S.A.',
      'Pérez & Cía.',
      'Importadora Norte/Sur',
      'Ana-María',
      'Müller',
      'Łukasz Żółć',
    ]) {
      expect(isValidPersonName(n)).toBe(true);
    }
  });

  it('rejects digits, other symbols and empty names', () => {
    for (const n of ['', '   ', 'Juan 2', 'Ana@Pérez', 'Pedro_Soto', 'Ana (hija)', 'A+B', '&/-', '..']) {
      expect(isValidPersonName(n)).toBe(false);
    }
    expect(isValidPersonName(null)).toBe(false);
  });
});
