import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayjsLocaleOf } from './dates-locale';

describe('the date pickers speak the page language', () => {
  it('maps the interface language to a loaded dayjs locale with its month and weekday names', () => {
    const march = dayjs('2026-03-02T12:00:00Z');
    expect(march.locale(dayjsLocaleOf('es')).format('MMMM dddd')).toBe('marzo lunes');
    expect(march.locale(dayjsLocaleOf('pt-BR')).format('MMMM dddd')).toBe('março segunda-feira');
    expect(march.locale(dayjsLocaleOf('en')).format('MMMM dddd')).toBe('March Monday');
  });
});
