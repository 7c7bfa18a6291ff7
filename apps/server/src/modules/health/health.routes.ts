import { PublicSettings } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthAccess } from './health.policy';
import { liveness } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/health',
    {
      config: { access: healthAccess.open },
      schema: {
        tags: ['system'],
        summary: 'Liveness: ok once migrations have run and the database answers',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => liveness(deps),
  );

  app.get(
    '/settings/public',
    {
      config: { access: healthAccess.open },
      schema: { tags: ['system'], summary: 'What the sign-in page needs to know', response: { 200: PublicSettings } },
    },
    async () => ({
      version: deps.config.version,
      sso: { enabled: !!deps.config.ssoProviderName, providerName: deps.config.ssoProviderName },
      helpUrls: deps.config.helpUrls,
      newsUrl: deps.config.newsUrl,
      demo: deps.config.demo,
    }),
  );
};
