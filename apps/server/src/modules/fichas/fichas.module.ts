import { fichaFilesRoutes } from '../ficha-files/ficha-files.routes';
import type { FeatureModule } from '../index';
import { referenceRoutes } from '../reference/reference.routes';
import { relationshipsRoutes } from '../relationships/relationships.routes';
import { riskRoutes } from '../risk/risk.routes';
import { registerRiskJobs } from '../risk/risk.service';
import { tagsRoutes } from '../tags/tags.routes';
import { fichasRoutes } from './fichas.routes';
import { screenJob } from './fichas.service';
import { loadScreening } from './screening.adapter';

/** Fichas with their related persons, files, tags, risk and the reference data of their forms. */
export const fichasModule: FeatureModule = {
  name: 'fichas',
  async routes(app) {
    await app.register(fichasRoutes);
    await app.register(relationshipsRoutes);
    await app.register(fichaFilesRoutes);
    await app.register(tagsRoutes);
    await app.register(riskRoutes);
    await app.register(referenceRoutes);
  },
  registerJobs(deps) {
    registerRiskJobs(deps);
    deps.queue.register('fichas.screen', async (p) => screenJob(deps, String(p.companyId), String(p.fichaId)));
  },
  async start() {
    await loadScreening();
  },
};
