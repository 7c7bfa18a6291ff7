/** Query keys of the integrations feature: the external API (/tools/api) and the mail profiles (decision 279). */
export const integrationsKeys = {
  apiClients: ['integrations', 'apiClients'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
  /** every page of one webhook's delivery log: a replay invalidates it */
  deliveriesOf: (id: string) => ['integrations', 'deliveries', id] as const,
  deliveries: (id: string, limit: number, skip: number) => ['integrations', 'deliveries', id, limit, skip] as const,
  mailProfiles: ['mail-profiles'] as const,
  mailProfile: (id: string) => ['mail-profiles', id] as const,
};
