import type { Page } from '@regcheck/shared/schemas/common';
import { api } from '../../../app/api/client';

export interface ApiClient {
  id: string;
  name: string;
  clientId: string;
  role: string;
  active: boolean;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export const WEBHOOK_EVENTS = ['list.match', 'form.signed', 'operation.finished', 'allegation.received'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  createdAt: string;
}

export interface WebhookDelivery {
  id: string;
  webhookId: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
}

/** The external API calls of /tools/api: credentials and webhooks. */
export const integrationsApi = {
  clients: () => api.get<ApiClient[]>('/api-clients'),
  createClient: (body: { name: string; role: string }) =>
    api.post<{ client: ApiClient; secret: string }>('/api-clients', body),
  rotateClient: (id: string) => api.post<{ client: ApiClient; secret: string }>(`/api-clients/${id}/rotate`),
  setClientActive: (id: string, active: boolean) => api.patch<ApiClient>(`/api-clients/${id}`, { active }),
  revokeClient: (id: string) => api.delete<ApiClient>(`/api-clients/${id}`),
  webhooks: () => api.get<Webhook[]>('/webhooks'),
  createWebhook: (body: { url: string; events: WebhookEvent[] }) =>
    api.post<{ webhook: Webhook; secret: string }>('/webhooks', body),
  updateWebhook: (id: string, body: { url?: string; events?: WebhookEvent[]; active?: boolean }) =>
    api.patch<Webhook>(`/webhooks/${id}`, body),
  deleteWebhook: (id: string) => api.delete<{ id: string }>(`/webhooks/${id}`),
  deliveries: (id: string, limit: number, skip: number) =>
    api.get<Page<WebhookDelivery>>(
      `/webhooks/${id}/deliveries?filter=${encodeURIComponent(JSON.stringify({ limit, skip }))}`,
    ),
  replay: (deliveryId: string) => api.post<WebhookDelivery>(`/webhooks/deliveries/${deliveryId}/replay`),
};
