import { CompanySignaturePatch, CompanySignatureView, IdParams } from '@regcheck/shared';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { AppError } from '../../lib/errors';
import { readFileAndFields } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
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
export const companySignaturesRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/companies/:id/signatures',
    {
      access,
      summary: "The company's signatures in order, with their active flags",
      params: IdParams,
      reply: z.array(CompanySignatureView),
    },
    (req) => service.listSignatures(deps, req.params.id),
  );

  r.post(
    '/companies/:id/signatures',
    {
      access,
      summary: 'Add a signature (multipart: signerName, signerTitle, then the PNG or JPG file up to 2 MB); audited',
      params: IdParams,
      reply: CompanySignatureView,
      schema: { consumes: ['multipart/form-data'] },
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

  r.patch(
    '/companies/:id/signatures/:signatureId',
    {
      access,
      summary: "Change a signature's signer, title or active flag; audited",
      params: SignatureParams,
      body: CompanySignaturePatch,
      reply: CompanySignatureView,
    },
    (req) => service.updateSignature(deps, callerOf(req), req.params.id, req.params.signatureId, req.body),
  );

  r.delete(
    '/companies/:id/signatures/:signatureId',
    {
      access,
      summary:
        'Delete a signature; deleting the active first one leaves the remaining first one inactive. Answers the list; audited',
      params: SignatureParams,
      reply: z.array(CompanySignatureView),
    },
    (req) => service.deleteSignature(deps, callerOf(req), req.params.id, req.params.signatureId),
  );

  r.get(
    '/companies/:id/signatures/:signatureId/image',
    { access, summary: "A signature's image", params: SignatureParams },
    async (req, reply) => {
      const img = await service.signatureImage(deps, req.params.id, req.params.signatureId);
      return sendDownload(reply, { type: img.mime, body: img.bytes });
    },
  );
});
