import type {
  ListEntryDetailT,
  MatchDismissalViewT,
  ScreeningSettingsViewT,
} from '@regcheck/shared/schemas/dismissals';
import type { FichaView } from '@regcheck/shared/schemas/fichas';
import type { ListSourceView } from '@regcheck/shared/schemas/lists';
import type { z } from 'zod';
import { api } from '../api/client';

export type ListEntryDetail = ListEntryDetailT;
export type MatchDismissal = MatchDismissalViewT;
export type ScreeningSettings = ScreeningSettingsViewT;
export type ListSource = z.infer<typeof ListSourceView>;
export type FichaWithListas = z.infer<typeof FichaView>;

/**
 * The screening review calls several features share (the ficha's Lists tab, the individual search, the
 * notifications): a list entry whole, the four-eyes dismissal and the company's screening settings.
 */
export const screeningReviewApi = {
  entry: (listId: string, entityId: string) =>
    api.get<ListEntryDetail>(`/screening/lists/${encodeURIComponent(listId)}/entries/${encodeURIComponent(entityId)}`),
  proposeDismissal: (
    fichaId: string,
    listId: string,
    entityId: string,
    body: { reasonCode: string; reasonText?: string },
  ) =>
    api.post<{ proposal: MatchDismissal; applied: boolean }>(
      `/fichas-clientes/${fichaId}/matches/${encodeURIComponent(listId)}/${encodeURIComponent(entityId)}/dismiss`,
      body,
    ),
  dismissals: (query: { fichaId?: string; status?: string; limit?: number }) =>
    api.get<{ count: number; data: MatchDismissal[] }>(
      `/match-dismissals?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
    ),
  decideDismissal: (id: string, decision: 'approve' | 'reject', comment?: string) =>
    api.post<MatchDismissal>(`/match-dismissals/${id}/${decision}`, comment ? { comment } : {}),
  screeningSettings: () => api.get<ScreeningSettings>('/screening-settings'),
  /** PUT /screening-settings: the company administrators only (the server answers 403 to the others) */
  updateScreeningSettings: (body: Partial<ScreeningSettings>) =>
    api.put<ScreeningSettings>('/screening-settings', body),
  /** GET /lists: the global lists the company is screened against (id, name, kind) */
  listSources: () => api.get<ListSource[]>('/lists'),
  /** GET /fichas-clientes/{id}: a ficha with its listas, for a hit opened from elsewhere (the notifications) */
  ficha: (id: string) => api.get<FichaWithListas>(`/fichas-clientes/${id}`, { redirectOn403: false }),
};

/** Score as a percentage for display (0.8731 gives 87%). */
export function scorePercent(score: number): string {
  return `${Math.round(score * 100)}%`;
}
