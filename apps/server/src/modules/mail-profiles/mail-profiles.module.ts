import type { FeatureModule } from '../feature-module';
import { mailProfilesRoutes } from './mail-profiles.routes';

/** E-mail profiles: the name, reply address, colour, logo and signature of the company's e-mails; test e-mails. */
export const mailProfilesModule: FeatureModule = {
  name: 'mail-profiles',
  async routes(app) {
    await app.register(mailProfilesRoutes);
  },
};
