import { IdParams, RoleSchema } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

export const apiClientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/oauth/token',
    {
      config: {
        access: apiClientsAccess.token,
        rateLimit: { max: deps.config.rateLimitMax * 3, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Token service: HTTP Basic client_id:secret gives an access token valid 60 s (reuse it up to 50 s)',
        security: [{ basic: [] }],
        response: { 200: z.object({ token: z.string(), expiresIn: z.number(), tokenType: z.literal('Bearer') }) },
      },
    },
    async (req) => service.issueClientToken(deps, req.headers.authorization, req.ip),
  );

  app.get(
    '/api-clients',
    {
      config: { access: apiClientsAccess.manage },
      schema: { tags, summary: 'API credentials of the company', response: { 200: z.array(ApiClientView) } },
    },
    async (req) => service.listApiClients(deps, tenantCallerOf(req)),
  );

  app.post(
    '/api-clients',
    {
      config: { access: apiClientsAccess.manage },
      schema: {
        tags,
        summary: 'Create API credentials; the secret is shown only in this answer',
        body: z.object({ name: z.string().trim().min(1).max(100), role: RoleSchema.optional() }),
        response: { 200: z.object({ client: ApiClientView, secret: z.string() }) },
      },
    },
    async (req) => service.createApiClient(deps, tenantCallerOf(req), req.body),
  );

  app.patch(
    '/api-clients/:id',
    {
      config: { access: apiClientsAccess.manage },
      schema: {
        tags,
        summary: 'Enable or disable API credentials',
        params: IdParams,
        body: z.object({ active: z.boolean() }),
        response: { 200: ApiClientView },
      },
    },
    async (req) => service.setApiClientActive(deps, tenantCallerOf(req), req.params.id, req.body.active),
  );

  app.post(
    '/api-clients/:id/rotate',
    {
      config: { access: apiClientsAccess.manage },
      schema: {
        tags,
        summary: 'Rotate the secret of API credentials; the new secret is shown only in this answer',
        params: IdParams,
        response: { 200: z.object({ client: ApiClientView, secret: z.string() }) },
      },
    },
    async (req) => service.rotateApiClientSecret(deps, tenantCallerOf(req), req.params.id),
  );

  app.delete(
    '/api-clients/:id',
    {
      config: { access: apiClientsAccess.manage },
      schema: {
        tags,
        summary: 'Revoke API credentials for good (they stay listed as revoked)',
        params: IdParams,
        response: { 200: ApiClientView },
      },
    },
    async (req) => service.revokeApiClient(deps, tenantCallerOf(req), req.params.id),
  );
};
