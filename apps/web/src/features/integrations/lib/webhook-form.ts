import type { WebhookEvent } from '../api/integrations-api';

export interface WebhookFormValues {
  url: string;
  events: WebhookEvent[];
}

/** Client checks of the webhook form (the server refuses private and non-https addresses itself). */
export function validateWebhook(v: WebhookFormValues): { url?: string; events?: string } {
  const errors: { url?: string; events?: string } = {};
  let parsed: URL | null = null;
  try {
    parsed = new URL(v.url.trim());
  } catch {
    parsed = null;
  }
  if (!v.url.trim()) errors.url = 'admin:externalApi.validation.required';
  else if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
    errors.url = 'admin:externalApi.validation.url';
  if (v.events.length === 0) errors.events = 'admin:externalApi.validation.events';
  return errors;
}

/** The client-side check of the credentials' name. */
export function validateClientName(name: string): string | null {
  if (!name.trim()) return 'admin:externalApi.validation.required';
  if (name.trim().length > 100) return 'admin:externalApi.validation.nameTooLong';
  return null;
}
