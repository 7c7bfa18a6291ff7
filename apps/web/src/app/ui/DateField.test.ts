import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import i18next from 'i18next';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../../../packages/shared/src/locales/en/common.json';
import es from '../../../../../packages/shared/src/locales/es/common.json';
import ptBR from '../../../../../packages/shared/src/locales/pt-BR/common.json';
import { dayjsLocaleOf } from '../i18n/dates-locale';
import { DateField, DateTimeField } from './DateField';
import { joinDateTime, parseTypedDate, plainDate, splitDateTime } from './date-value';

const LANGS = { es, 'pt-BR': ptBR, en } as const;
type Lang = keyof typeof LANGS;

/** The element rendered as the app renders it: Mantine, the dates in the page's language, i18next in `lang`. */
async function html(lang: Lang, el: ReactElement): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    ns: ['common'],
    defaultNS: 'common',
    resources: { [lang]: { common: LANGS[lang] } },
  });
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        MantineProvider,
        null,
        createElement(DatesProvider, { settings: { locale: dayjsLocaleOf(lang), firstDayOfWeek: 1 } }, el),
      ),
    ),
  );
}

const inputs = (markup: string) => [...markup.matchAll(/<input[^>]*>/g)].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
const noop = () => undefined;

describe('DateField: the one date input', () => {
  it.each([
    ['es', 'dd/mm/aaaa'],
    ['pt-BR', 'dd/mm/aaaa'],
    ['en', 'dd/mm/yyyy'],
  ] as const)(
    'shows a plain date as dd/mm/yyyy in %s, with the placeholder %s, never a native date input',
    async (lang, placeholder) => {
      const set = inputs(
        await html(lang, createElement(DateField, { label: 'Fecha', value: '2026-03-14', onChange: noop })),
      );
      const shown = set.find((i) => attr(i, 'value') === '14/03/2026');
      expect(shown, set.join('\n')).toBeDefined();
      expect(set.some((i) => /type="(date|datetime-local)"/.test(i))).toBe(false);
      const empty = inputs(await html(lang, createElement(DateField, { label: 'Fecha', value: '', onChange: noop })));
      expect(empty.map((i) => attr(i, 'placeholder'))).toContain(placeholder);
    },
  );

  it('reads what is typed as dd/mm/yyyy and gives the ISO plain date; a date that does not exist is no date', () => {
    expect(parseTypedDate('14/03/2026')).toBe('2026-03-14');
    expect(parseTypedDate(' 1/3/2026 ')).toBe('2026-03-01');
    expect(parseTypedDate('01.03.2026')).toBe('2026-03-01');
    expect(parseTypedDate('31/12/2025')).toBe('2025-12-31');
    // never read as the browser's mm/dd/yyyy
    expect(parseTypedDate('03/14/2026')).toBeNull();
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('2026-03-14')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
    // what the picker gives, as the form keeps it and the server takes it
    expect(plainDate('2026-03-14')).toBe('2026-03-14');
    expect(plainDate('2026-03-14 00:00:00')).toBe('2026-03-14');
    expect(plainDate(null)).toBe('');
  });
});

describe('DateTimeField: the date and time variant', () => {
  it.each(['es', 'pt-BR', 'en'] as const)('shows the date dd/mm/yyyy and the time 24 h in %s', async (lang) => {
    const set = inputs(
      await html(lang, createElement(DateTimeField, { label: 'x', value: '2026-03-14T21:05', onChange: noop })),
    );
    expect(set.some((i) => attr(i, 'value') === '14/03/2026')).toBe(true);
    expect(set.some((i) => attr(i, 'value') === '21')).toBe(true);
    expect(set.some((i) => attr(i, 'value') === '05')).toBe(true);
    expect(set.some((i) => /type="(date|datetime-local)"/.test(i) || /PM|AM/.test(i))).toBe(false);
  });

  it('gives the local YYYY-MM-DDTHH:mm a datetime-local input gave, which the form turns into an instant', () => {
    expect(splitDateTime('2026-03-14T21:05')).toEqual({ date: '2026-03-14', time: '21:05' });
    expect(splitDateTime('')).toEqual({ date: '', time: '' });
    expect(joinDateTime('2026-03-14', '21:05:00')).toBe('2026-03-14T21:05');
    expect(joinDateTime('2026-03-14', '21:05')).toBe('2026-03-14T21:05');
    expect(joinDateTime('', '21:05')).toBe('');
    // a time not whole yet is no instant: the form says the field is missing
    expect(Number.isNaN(new Date(joinDateTime('2026-03-14', '')).getTime())).toBe(true);
    const v = joinDateTime('2026-03-14', '21:05');
    expect(new Date(v).toISOString()).toBe(new Date(2026, 2, 14, 21, 5).toISOString());
  });
});
