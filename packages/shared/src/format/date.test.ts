import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, normalizeDateInput } from './date';

describe('formatDate', () => {
  it('formats plain dates textually, whatever the time zone', () => {
    expect(formatDate('2024-03-01')).toBe('01/03/2024');
    expect(formatDate('2024-03-01', { timeZone: 'America/Santiago' })).toBe('01/03/2024');
    expect(formatDate('2024-02-30')).toBe('');
  });

  it('formats instants in UTC by default or in a given zone', () => {
    expect(formatDate(new Date('2024-03-01T02:00:00Z'))).toBe('01/03/2024');
    expect(formatDate('2024-03-01T02:00:00Z', { timeZone: 'America/Santiago' })).toBe('29/02/2024');
    expect(formatDate('2024-12-31T12:00:00.000Z')).toBe('31/12/2024');
    expect(formatDate(Date.UTC(2020, 0, 5))).toBe('05/01/2020');
  });

  it('gives an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('normalizeDateInput', () => {
  it('adds noon UTC to 10-character dates', () => {
    expect(normalizeDateInput('2024-03-01')).toBe('2024-03-01T12:00:00.000Z');
    expect(normalizeDateInput('01/03/2024')).toBe('2024-03-01T12:00:00.000Z');
    expect(normalizeDateInput(' 2024-03-01 ')).toBe('2024-03-01T12:00:00.000Z');
  });

  it('passes other date strings through as ISO and rejects junk', () => {
    expect(normalizeDateInput('2024-03-01T05:06:07Z')).toBe('2024-03-01T05:06:07.000Z');
    expect(normalizeDateInput('2024-02-30')).toBeNull();
    expect(normalizeDateInput('31/02/2024')).toBeNull();
    expect(normalizeDateInput('2024/03/01')).toBeNull();
    expect(normalizeDateInput('')).toBeNull();
    expect(normalizeDateInput(undefined)).toBeNull();
    expect(normalizeDateInput('garbage')).toBeNull();
  });

  it('property: a noon-UTC date shows the same day in every American zone and round-trips', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('UTC', 'America/Santiago', 'America/Sao_Paulo', 'America/Lima', 'America/Mexico_City'),
        (d, timeZone) => {
          const plain = d.toISOString().slice(0, 10);
          const iso = normalizeDateInput(plain);
          expect(iso).toBe(`${plain}T12:00:00.000Z`);
          expect(formatDate(iso, { timeZone })).toBe(formatDate(plain));
          expect(normalizeDateInput(formatDate(plain))).toBe(iso);
        },
      ),
    );
  });
});
