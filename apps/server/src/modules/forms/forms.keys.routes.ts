import { SigningKeyBody, SigningKeyView } from '@regcheck/shared/schemas/forms';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import * as service from './forms.keys.service';
import { formsAccess } from './forms.policy';

const tags = ['forms'];
const access = formsAccess.settings;
const Params = z.object({ companyId: z.string().uuid() });

/** The company's own signing key: its administrators for their company, the super administrator for any. */
export const formsKeysRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/companies/:companyId/signing-key',
    {
      access,
      summary: "The company's signing certificate (never its password); null while it has none",
      params: Params,
      reply: SigningKeyView.nullable(),
    },
    (req) => service.getCompanyKey(deps, callerOf(req), req.params.companyId),
  );
  r.put(
    '/companies/:companyId/signing-key',
    {
      access,
      summary: 'Upload the company P12 (base64) and its password: forms are signed with it from then on',
      params: Params,
      body: SigningKeyBody,
      reply: SigningKeyView,
    },
    (req) => service.putCompanyKey(deps, callerOf(req), req.params.companyId, req.body),
  );
  r.delete(
    '/companies/:companyId/signing-key',
    {
      access,
      summary: "Remove the company's key: forms are signed with the platform key again",
      params: Params,
      reply: z.object({ removed: z.boolean() }),
    },
    (req) => service.deleteCompanyKey(deps, callerOf(req), req.params.companyId),
  );
});
