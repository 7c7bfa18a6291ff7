import type { FichaView } from '@regcheck/shared/schemas/fichas';
import type {
  BlacklistReasonView,
  BlacklistView,
  IndividualSearchBody,
  IndividualSearchResult,
  ListInternView,
  SearchLogView,
} from '@regcheck/shared/schemas/lists';
import type { z } from 'zod';
import { api } from '../../../app/api/client';

export type SearchBody = z.input<typeof IndividualSearchBody>;
export type SearchResult = z.infer<typeof IndividualSearchResult>;
export type ListResult = SearchResult['lists'][number];
export type Hit = ListResult['hits'][number];
export type Blacklist = z.infer<typeof BlacklistView>;
export type BlacklistReason = z.infer<typeof BlacklistReasonView>;
export type ListIntern = z.infer<typeof ListInternView>;
export type SearchLog = z.infer<typeof SearchLogView>;
export type Customer = z.infer<typeof FichaView>;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Individual search, blacklists and their reasons (spec 001 §7) as the server exposes them under /api. */
export const screeningApi = {
  search: (body: SearchBody) => api.post<SearchResult>('/search/individual', body),
  blacklists: (filter: unknown) => api.get<Blacklist[]>(`/blacklists?filter=${q(filter)}`),
  blacklistCount: (where: unknown) => api.get<{ count: number }>(`/blacklists/count?where=${q(where)}`),
  createBlacklist: (body: unknown) => api.post<Blacklist>('/blacklists', body),
  patchBlacklist: (id: string, body: unknown) => api.patch<Blacklist>(`/blacklists/${id}`, body),
  reasons: () => api.get<BlacklistReason[]>(`/blacklist-reasons?filter=${q({ limit: 1000 })}`),
  createReason: (text: string) => api.post<BlacklistReason>('/blacklist-reasons', { text }),
  patchReason: (id: string, text: string) => api.patch<BlacklistReason>(`/blacklist-reasons/${id}`, { text }),
  deleteReason: (id: string) => api.delete<{ count: number }>(`/blacklist-reasons/${id}`),
  listInterns: (filter: unknown) => api.get<ListIntern[]>(`/list-interns?filter=${q(filter)}`),
  listInternCount: (where: unknown) => api.get<{ count: number }>(`/list-interns/count?where=${q(where)}`),
  listInternByDni: (dni: string) => api.get<ListIntern>(`/list-interns/by-dni/${encodeURIComponent(dni)}`),
  /** The active ficha with this document (404 when the document is not a customer's). */
  customerByDni: (dni: string, personType?: string) =>
    api.get<Customer>(
      `/fichas-clientes/by-dni/${encodeURIComponent(dni)}${personType ? `?personType=${personType}` : ''}`,
    ),
  searchLogs: (filter: unknown) => api.get<SearchLog[]>(`/search-logs?filter=${q(filter)}`),
  searchLogCount: (where: unknown) => api.get<{ count: number }>(`/search-logs/count?where=${q(where)}`),
  /** who has individual searches: the history's filter by user */
  searchLogUsers: () => api.get<{ userId: string; userName: string }[]>('/search-logs/users'),
  createListIntern: (body: unknown) => api.post<ListIntern>('/list-interns', body),
  patchListIntern: (id: string, body: unknown) => api.patch<ListIntern>(`/list-interns/${id}`, body),
};
