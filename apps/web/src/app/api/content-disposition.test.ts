import { describe, expect, it } from 'vitest';
import { fileNameOf } from './content-disposition';

describe('the file name of a download (RFC 6266)', () => {
  it('prefers the UTF-8 name, so accents and ñ reach the saved file', () => {
    expect(
      fileNameOf(
        `attachment; filename="Declaracao nandu.pdf"; filename*=UTF-8''Declara%C3%A7%C3%A3o%20%C3%B1and%C3%BA.pdf`,
      ),
    ).toBe('Declaração ñandú.pdf');
  });

  it('reads a quoted name with an escaped quote, and a bare one', () => {
    expect(fileNameOf('attachment; filename="el \\"informe\\".xlsx"')).toBe('el "informe".xlsx');
    expect(fileNameOf('attachment; filename=fichas-2026-11-30.xlsx')).toBe('fichas-2026-11-30.xlsx');
  });

  it('falls back to the plain name when the UTF-8 one is badly encoded; none without a name', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('a.pdf');
    expect(fileNameOf('inline')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
