import type { FeatureModule } from '../feature-module';
import { ssoRoutes } from './sso.routes';

/** Single sign-on with OpenID Connect per company (issue 13, decision 60). */
export const ssoModule: FeatureModule = {
  name: 'sso',
  async routes(app) {
    await app.register(ssoRoutes);
  },
};
