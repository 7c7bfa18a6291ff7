import { api } from '../../../app/api/client';

/** A news item as a company reads it (GET /homeNews). */
export interface NewsItem {
  id: string;
  title: string;
  body: string;
  newsDate: string;
  /** ISO country codes of the companies that read it; none: every country */
  countries: string[];
}

/** The languages a news item may be translated to (decision 190). */
export const NEWS_LANGUAGES = ['es', 'pt-BR', 'en'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];
export type NewsTranslations = Partial<Record<NewsLanguage, { title: string; body: string }>>;

/** A news item as the super administrator manages it: as written, with its translations. */
export interface NewsAdminItem extends NewsItem {
  translations: NewsTranslations;
  active: boolean;
  createdAt: string;
  updatedAt: string | null;
}

export interface NewsBody {
  title: string;
  body: string;
  date: string;
  countries: string[];
  translations: NewsTranslations;
}

const filter = (limit: number, skip: number) => encodeURIComponent(JSON.stringify({ limit, skip }));

/** The news calls: GET /homeNews (the company's country) and the super administrator's writes. */
export const newsApi = {
  list: (limit: number, skip: number) => api.get<NewsItem[]>(`/homeNews?filter=${filter(limit, skip)}`),
  count: () => api.get<{ count: number }>('/homeNews/count'),
  all: (limit: number, skip: number) =>
    api.get<{ data: NewsAdminItem[]; count: number }>(`/homeNews/all?filter=${filter(limit, skip)}`),
  create: (body: NewsBody) => api.post<NewsAdminItem>('/homeNews', body),
  update: (id: string, body: Partial<NewsBody> & { active?: boolean }) =>
    api.patch<NewsAdminItem>(`/homeNews/${encodeURIComponent(id)}`, body),
};
