import type { RouteAccess } from '../../plugins/context';

/** Webhooks are part of the external API (/tools/api): the same `externalApi` permission. */
export const webhooksAccess = {
  manage: 'externalApi',
} satisfies Record<string, RouteAccess>;
