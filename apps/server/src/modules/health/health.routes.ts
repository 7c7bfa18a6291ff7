import { PublicSettings } from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { healthAccess } from './health.policy';
import { liveness, readiness } from './health.service';

export const healthRoutes = routesPlugin({ tags: ['system'] }, (r, deps) => {
  r.get(
    '/health',
    {
      access: healthAccess.open,
      summary: 'Liveness: ok once migrations have run and the database answers',
      reply: z.object({ status: z.literal('ok'), database: z.string() }),
      config: { rateLimit: { max: deps.config.rateLimitMax * 30, timeWindow: '1 minute' } },
    },
    () => liveness(deps),
  );

  r.get(
    '/ready',
    {
      access: healthAccess.open,
      summary: 'Readiness for a load balancer: 503 while the process drains after SIGTERM or its database is away',
      response: {
        200: z.object({ status: z.literal('ready') }),
        503: z.object({ status: z.enum(['draining', 'unavailable']) }),
      },
      config: { rateLimit: { max: deps.config.rateLimitMax * 30, timeWindow: '1 minute' } },
    },
    async (_req, reply) => {
      const r = await readiness(deps);
      if (r.status === 'ready') return { status: r.status };
      return reply.code(503).send({ status: r.status });
    },
  );

  r.get(
    '/settings/public',
    {
      access: healthAccess.open,
      summary: 'What the sign-in page needs to know',
      reply: PublicSettings,
      config: { rateLimit: { max: deps.config.rateLimitMax * 3, timeWindow: '1 minute' } },
    },
    () => ({
      version: deps.config.version,
      sso: { enabled: !!deps.config.ssoProviderName, providerName: deps.config.ssoProviderName },
      helpUrls: deps.config.helpUrls,
      newsUrl: deps.config.newsUrl,
      demo: deps.config.demo,
      verifyZipMaxBytes: deps.config.verifyZipMaxBytes,
    }),
  );
});
