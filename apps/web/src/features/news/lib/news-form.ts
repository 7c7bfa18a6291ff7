import type { NewsAdminItem, NewsBody } from '../api/news-api';

/** The news item form's values: what the super administrator types. */
export interface NewsFormValues {
  title: string;
  body: string;
  date: string;
  countries: string[];
}

export const TITLE_MAX = 200;
export const BODY_MAX = 5000;

export function toFormValues(item: NewsAdminItem | null, today: string): NewsFormValues {
  return item
    ? { title: item.title, body: item.body, date: item.newsDate, countries: item.countries }
    : { title: '', body: '', date: today, countries: [] };
}

/** The fields in error, each with the message key of its problem (the server checks the same). */
export function validate(v: NewsFormValues): Partial<Record<keyof NewsFormValues, string>> {
  const errors: Partial<Record<keyof NewsFormValues, string>> = {};
  if (!v.title.trim()) errors.title = 'reports:newsAdmin.errors.titleRequired';
  else if (v.title.trim().length > TITLE_MAX) errors.title = 'reports:newsAdmin.errors.titleTooLong';
  if (v.body.trim().length > BODY_MAX) errors.body = 'reports:newsAdmin.errors.bodyTooLong';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) errors.date = 'reports:newsAdmin.errors.dateRequired';
  return errors;
}

export function toPayload(v: NewsFormValues): NewsBody {
  return { title: v.title.trim(), body: v.body.trim(), date: v.date, countries: [...new Set(v.countries)] };
}
