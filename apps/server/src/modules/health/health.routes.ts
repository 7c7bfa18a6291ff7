import { PublicSettings } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthAccess } from './health.policy';
import { liveness, readiness } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/health',
    {
      // public: a limit per client address, generous for probes and monitors (30 x RATE_LIMIT_MAX a minute)
      config: { access: healthAccess.open, rateLimit: { max: deps.config.rateLimitMax * 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['system'],
        summary: 'Liveness: ok once migrations have run and the database answers',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => liveness(deps),
  );

  app.get(
    '/ready',
    {
      config: { access: healthAccess.open, rateLimit: { max: deps.config.rateLimitMax * 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['system'],
        summary: 'Readiness for a load balancer: 503 while the process drains after SIGTERM or its database is away',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.enum(['draining', 'unavailable']) }),
        },
      },
    },
    async (_req, reply) => {
      const r = await readiness(deps);
      if (r.status === 'ready') return { status: r.status };
      return reply.code(503).send({ status: r.status });
    },
  );

  app.get(
    '/settings/public',
    {
      config: { access: healthAccess.open, rateLimit: { max: deps.config.rateLimitMax * 3, timeWindow: '1 minute' } },
      schema: { tags: ['system'], summary: 'What the sign-in page needs to know', response: { 200: PublicSettings } },
    },
    async () => ({
      version: deps.config.version,
      sso: { enabled: !!deps.config.ssoProviderName, providerName: deps.config.ssoProviderName },
      helpUrls: deps.config.helpUrls,
      newsUrl: deps.config.newsUrl,
      demo: deps.config.demo,
      verifyZipMaxBytes: deps.config.verifyZipMaxBytes,
    }),
  );
};
