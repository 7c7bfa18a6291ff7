import type { FeatureModule } from '../feature-module';
import { commercialReportRoutes } from './commercial-report.routes';

/** The commercial credit report (Chile). */
export const commercialReportModule: FeatureModule = {
  name: 'commercial-report',
  async routes(app) {
    await app.register(commercialReportRoutes);
  },
};
