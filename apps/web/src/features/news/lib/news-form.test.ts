import { describe, expect, it } from 'vitest';
import { type NewsFormValues, toFormValues, toPayload, validate } from './news-form';

const none = { title: '', body: '' };
const noTranslations: NewsFormValues['translations'] = { es: none, 'pt-BR': none, en: none };

describe('news item form', () => {
  it('a new item starts today for every country; an edit starts from the item and its translations', () => {
    expect(toFormValues(null, '2026-05-15')).toEqual({
      title: '',
      body: '',
      date: '2026-05-15',
      countries: [],
      translations: noTranslations,
    });
    expect(
      toFormValues(
        {
          id: 'n1',
          title: 'T',
          body: 'B',
          newsDate: '2026-01-02',
          countries: ['CL'],
          translations: { en: { title: 'T en', body: 'B en' } },
          active: true,
          createdAt: '2026-01-02T10:00:00Z',
          updatedAt: null,
        },
        '2026-05-15',
      ),
    ).toEqual({
      title: 'T',
      body: 'B',
      date: '2026-01-02',
      countries: ['CL'],
      translations: { ...noTranslations, en: { title: 'T en', body: 'B en' } },
    });
  });

  it('needs a title and a date, limits the lengths, trims and removes repeated countries', () => {
    expect(validate({ title: ' ', body: '', date: '', countries: [], translations: noTranslations })).toEqual({
      title: 'reports:newsAdmin.errors.titleRequired',
      date: 'reports:newsAdmin.errors.dateRequired',
    });
    expect(
      validate({
        title: 'x'.repeat(201),
        body: 'y'.repeat(5001),
        date: '2026-01-01',
        countries: [],
        translations: noTranslations,
      }),
    ).toEqual({
      title: 'reports:newsAdmin.errors.titleTooLong',
      body: 'reports:newsAdmin.errors.bodyTooLong',
    });
    expect(
      toPayload({
        title: ' Circular ',
        body: ' Texto ',
        date: '2026-01-01',
        countries: ['CL', 'CL', 'BR'],
        translations: noTranslations,
      }),
    ).toEqual({ title: 'Circular', body: 'Texto', date: '2026-01-01', countries: ['CL', 'BR'], translations: {} });
  });

  it('a translation is sent when it has a title; a text without its title is refused', () => {
    const v: NewsFormValues = {
      title: 'GAFI',
      body: '',
      date: '2026-01-01',
      countries: [],
      translations: {
        ...noTranslations,
        'pt-BR': { title: ' GAFI: plenária ', body: ' Texto ' },
        en: { title: '', body: 'x' },
      },
    };
    expect(validate(v)).toEqual({ 'translations.en.title': 'reports:newsAdmin.errors.translationTitleRequired' });
    expect(toPayload(v).translations).toEqual({ 'pt-BR': { title: 'GAFI: plenária', body: 'Texto' } });
  });
});
