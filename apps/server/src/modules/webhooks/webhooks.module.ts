import type { FeatureModule } from '../feature-module';
import { webhooksRoutes } from './webhooks.routes';
import { DELIVER_JOB, giveUpDelivery, runDelivery } from './webhooks.service';

const idsOf = (p: Record<string, unknown>) => ({ companyId: String(p.companyId), deliveryId: String(p.deliveryId) });

/** The company's webhooks: registration, the signed deliveries (job queue, retried with backoff) and their log. */
export const webhooksModule: FeatureModule = {
  name: 'webhooks',
  async routes(app) {
    await app.register(webhooksRoutes);
  },
  registerJobs(deps) {
    deps.queue.register(
      DELIVER_JOB,
      async (payload) => {
        const { companyId, deliveryId } = idsOf(payload);
        await runDelivery(deps, companyId, deliveryId);
      },
      {
        maxAttempts: 6,
        backoffSeconds: 30,
        onFailed: async (payload) => {
          const { companyId, deliveryId } = idsOf(payload);
          await giveUpDelivery(deps, companyId, deliveryId);
        },
      },
    );
  },
};
