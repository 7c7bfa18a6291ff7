import { FeatureFlagUpdateBody, FeatureFlagView } from '@regcheck/shared/schemas/operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/context';
import { featureFlagsAccess } from './feature-flags.policy';
import * as service from './feature-flags.service';

const tags = ['feature-flags'];
const FlagName = z.string().regex(/^[a-zA-Z0-9_.-]{1,80}$/);

export const featureFlagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/feature-flags/:flagName/:configuredId',
    {
      config: { access: featureFlagsAccess.check },
      schema: {
        tags,
        summary: 'Whether a flag is on for the environment and a company ({enabled}; false on any error)',
        params: z.object({ flagName: FlagName, configuredId: z.string() }),
        response: { 200: FeatureFlagView },
      },
    },
    async (req) => ({
      enabled: await service.check(deps, callerOf(req), req.params.flagName, req.params.configuredId),
    }),
  );

  app.put(
    '/feature-flags/:flagName',
    {
      config: { access: featureFlagsAccess.set },
      schema: {
        tags,
        summary: 'Turn a flag on or off, for environments and companies (null companies: all)',
        params: z.object({ flagName: FlagName }),
        body: FeatureFlagUpdateBody,
        response: { 200: FeatureFlagView },
      },
    },
    async (req) => ({
      enabled: (await service.setFlag(deps, callerOf(req), req.params.flagName, req.body)).enabled,
    }),
  );
};
