import type { Generated, Selectable } from 'kysely';
import type { Json, NullableTimestamp } from '../schema';

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = ['list.match', 'form.signed', 'operation.finished', 'allegation.received'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface WebhooksTable {
  id: Generated<string>;
  companyId: string;
  url: string;
  events: Json<WebhookEvent[]>;
  secret: string;
  active: Generated<boolean>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  deletedAt: NullableTimestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  companyId: string;
  webhookId: string;
  event: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  responseStatus: number | null;
  error: string | null;
  createdAt: Generated<Date>;
  lastAttemptAt: NullableTimestamp;
  deliveredAt: NullableTimestamp;
}

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface WebhooksTables {
  webhooks: WebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
}
