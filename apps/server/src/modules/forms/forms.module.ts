import { sweepSpooledZips } from '../../lib/multipart';
import type { FeatureModule } from '../feature-module';
import { formsGlosasRoutes } from './forms.glosas.routes';
import { formsKeysRoutes } from './forms.keys.routes';
import { formsPublicRoutes } from './forms.public.routes';
import { formsRoutes } from './forms.routes';
import { onFormMail } from './forms.send.service';
import { operationFormStatuses } from './forms.service';
import { platformSigningKey } from './forms.signing-key';
import { formsTemplatesRoutes } from './forms.templates.routes';

/** Declaration forms (DOF, DOF legal, BF, PEP): sending, the public signing flow, templates, signed PDFs. */
export const formsModule: FeatureModule = {
  name: 'forms',
  // an operation's participants' form statuses, for the operation's list row, detail and history (operations may not
  // import forms)
  answers: () => ({ 'operations.formStatuses': operationFormStatuses }),
  /** a sent form's e-mail: delivered, the form is sent; refused for good, the send is undone (in the delivery's db) */
  listeners: (deps) => [
    { event: 'mail.delivered', name: 'forms.mail-delivered', run: (o) => onFormMail(deps, 'delivered', o) },
    { event: 'mail.failed', name: 'forms.mail-failed', run: (o) => onFormMail(deps, 'failed', o) },
  ],
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
