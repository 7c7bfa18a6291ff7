import type { FeatureModule } from '../feature-module';
import { companyConfigRoutes } from './company-config.routes';
import { companySignaturesRoutes } from './company-config.signatures.routes';

/** The super administrator's company edit tabs (issue 13) and the commercial activities catalogue. */
export const companyConfigModule: FeatureModule = {
  name: 'company-config',
  async routes(app) {
    await app.register(companyConfigRoutes);
    await app.register(companySignaturesRoutes);
  },
};
