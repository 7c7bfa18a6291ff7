import { FeatureFlagUpdateBody, FeatureFlagView } from '@regcheck/shared/schemas/operations';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { featureFlagsAccess } from './feature-flags.policy';
import * as service from './feature-flags.service';

const tags = ['feature-flags'];
const FlagName = z.string().regex(/^[a-zA-Z0-9_.-]{1,80}$/);

export const featureFlagsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/feature-flags/:flagName/:configuredId',
    {
      access: featureFlagsAccess.check,
      summary: 'Whether a flag is on for the environment and a company ({enabled}; false on any error)',
      params: z.object({ flagName: FlagName, configuredId: z.string() }),
      reply: FeatureFlagView,
    },
    async (req) => ({
      enabled: await service.check(deps, callerOf(req), req.params.flagName, req.params.configuredId),
    }),
  );

  r.put(
    '/feature-flags/:flagName',
    {
      access: featureFlagsAccess.set,
      summary: 'Turn a flag on or off, for environments and companies (null companies: all)',
      params: z.object({ flagName: FlagName }),
      body: FeatureFlagUpdateBody,
      reply: FeatureFlagView,
    },
    async (req) => ({
      enabled: (await service.setFlag(deps, callerOf(req), req.params.flagName, req.body)).enabled,
    }),
  );
});
