import type { NotificationView } from '@regcheck/shared/schemas/fichas';
import type { z } from 'zod';
import { api } from '../../../app/api/client';

export type Notification = z.infer<typeof NotificationView>;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** GET /notifications (list, count, report), PATCH /notifications/read. */
export const notificationsApi = {
  list: (filter: unknown) => api.get<Notification[]>(`/notifications?filter=${q(filter)}`),
  count: (where: unknown) => api.get<{ count: number }>(`/notifications/count?where=${q(where)}`),
  /** the bell's count: no loading bar, no redirect when the session ends in the background */
  unread: () =>
    api.get<{ count: number }>(`/notifications/count?where=${q({ read: false })}`, {
      busy: false,
      redirectOn403: false,
    }),
  markRead: (ids?: string[]) => api.patch<{ count: number }>('/notifications/read', ids ? { ids } : {}),
  download: (from: string, to: string) =>
    api.download(`/notifications/report?from=${from}&to=${to}`, `notificaciones_${from}_${to}.xlsx`),
};
