import type {
  ListEntryDetailT,
  MatchDismissalViewT,
  ScreeningSettingsViewT,
} from '@regcheck/shared/schemas/dismissals';
import { api } from '../api/client';

export type ListEntryDetail = ListEntryDetailT;
export type MatchDismissal = MatchDismissalViewT;
export type ScreeningSettings = ScreeningSettingsViewT;

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
};

/** Score as a percentage for display (0.8731 gives 87%). */
export function scorePercent(score: number): string {
  return `${Math.round(score * 100)}%`;
}
