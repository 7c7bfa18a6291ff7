import { CompanySignaturePatch, CompanySignatureView, IdParams } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { AppError } from '../../lib/errors';
import { readFileAndFields } from '../../lib/multipart';
import { callerOf } from '../../plugins/context';
import { companyConfigAccess } from './company-config.policy';
import * as service from './company-config.signatures.service';

const tags = ['companies'];
const access = companyConfigAccess.manage;
const SignatureParams = z.object({ id: z.string().uuid(), signatureId: z.string().uuid() });
const Fields = z.object({
  signerName: z.string().trim().min(1).max(120),
  signerTitle: z.string().trim().max(120).default(''),
});

/** A company's signatures (super administrator): list, add (multipart image), change, delete, image. */
export const companySignaturesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/companies/:id/signatures',
    {
      config: { access },
      schema: {
        tags,
        summary: "The company's signatures in order, with their active flags",
        params: IdParams,
        response: { 200: z.array(CompanySignatureView) },
      },
    },
    async (req) => service.listSignatures(deps, req.params.id),
  );

  app.post(
    '/companies/:id/signatures',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add a signature (multipart: signerName, signerTitle, then the PNG or JPG file up to 2 MB); audited',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: CompanySignatureView },
      },
    },
    async (req) => {
      const read = await readFileAndFields(req, service.MAX_SIGNATURE_BYTES);
      await service.checkSignatureImage(typeof read === 'string' ? read : read.file.bytes);
      if (typeof read === 'string') throw new AppError('VALIDATION_ERROR', { field: 'file' });
      const fields = Fields.safeParse(read.fields);
      if (!fields.success) {
        const field = String(fields.error.issues[0]?.path[0] ?? 'signerName');
        throw new AppError('VALIDATION_ERROR', { field, params: { field, reason: fields.error.issues[0]?.message } });
      }
      return service.addSignature(deps, callerOf(req), req.params.id, fields.data, read.file.bytes);
    },
  );

  app.patch(
    '/companies/:id/signatures/:signatureId',
    {
      config: { access },
      schema: {
        tags,
        summary: "Change a signature's signer, title or active flag; audited",
        params: SignatureParams,
        body: CompanySignaturePatch,
        response: { 200: CompanySignatureView },
      },
    },
    async (req) => service.updateSignature(deps, callerOf(req), req.params.id, req.params.signatureId, req.body),
  );

  app.delete(
    '/companies/:id/signatures/:signatureId',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Delete a signature; deleting the active first one leaves the remaining first one inactive. Answers the list; audited',
        params: SignatureParams,
        response: { 200: z.array(CompanySignatureView) },
      },
    },
    async (req) => service.deleteSignature(deps, callerOf(req), req.params.id, req.params.signatureId),
  );

  app.get(
    '/companies/:id/signatures/:signatureId/image',
    {
      config: { access },
      schema: { tags, summary: "A signature's image", params: SignatureParams },
    },
    async (req, reply) => {
      const img = await service.signatureImage(deps, req.params.id, req.params.signatureId);
      return sendDownload(reply, { type: img.mime, body: img.bytes });
    },
  );
};
