import { SigningKeyBody, SigningKeyView } from '@regcheck/shared/schemas/forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/context';
import * as service from './forms.keys.service';
import { formsAccess } from './forms.policy';

const tags = ['forms'];
const access = formsAccess.settings;
const Params = z.object({ companyId: z.string().uuid() });

/** The company's own signing key: its administrators for their company, the super administrator for any. */
export const formsKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/companies/:companyId/signing-key',
    {
      config: { access },
      schema: {
        tags,
        summary: "The company's signing certificate (never its password); null while it has none",
        params: Params,
        response: { 200: SigningKeyView.nullable() },
      },
    },
    async (req) => service.getCompanyKey(deps, callerOf(req), req.params.companyId),
  );
  app.put(
    '/companies/:companyId/signing-key',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Upload the company P12 (base64) and its password: forms are signed with it from then on',
        params: Params,
        body: SigningKeyBody,
        response: { 200: SigningKeyView },
      },
    },
    async (req) => service.putCompanyKey(deps, callerOf(req), req.params.companyId, req.body),
  );
  app.delete(
    '/companies/:companyId/signing-key',
    {
      config: { access },
      schema: {
        tags,
        summary: "Remove the company's key: forms are signed with the platform key again",
        params: Params,
        response: { 200: z.object({ removed: z.boolean() }) },
      },
    },
    async (req) => service.deleteCompanyKey(deps, callerOf(req), req.params.companyId),
  );
};
