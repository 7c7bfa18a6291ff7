import { NEWS_LANGUAGES, type NewsAdminItem, type NewsBody, type NewsTranslations } from '../api/news-api';

/** The news item form's values: what the super administrator types. */
export interface NewsFormValues {
  title: string;
  body: string;
  date: string;
  countries: string[];
  /** the title and text in other languages (decision 190); an empty pair is no translation */
  translations: Record<(typeof NEWS_LANGUAGES)[number], { title: string; body: string }>;
}

export const TITLE_MAX = 200;
export const BODY_MAX = 5000;

export function toFormValues(item: NewsAdminItem | null, today: string): NewsFormValues {
  const translations = Object.fromEntries(
    NEWS_LANGUAGES.map((l) => [
      l,
      { title: item?.translations?.[l]?.title ?? '', body: item?.translations?.[l]?.body ?? '' },
    ]),
  ) as NewsFormValues['translations'];
  return item
    ? { title: item.title, body: item.body, date: item.newsDate, countries: item.countries, translations }
    : { title: '', body: '', date: today, countries: [], translations };
}

/** The fields in error, each with the message key of its problem (the server checks the same). */
export function validate(v: NewsFormValues): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (!v.title.trim()) errors.title = 'reports:newsAdmin.errors.titleRequired';
  else if (v.title.trim().length > TITLE_MAX) errors.title = 'reports:newsAdmin.errors.titleTooLong';
  if (v.body.trim().length > BODY_MAX) errors.body = 'reports:newsAdmin.errors.bodyTooLong';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) errors.date = 'reports:newsAdmin.errors.dateRequired';
  for (const l of NEWS_LANGUAGES) {
    const tr = v.translations[l];
    if (tr.body.trim() && !tr.title.trim())
      errors[`translations.${l}.title`] = 'reports:newsAdmin.errors.translationTitleRequired';
  }
  return errors;
}

export function toPayload(v: NewsFormValues): NewsBody {
  const translations: NewsTranslations = {};
  for (const l of NEWS_LANGUAGES) {
    const tr = v.translations[l];
    if (tr.title.trim()) translations[l] = { title: tr.title.trim(), body: tr.body.trim() };
  }
  return {
    title: v.title.trim(),
    body: v.body.trim(),
    date: v.date,
    countries: [...new Set(v.countries)],
    translations,
  };
}
