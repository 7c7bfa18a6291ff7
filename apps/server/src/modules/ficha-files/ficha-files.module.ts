import type { FeatureModule } from '../feature-module';
import { fichaFilesRoutes } from './ficha-files.routes';

/** The PDFs kept on fichas (upload, download, delete). */
export const fichaFilesModule: FeatureModule = {
  name: 'ficha-files',
  async routes(app) {
    await app.register(fichaFilesRoutes);
  },
};
