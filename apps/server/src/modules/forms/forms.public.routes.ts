import { formatBytes } from '@regcheck/shared/format/number';
import {
  FORM_PATHS,
  FORM_TYPES,
  FormFileView,
  type FormTypeT,
  MAX_IMAGE_BYTES,
  PublicFilledBody,
  PublicFormView,
  PublicIdentifyBody,
  PublicImageKind,
  PublicSignedBody,
  PublicSignedResult,
  PublicSignerBody,
  PublicSignerOptions,
  VerifyResult,
} from '@regcheck/shared/schemas/forms';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { AppError } from '../../lib/errors';
import { readFilePart, withFileOrSpooledZip } from '../../lib/multipart';
import { MAX_PDF_BYTES, pdfProblem } from '../../lib/uploads';
import { formError } from './forms.errors';
import * as example from './forms.example';
import * as files from './forms.files';
import { formsAccess } from './forms.policy';
import * as pub from './forms.public';

const tags = ['forms (public)'];
/** Lenient on purpose: a malformed id or token is the same 404 as a wrong one (no hint). */
const Segment = z.string().min(1).max(512);
const visitorOf = (req: FastifyRequest) => ({
  ip: req.ip ?? null,
  requestId: req.id ?? null,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
});

/** The signing flow of a form's link and /public/verify; every call rate-limited per address. */
export const formsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const config = {
    access: formsAccess.public,
    rateLimit: { max: deps.config.rateLimitMax * 3, timeWindow: '1 minute' },
  };

  const paths: [string, FormTypeT[]][] = FORM_TYPES.map((t) => [FORM_PATHS[t], [t]]);
  for (const [path, types] of paths) {
    app.get(
      `/${path}/public/:id/:token`,
      {
        config,
        schema: {
          tags,
          summary: "The form as its link's visitor sees it (opening it sets opened)",
          params: z.object({ id: Segment, token: Segment }),
          response: { 200: PublicFormView },
        },
      },
      async (req) => pub.getPublic(deps, types, req.params.id, req.params.token, visitorOf(req)),
    );
    app.post(
      `/${path}/public-filled`,
      {
        config,
        schema: {
          tags,
          summary: 'The answers of the form (checked against its template)',
          body: PublicFilledBody,
          response: { 200: PublicFormView },
        },
      },
      async (req) => pub.fill(deps, types, req.body, visitorOf(req)),
    );
    app.post(
      `/${path}/public-signed`,
      {
        config,
        schema: {
          tags,
          summary: 'Sign: the PDF generated, signed and stored; the link spent',
          body: PublicSignedBody,
          response: { 200: PublicSignedResult },
        },
      },
      async (req) => pub.sign(deps, types, req.body.form.id, req.body.key, visitorOf(req)),
    );
    app.post(
      `/${path}/public/:id/addfile`,
      {
        config,
        schema: {
          tags,
          summary: 'The visitor adds a supporting PDF (multipart field file; 25 MB; encrypted refused)',
          params: z.object({ id: Segment }),
          querystring: z.object({ key: Segment }),
          consumes: ['multipart/form-data'],
          response: { 200: FormFileView },
        },
      },
      async (req) => {
        const up = await readFilePart(req);
        if (typeof up === 'string') throw new AppError(up, { field: 'file', messageKey: `operations:errors.${up}` });
        const problem = await pdfProblem(up.bytes);
        if (problem) throw new AppError(problem, { field: 'file', messageKey: `operations:errors.${problem}` });
        return pub.addPublicFile(deps, types, req.params.id, req.query.key, up, visitorOf(req));
      },
    );
    app.patch(
      `/${path}/public/:id`,
      {
        config,
        schema: {
          tags,
          summary: 'Sign ({form:{signed:true}, key})',
          params: z.object({ id: Segment }),
          body: PublicSignedBody,
          response: { 200: PublicSignedResult },
        },
      },
      async (req) => {
        if (req.body.form.signed !== true) throw formError('FORM_SIGNATURE_REQUIRED', { field: 'form.signed' });
        return pub.sign(deps, types, req.params.id, req.body.key, visitorOf(req));
      },
    );
  }
  app.get(
    '/forms/public/:id/:token',
    {
      config,
      schema: {
        tags,
        summary: 'Any form type, as its visitor sees it (opening it sets opened)',
        params: z.object({ id: Segment, token: Segment }),
        response: { 200: PublicFormView },
      },
    },
    async (req) => pub.getPublic(deps, FORM_TYPES, req.params.id, req.params.token, visitorOf(req)),
  );
  app.post(
    '/form-dof-legal/public',
    {
      config,
      schema: {
        tags,
        summary: 'The answers of a legal DOF',
        body: PublicFilledBody,
        response: { 200: PublicFormView },
      },
    },
    async (req) => pub.fill(deps, ['formDOFLegal'], req.body, visitorOf(req)),
  );
  app.post(
    '/forms/public/:id/identify',
    {
      config,
      schema: {
        tags,
        summary: "The visitor confirms the participant's document number",
        params: z.object({ id: Segment }),
        body: PublicIdentifyBody,
        response: { 200: PublicFormView },
      },
    },
    async (req) => pub.identify(deps, req.params.id, req.body, visitorOf(req)),
  );
  app.get(
    '/forms/public/:id/signer',
    {
      config,
      schema: {
        tags,
        summary: "A company's form: its known legal representatives, the signer's document type and the signer chosen",
        params: z.object({ id: Segment }),
        querystring: z.object({ key: Segment }),
        response: { 200: PublicSignerOptions },
      },
    },
    async (req) => pub.signerOptions(deps, req.params.id, req.query.key),
  );
  app.post(
    '/forms/public/:id/signer',
    {
      config,
      schema: {
        tags,
        summary: 'Who signs for the company: a known legal representative, or a person entered (document checked)',
        params: z.object({ id: Segment }),
        body: PublicSignerBody,
        response: { 200: PublicFormView },
      },
    },
    async (req) => pub.setSigner(deps, req.params.id, req.body, visitorOf(req)),
  );
  app.post(
    '/forms/public/:id/image/:kind',
    {
      config,
      schema: {
        tags,
        summary: 'Portrait photo, ID document photo or drawn signature (multipart field file; JPEG or PNG up to 2 MB)',
        params: z.object({ id: Segment, kind: PublicImageKind }),
        querystring: z.object({ key: Segment }),
        consumes: ['multipart/form-data'],
        response: { 200: PublicFormView },
      },
    },
    async (req) => {
      const up = await readFilePart(req, MAX_IMAGE_BYTES);
      if (up === 'FILE_TOO_LARGE') throw formError('FORM_IMAGE_TOO_LARGE', { field: 'file' });
      if (typeof up === 'string')
        throw new AppError('FILE_REQUIRED', { field: 'file', messageKey: 'operations:errors.FILE_REQUIRED' });
      return pub.uploadImage(deps, req.params.id, req.query.key, req.params.kind, up.bytes, visitorOf(req));
    },
  );
  app.get(
    '/forms/public/:id/preview',
    {
      config,
      schema: {
        tags,
        summary: 'The PDF as it will be signed, unsigned and marked as a preview (the review step)',
        params: z.object({ id: Segment }),
        querystring: z.object({ key: Segment }),
      },
    },
    async (req, reply) => {
      const p = await pub.preview(deps, req.params.id, req.query.key);
      return sendDownload(reply, { type: 'application/pdf', name: p.fileName, disposition: 'inline', body: p.pdf });
    },
  );
  app.get(
    '/forms/public/example',
    {
      config,
      schema: {
        tags,
        summary: 'A sample filled form (fictional person, no company data) for /public/example',
        querystring: z.object({
          lang: z.enum(['es', 'pt-BR', 'en']).optional(),
          format: z.enum(['json', 'pdf']).optional(),
        }),
      },
    },
    async (req, reply) => {
      const ex = await example.sample(req.query.lang ?? req.locale, deps.config.publicUrl);
      if (req.query.format !== 'pdf')
        return { template: ex.template, data: ex.data, name: ex.name, dniHint: ex.dniHint };
      return sendDownload(reply, {
        type: 'application/pdf',
        name: 'regcheck-example.pdf',
        disposition: 'inline',
        body: ex.pdf,
      });
    },
  );
  app.post(
    '/public/verify',
    {
      config,
      schema: {
        tags,
        summary: 'Whether a PDF was signed by RegCheck and is unchanged (multipart field file)',
        consumes: ['multipart/form-data'],
        response: { 200: VerifyResult },
      },
    },
    async (req) => {
      // a PDF up to 25 MB in memory; an inspector's zip up to VERIFY_ZIP_MAX_MB through a temporary file (decision 256)
      const got = await withFileOrSpooledZip(
        req,
        { maxBytes: MAX_PDF_BYTES, zipMaxBytes: deps.config.verifyZipMaxBytes, dir: deps.config.tmpDir },
        (upload) => files.verify(deps, upload),
      );
      if (got === 'FILE_REQUIRED') throw new AppError(got, { field: 'file', messageKey: `operations:errors.${got}` });
      // a PDF: the spec's 25 MB message; a zip: its own limit in the same words
      if ('tooLarge' in got)
        throw new AppError('FILE_TOO_LARGE', {
          field: 'file',
          ...(got.tooLarge === MAX_PDF_BYTES
            ? { messageKey: 'operations:errors.FILE_TOO_LARGE' }
            : {
                messageKey: 'common:dropzone.tooLargeAny',
                params: { size: formatBytes(got.tooLarge, req.locale) },
              }),
        });
      return got;
    },
  );
};
