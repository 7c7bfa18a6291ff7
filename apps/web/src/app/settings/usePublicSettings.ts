import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { settingsKeys } from '../query/keys/settings-keys';
import type { Settings } from '../session/session-types';

/** GET /api/settings/public: version, SSO, help and news links. Cached for the whole visit. */
export function usePublicSettings() {
  return useQuery({
    queryKey: settingsKeys.public(),
    queryFn: () => api.get<Settings>('/settings/public', { auth: false, busy: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
