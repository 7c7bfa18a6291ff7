import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatMonth, formatNumber } from './format';

describe('the one formatter of numbers', () => {
  it('groups thousands in every language, four-digit numbers included', () => {
    expect(formatCount(1234, 'es')).toBe('1.234');
    expect(formatCount(1234567, 'es')).toBe('1.234.567');
    expect(formatCount(1234567, 'pt-BR')).toBe('1.234.567');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(0, 'es')).toBe('0');
    expect(formatNumber(1234.5, 'es')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatCount(2.6, 'en')).toBe('3');
    expect(formatCount(null, 'es')).toBe('');
    expect(formatCount(Number.NaN, 'es')).toBe('');
  });

  it('months as the short month and year of the language', () => {
    expect(formatMonth('2026-05', 'es')).toMatch(/^may\.? 26$/);
    expect(formatMonth('2026-05', 'en')).toBe('May 26');
    expect(formatMonth('2026-12', 'pt-BR')).toMatch(/^dez\.? (de )?26$/);
    expect(formatMonth('2026-13', 'es')).toBe('');
  });

  it("file sizes in the page's notation (an attachment list in English reads 1.5 MB, in Spanish 1,5 MB)", () => {
    expect(formatBytes(1.5 * 1024 * 1024, 'es')).toBe('1,5 MB');
    expect(formatBytes(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatBytes(1.5 * 1024 * 1024, 'pt-BR')).toBe('1,5 MB');
    expect(formatBytes(340 * 1024, 'es')).toBe('340 KB');
    expect(formatBytes(12, 'en')).toBe('1 KB');
  });

  // the dashboard, the export pages and analytics print numbers only through this module
  it.each([
    'features/allegations/lib/labels.ts',
    'app/ui/FileDrop.tsx',
    'app/ui/FilesDropzone.tsx',
    'features/home/pages/DashboardPage.tsx',
    'features/reports/pages/ExportReportPage.tsx',
    'features/fichas/pages/ExportFichasPage.tsx',
    'features/reports/pages/AnalyticsPage.tsx',
  ])('%s has no ad-hoc number or date formatting', (file) => {
    const source = fs.readFileSync(path.join(import.meta.dirname, '../..', file), 'utf8');
    expect(source).not.toMatch(/toLocale(String|DateString|TimeString)\(|new Intl\.|\.toFixed\(/);
  });
});
