import { IdParams } from '@regcheck/shared';
import {
  BulkSendBody,
  BulkSendResult,
  FichaFormSummary,
  FORM_PATHS,
  FORM_TYPES,
  FormCreateBody,
  FormFileView,
  FormPatchBody,
  FormReviewBody,
  type FormTypeT,
  FormView,
  OperationFormReasons,
  OperationFormReasonsBody,
  ParticipantForms,
  SendFormResult,
} from '@regcheck/shared/schemas/forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { sendDownload } from '../../lib/download';
import { readFilePart } from '../../lib/multipart';
import { inCompany, tenantCallerOf } from '../../plugins/context';
import * as files from './forms.files';
import { formsAccess } from './forms.policy';
import * as review from './forms.review.service';
import * as send from './forms.send.service';
import * as service from './forms.service';

const tags = ['forms'];
const access = formsAccess.work;
const Index = z.object({ consultationId: z.string().uuid(), associateIndex: z.coerce.number().int().min(0).max(999) });

/** The company's calls on forms (spec 001 §7 Form DOF, Form PEP, Form BF, Templates and batch). */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  for (const type of FORM_TYPES) {
    const base = `/${FORM_PATHS[type]}`;
    const types: FormTypeT[] = [type];
    listAndCountRoutes(app, {
      path: base,
      access,
      tags,
      view: FormView,
      listSummary: `${type} forms (filter)`,
      countSummary: `Number of ${type} forms (where)`,
      list: (caller, f) => service.listForms(deps, inCompany(caller), types, f),
      count: (caller, where) => service.countForms(deps, inCompany(caller), types, where),
    });
    app.get(
      `${base}/:id`,
      {
        config: { access },
        schema: { tags, summary: `One ${type} form`, params: IdParams, response: { 200: FormView } },
      },
      async (req) => service.getForm(deps, tenantCallerOf(req), req.params.id, types),
    );
    app.post(
      base,
      {
        config: { access },
        schema: {
          tags,
          summary: `The ${type} form of a participant (created if none)`,
          body: FormCreateBody,
          response: { 200: FormView },
        },
      },
      async (req) =>
        service.createForm(deps, tenantCallerOf(req), type, req.body.consultationId, req.body.associateIndex),
    );
    app.patch(
      `${base}/:id`,
      {
        config: { access },
        schema: {
          tags,
          summary: '{isActive:false} deactivates the form (soft)',
          params: IdParams,
          body: FormPatchBody,
          response: { 200: FormView },
        },
      },
      async (req) => service.patchForm(deps, tenantCallerOf(req), req.params.id, types, req.body),
    );
    app.post(
      `${base}/:id/addfile`,
      {
        config: { access },
        schema: {
          tags,
          summary: 'Add a supporting PDF (multipart field file)',
          params: IdParams,
          consumes: ['multipart/form-data'],
          response: { 200: FormFileView },
        },
      },
      async (req) => files.addFile(deps, tenantCallerOf(req), req.params.id, types, await readFilePart(req)),
    );
    app.get(
      `${base}/:id/files/:index`,
      {
        config: { access },
        schema: {
          tags,
          summary: 'A supporting document of the form (addfile), by its position',
          params: IdParams.extend({ index: z.coerce.number().int().min(0).max(99) }),
        },
      },
      async (req, reply) => {
        const f = await files.downloadSupporting(deps, tenantCallerOf(req), req.params.id, types, req.params.index);
        return sendDownload(reply, { type: 'application/pdf', name: f.fileName, body: f.bytes });
      },
    );
    for (const [suffix, which] of [
      ['downloadfile', 'original'],
      ['downloadsigned', 'signed'],
    ] as const) {
      app.get(
        `${base}/:id/${suffix}`,
        { config: { access: formsAccess.read }, schema: { tags, summary: `The ${which} PDF`, params: IdParams } },
        async (req, reply) => {
          const f = await files.download(deps, tenantCallerOf(req), req.params.id, types, which);
          return sendDownload(reply, { type: 'application/pdf', name: f.fileName, body: f.bytes });
        },
      );
    }
  }

  const resend: [string, FormTypeT][] = [
    ['resendDOF', 'formDOF'],
    ['resendDOFLegal', 'formDOFLegal'],
    ['resendPEP', 'formPep'],
    ['resendBF', 'formBF'],
  ];
  for (const [name, type] of resend) {
    app.get(
      `/consultations/${name}/:consultationId/:associateIndex`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Send or resend the ${type} form of a participant by e-mail (a new link revokes the old)`,
          params: Index,
          response: { 200: SendFormResult },
        },
      },
      async (req) =>
        send.sendForm(deps, tenantCallerOf(req), req.params.consultationId, req.params.associateIndex, type),
    );
  }
  app.post(
    '/consultations/send-email-bf',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Send the BF form of a participant by e-mail',
        body: Index,
        response: { 200: SendFormResult },
      },
    },
    async (req) => send.sendForm(deps, tenantCallerOf(req), req.body.consultationId, req.body.associateIndex, 'formBF'),
  );
  app.post(
    '/consultations/bulk-send-forms',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Send the required forms of several operations (one error entry per failed row)',
        body: BulkSendBody,
        response: { 200: BulkSendResult },
      },
    },
    async (req) => send.bulkSend(deps, tenantCallerOf(req), req.body.consultations, req.body.statuses),
  );
  app.get(
    '/forms/operation/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: "The Forms panel: each participant's forms and statuses",
        params: IdParams,
        response: { 200: z.array(ParticipantForms) },
      },
    },
    async (req) => service.participantForms(deps, tenantCallerOf(req), req.params.id),
  );
  app.post(
    '/forms/operations/reasons',
    {
      config: { access },
      schema: {
        tags,
        summary: "Why each participant's form of these operations is required or not (the list and the bulk send)",
        body: OperationFormReasonsBody,
        response: { 200: z.array(OperationFormReasons) },
      },
    },
    async (req) => service.reasonsOfOperations(deps, tenantCallerOf(req), req.body.operationIds),
  );
  app.post(
    '/forms/:id/review',
    {
      config: { access },
      schema: {
        tags,
        summary: "An officer's review of a signed declaration: accept it, or ask for a new one with a reason",
        params: IdParams,
        body: FormReviewBody,
        response: { 200: FormView },
      },
    },
    async (req) => review.reviewForm(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  // formularios entity
  app.post(
    '/formularios/entity',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A form of a participant (created if none)',
        body: FormCreateBody.extend({ type: z.enum(FORM_TYPES) }),
        response: { 200: FormView },
      },
    },
    async (req) =>
      service.createForm(deps, tenantCallerOf(req), req.body.type, req.body.consultationId, req.body.associateIndex),
  );
  app.get(
    '/formularios/entity/ficha/:fichaId',
    {
      config: { access: formsAccess.read },
      schema: {
        tags,
        summary: 'The forms of a ficha',
        params: z.object({ fichaId: z.string().uuid() }),
        response: { 200: z.array(FormView) },
      },
    },
    async (req) => service.formsOfFichas(deps, tenantCallerOf(req), [req.params.fichaId]),
  );
  app.get(
    '/formularios/entity/ficha/:fichaId/summary',
    {
      config: { access: formsAccess.read },
      schema: {
        tags,
        summary:
          "The ficha's form summary: per form, its status, last sent, last signed and until when it is in effect",
        params: z.object({ fichaId: z.string().uuid() }),
        response: { 200: z.array(FichaFormSummary) },
      },
    },
    async (req) => service.fichaFormSummary(deps, tenantCallerOf(req), req.params.fichaId),
  );
  app.get(
    '/formularios/entity/:id',
    { config: { access }, schema: { tags, summary: 'One form', params: IdParams, response: { 200: FormView } } },
    async (req) => service.getForm(deps, tenantCallerOf(req), req.params.id),
  );
  app.patch(
    '/formularios/entity/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Record a status (and fields) by hand; never on a signed form',
        params: IdParams,
        body: z.object({
          status: z.enum(['required', 'sent', 'opened', 'filled']),
          fields: z.record(z.string(), z.unknown()).optional(),
        }),
        response: { 200: FormView },
      },
    },
    async (req) => service.setFormStatus(deps, tenantCallerOf(req), req.params.id, req.body),
  );
  app.post(
    '/formularios/entity/batch-by-ficha-ids',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The forms of several fichas (ids deduplicated; an empty list answers nothing)',
        body: z.object({ fichaIds: z.array(z.string().uuid()).max(500) }),
        response: { 200: z.array(FormView) },
      },
    },
    async (req) => service.formsOfFichas(deps, tenantCallerOf(req), req.body.fichaIds),
  );
};
