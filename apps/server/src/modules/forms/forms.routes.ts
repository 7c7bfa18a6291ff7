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
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { sendDownload } from '../../lib/download';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
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
export const formsRoutes = routesPlugin({ tags }, (r, deps, app) => {
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
    r.get(`${base}/:id`, { access, summary: `One ${type} form`, params: IdParams, reply: FormView }, (req) =>
      service.getForm(deps, tenantCallerOf(req), req.params.id, types),
    );
    r.post(
      base,
      { access, summary: `The ${type} form of a participant (created if none)`, body: FormCreateBody, reply: FormView },
      (req) => service.createForm(deps, tenantCallerOf(req), type, req.body.consultationId, req.body.associateIndex),
    );
    r.patch(
      `${base}/:id`,
      {
        access,
        summary: '{isActive:false} deactivates the form (soft)',
        params: IdParams,
        body: FormPatchBody,
        reply: FormView,
      },
      (req) => service.patchForm(deps, tenantCallerOf(req), req.params.id, types, req.body),
    );
    r.post(
      `${base}/:id/addfile`,
      {
        access,
        summary: 'Add a supporting PDF (multipart field file)',
        params: IdParams,
        reply: FormFileView,
        schema: { consumes: ['multipart/form-data'] },
      },
      async (req) => files.addFile(deps, tenantCallerOf(req), req.params.id, types, await readFilePart(req)),
    );
    r.get(
      `${base}/:id/files/:index`,
      {
        access,
        summary: 'A supporting document of the form (addfile), by its position',
        params: IdParams.extend({ index: z.coerce.number().int().min(0).max(99) }),
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
      r.get(
        `${base}/:id/${suffix}`,
        { access: formsAccess.read, summary: `The ${which} PDF`, params: IdParams },
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
    r.get(
      `/consultations/${name}/:consultationId/:associateIndex`,
      {
        access,
        summary: `Send or resend the ${type} form of a participant by e-mail (a new link revokes the old)`,
        params: Index,
        reply: SendFormResult,
      },
      (req) => send.sendForm(deps, tenantCallerOf(req), req.params.consultationId, req.params.associateIndex, type),
    );
  }
  r.post(
    '/consultations/send-email-bf',
    { access, summary: 'Send the BF form of a participant by e-mail', body: Index, reply: SendFormResult },
    (req) => send.sendForm(deps, tenantCallerOf(req), req.body.consultationId, req.body.associateIndex, 'formBF'),
  );
  r.post(
    '/consultations/bulk-send-forms',
    {
      access,
      summary: 'Send the required forms of several operations (one error entry per failed row)',
      body: BulkSendBody,
      reply: BulkSendResult,
    },
    (req) => send.bulkSend(deps, tenantCallerOf(req), req.body.consultations, req.body.statuses),
  );
  r.get(
    '/forms/operation/:id',
    {
      access,
      summary: "The Forms panel: each participant's forms and statuses",
      params: IdParams,
      reply: z.array(ParticipantForms),
    },
    (req) => service.participantForms(deps, tenantCallerOf(req), req.params.id),
  );
  r.post(
    '/forms/operations/reasons',
    {
      access,
      summary: "Why each participant's form of these operations is required or not (the list and the bulk send)",
      body: OperationFormReasonsBody,
      reply: z.array(OperationFormReasons),
    },
    (req) => service.reasonsOfOperations(deps, tenantCallerOf(req), req.body.operationIds),
  );
  r.post(
    '/forms/:id/review',
    {
      access,
      summary: "An officer's review of a signed declaration: accept it, or ask for a new one with a reason",
      params: IdParams,
      body: FormReviewBody,
      reply: FormView,
    },
    (req) => review.reviewForm(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  // formularios entity
  r.post(
    '/formularios/entity',
    {
      access,
      summary: 'A form of a participant (created if none)',
      body: FormCreateBody.extend({ type: z.enum(FORM_TYPES) }),
      reply: FormView,
    },
    (req) =>
      service.createForm(deps, tenantCallerOf(req), req.body.type, req.body.consultationId, req.body.associateIndex),
  );
  r.get(
    '/formularios/entity/ficha/:fichaId',
    {
      access: formsAccess.read,
      summary: 'The forms of a ficha',
      params: z.object({ fichaId: z.string().uuid() }),
      reply: z.array(FormView),
    },
    (req) => service.formsOfFichas(deps, tenantCallerOf(req), [req.params.fichaId]),
  );
  r.get(
    '/formularios/entity/ficha/:fichaId/summary',
    {
      access: formsAccess.read,
      summary: "The ficha's form summary: per form, its status, last sent, last signed and until when it is in effect",
      params: z.object({ fichaId: z.string().uuid() }),
      reply: z.array(FichaFormSummary),
    },
    (req) => service.fichaFormSummary(deps, tenantCallerOf(req), req.params.fichaId),
  );
  r.get('/formularios/entity/:id', { access, summary: 'One form', params: IdParams, reply: FormView }, (req) =>
    service.getForm(deps, tenantCallerOf(req), req.params.id),
  );
  r.patch(
    '/formularios/entity/:id',
    {
      access,
      summary: 'Record a status (and fields) by hand; never on a signed form',
      params: IdParams,
      body: z.object({
        status: z.enum(['required', 'sent', 'opened', 'filled']),
        fields: z.record(z.string(), z.unknown()).optional(),
      }),
      reply: FormView,
    },
    (req) => service.setFormStatus(deps, tenantCallerOf(req), req.params.id, req.body),
  );
  r.post(
    '/formularios/entity/batch-by-ficha-ids',
    {
      access,
      summary: 'The forms of several fichas (ids deduplicated; an empty list answers nothing)',
      body: z.object({ fichaIds: z.array(z.string().uuid()).max(500) }),
      reply: z.array(FormView),
    },
    (req) => service.formsOfFichas(deps, tenantCallerOf(req), req.body.fichaIds),
  );
});
