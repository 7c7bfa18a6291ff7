import type { FeatureModule } from '../index';
import { setFormStatusProvider } from '../operations/operations.events';
import { formsPublicRoutes } from './forms.public.routes';
import { formsRoutes } from './forms.routes';
import { operationFormStatuses } from './forms.service';
import { platformSigningKey } from './forms.signing-key';
import { formsTemplatesRoutes } from './forms.templates.routes';

/** Declaration forms (DOF, DOF legal, BF, PEP): sending, the public signing flow, templates, signed PDFs. */
export const formsModule: FeatureModule = {
  name: 'forms',
  registerJobs: () => setFormStatusProvider(operationFormStatuses),
  start: async (deps) => {
    // the platform key is made on first start (DATA_DIR/signing), not in the middle of a visitor's signature
    await platformSigningKey(deps.config.dataDir);
  },
  routes: async (app) => {
    await app.register(formsPublicRoutes);
    await app.register(formsRoutes);
    await app.register(formsTemplatesRoutes);
  },
};
