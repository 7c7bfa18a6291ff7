import { IdParams, RoleSchema } from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { apiClientsAccess } from './api-clients.policy';
import * as service from './api-clients.service';

const tags = ['external API'];
const ApiClientView = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  role: z.string(),
  active: z.boolean(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const apiClientsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/oauth/token',
    {
      access: apiClientsAccess.token,
      summary: 'Token service: HTTP Basic client_id:secret gives an access token valid 60 s (reuse it up to 50 s)',
      reply: z.object({ token: z.string(), expiresIn: z.number(), tokenType: z.literal('Bearer') }),
      schema: { security: [{ basic: [] }] },
      config: { rateLimit: { max: deps.config.rateLimitMax * 3, timeWindow: '1 minute' } },
    },
    (req) => service.issueClientToken(deps, req.headers.authorization, req.ip),
  );

  r.get(
    '/api-clients',
    { access: apiClientsAccess.manage, summary: 'API credentials of the company', reply: z.array(ApiClientView) },
    (req) => service.listApiClients(deps, tenantCallerOf(req)),
  );

  r.post(
    '/api-clients',
    {
      access: apiClientsAccess.manage,
      summary: 'Create API credentials; the secret is shown only in this answer',
      body: z.object({ name: z.string().trim().min(1).max(100), role: RoleSchema.optional() }),
      reply: z.object({ client: ApiClientView, secret: z.string() }),
    },
    (req) => service.createApiClient(deps, tenantCallerOf(req), req.body),
  );

  r.patch(
    '/api-clients/:id',
    {
      access: apiClientsAccess.manage,
      summary: 'Enable or disable API credentials',
      params: IdParams,
      body: z.object({ active: z.boolean() }),
      reply: ApiClientView,
    },
    (req) => service.setApiClientActive(deps, tenantCallerOf(req), req.params.id, req.body.active),
  );

  r.post(
    '/api-clients/:id/rotate',
    {
      access: apiClientsAccess.manage,
      summary: 'Rotate the secret of API credentials; the new secret is shown only in this answer',
      params: IdParams,
      reply: z.object({ client: ApiClientView, secret: z.string() }),
    },
    (req) => service.rotateApiClientSecret(deps, tenantCallerOf(req), req.params.id),
  );

  r.delete(
    '/api-clients/:id',
    {
      access: apiClientsAccess.manage,
      summary: 'Revoke API credentials for good (they stay listed as revoked)',
      params: IdParams,
      reply: ApiClientView,
    },
    (req) => service.revokeApiClient(deps, tenantCallerOf(req), req.params.id),
  );
});
