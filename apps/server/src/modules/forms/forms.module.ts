import { sweepSpooledZips } from '../../lib/multipart';
import type { FeatureModule } from '../feature-module';
import { type MailOutcome, onMailDelivered, onMailFailed } from '../mail';
import { setFormStatusProvider } from '../operations';
import { formsGlosasRoutes } from './forms.glosas.routes';
import { formsKeysRoutes } from './forms.keys.routes';
import { formsPublicRoutes } from './forms.public.routes';
import { formsRoutes } from './forms.routes';
import { onFormMail } from './forms.send.service';
import { operationFormStatuses } from './forms.service';
import { platformSigningKey } from './forms.signing-key';
import { formsTemplatesRoutes } from './forms.templates.routes';

// one function each, so registering again (another app in the same process) adds no second listener
const formMailDelivered = (o: MailOutcome) => onFormMail('delivered', o);
const formMailFailed = (o: MailOutcome) => onFormMail('failed', o);

/** Declaration forms (DOF, DOF legal, BF, PEP): sending, the public signing flow, templates, signed PDFs. */
export const formsModule: FeatureModule = {
  name: 'forms',
  registerJobs: () => {
    setFormStatusProvider(operationFormStatuses);
    onMailDelivered(formMailDelivered);
    onMailFailed(formMailFailed);
  },
  start: async (deps) => {
    // the platform key is made on first start (DATA_DIR/signing), not in the middle of a visitor's signature
    await platformSigningKey(deps.config.dataDir);
    // the temporary zips of /public/verify checks a killed process left behind (decision 269)
    const swept = await sweepSpooledZips(deps.config.tmpDir);
    if (swept) deps.log.info({ swept }, 'removed temporary zips of unfinished verifications');
  },
  routes: async (app) => {
    await app.register(formsPublicRoutes);
    await app.register(formsRoutes);
    await app.register(formsTemplatesRoutes);
    await app.register(formsGlosasRoutes);
    await app.register(formsKeysRoutes);
  },
};
