import { CountBody, IdParams } from '@regcheck/shared';
import {
  ConsultationIdsBody,
  ConsultationResume,
  ConsultationTableFilter,
  ConsultationTableQuery,
  ConsultationTableResult,
  OperationCreateBody,
  OperationDetailView,
  OperationStatusBody,
  OperationUpdateBody,
  OperationView,
  ParticipantFormStatus,
  RoeSummary,
  StatusSnapshotBody,
  UafOperation,
} from '@regcheck/shared/schemas/operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { caller } from '../../plugins/context';
import { CONSULTATIONS_RESUME_FLAG, isEnabled } from '../feature-flags/feature-flags.service';
import { opError } from './operations.errors';
import { operationsWorkbook } from './operations.export';
import { operationsFileRoutes } from './operations.files.routes';
import * as service from './operations.service';

const tags = ['consultations'];
const READ = ['search', 'history'] as const;
const Period = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
const IdsResult = z.object({ count: z.number().int(), consultationIds: z.array(z.string().uuid()) });

export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const who = (req: FastifyRequest) => ({
    auth: caller(req),
    ip: req.ip,
    requestId: req.id,
  });

  app.get(
    '/consultations',
    {
      config: { access: [...READ] },
      schema: {
        tags,
        summary: 'Operations, newest first (filter: where incl. search and status active|inactive, limit, skip)',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(OperationView) },
      },
    },
    async (req) => service.listOperations(deps, caller(req), parseListFilter(req.query.filter)),
  );

  app.get(
    '/consultations/count',
    {
      config: { access: [...READ] },
      schema: { tags, querystring: z.object({ where: z.string().optional() }), response: { 200: CountBody } },
    },
    async (req) => ({ count: await service.countOperations(deps, caller(req), parseWhere(req.query.where)) }),
  );

  app.get(
    '/consultations/roe',
    {
      config: { access: ['history', 'mainPanel'] },
      schema: {
        tags,
        summary: 'ROE of a period (current quarter by default); negative when no cash operation passed the threshold',
        querystring: Period,
        response: { 200: RoeSummary },
      },
    },
    async (req) => service.roeSummary(deps, caller(req), req.query),
  );

  app.get(
    '/consultations/view/:id',
    {
      config: { access: [...READ] },
      schema: {
        tags,
        summary: 'Operation detail with historical records and insurance policy history',
        params: IdParams,
        response: { 200: OperationDetailView },
      },
    },
    async (req) => service.getOperationDetail(deps, caller(req), req.params.id),
  );

  app.get(
    '/consultations/getGeneralFormStatus/:id',
    {
      config: { access: [...READ] },
      schema: { tags, params: IdParams, response: { 200: z.array(ParticipantFormStatus) } },
    },
    async (req) => service.generalFormStatus(deps, caller(req), req.params.id),
  );

  app.get(
    '/consultations/:id',
    { config: { access: [...READ] }, schema: { tags, params: IdParams, response: { 200: OperationView } } },
    async (req) => service.getOperation(deps, caller(req), req.params.id),
  );

  app.get(
    '/consultations-resume',
    {
      config: { access: 'history' },
      schema: {
        tags,
        summary: `Summary of the customer-management table (feature flag ${CONSULTATIONS_RESUME_FLAG})`,
        querystring: ConsultationTableQuery,
        response: { 200: ConsultationResume },
      },
    },
    async (req) => {
      const auth = caller(req);
      if (!(await isEnabled(deps, CONSULTATIONS_RESUME_FLAG, auth.companyId))) throw opError('FEATURE_DISABLED');
      return service.consultationResume(deps, auth, req.query);
    },
  );

  app.post(
    '/informes/tabla-consultas',
    {
      config: { access: 'history' },
      schema: {
        tags,
        summary: 'Customer-management table: a page of operations and the total',
        body: ConsultationTableFilter,
        response: { 200: ConsultationTableResult },
      },
    },
    async (req) => service.consultationTable(deps, caller(req), req.body),
  );

  app.post(
    '/informes/tabla-consultas/count',
    {
      config: { access: 'history' },
      schema: { tags, body: ConsultationTableFilter, response: { 200: CountBody } },
    },
    async (req) => ({ count: await service.consultationTableCount(deps, caller(req), req.body) }),
  );

  app.post(
    '/consultations',
    {
      config: { access: 'search' },
      schema: { tags, summary: 'Create an operation', body: OperationCreateBody, response: { 200: OperationView } },
    },
    async (req) => service.createOperation(deps, who(req), req.body),
  );

  app.post(
    '/consultations/export',
    {
      config: { access: 'history' },
      schema: { tags, summary: 'The selected operations as an .xlsx file', body: ConsultationIdsBody },
    },
    async (req, reply) => {
      const rows = await service.operationsByIds(deps, caller(req), req.body.consultationIds);
      const file = await operationsWorkbook(rows, req.locale);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="operations.xlsx"')
        .send(file);
    },
  );

  app.patch(
    '/consultations/soft-delete',
    {
      config: { access: 'history' },
      schema: {
        tags,
        summary: 'Move operations to the trash',
        body: ConsultationIdsBody,
        response: { 200: IdsResult },
      },
    },
    async (req) => service.setRecordStatus(deps, who(req), req.body.consultationIds, 'inactive'),
  );

  app.patch(
    '/consultations/restore',
    {
      config: { access: 'consultationTrash' },
      schema: {
        tags,
        summary: 'Restore operations from the trash',
        body: ConsultationIdsBody,
        response: { 200: IdsResult },
      },
    },
    async (req) => service.setRecordStatus(deps, who(req), req.body.consultationIds, 'active'),
  );

  app.patch(
    '/consultations/read',
    {
      config: { access: [...READ] },
      schema: { tags, summary: 'Mark operations as read', body: ConsultationIdsBody, response: { 200: IdsResult } },
    },
    async (req) => service.markRead(deps, who(req), req.body.consultationIds),
  );

  app.patch(
    '/consultations/status/:id',
    {
      config: { access: [...READ] },
      schema: { tags, params: IdParams, body: OperationStatusBody, response: { 200: OperationView } },
    },
    async (req) => service.setStatus(deps, who(req), req.params.id, req.body.status),
  );

  app.patch(
    '/consultations/finalizar/:id',
    {
      config: { access: [...READ] },
      schema: {
        tags,
        summary: 'End the operation: stores its historical record',
        params: IdParams,
        response: { 200: OperationView },
      },
    },
    async (req) => service.finishOperation(deps, who(req), req.params.id),
  );

  app.patch(
    '/consultations/reanudar/:id',
    {
      config: { access: [...READ] },
      schema: { tags, summary: 'Resume a finished operation', params: IdParams, response: { 200: OperationView } },
    },
    async (req) => service.resumeOperation(deps, who(req), req.params.id),
  );

  app.patch(
    '/consultations/:id/status-snapshot',
    {
      config: { access: [...READ] },
      schema: { tags, params: IdParams, body: StatusSnapshotBody, response: { 200: OperationView } },
    },
    async (req) => service.setStatusSnapshot(deps, who(req), req.params.id, req.body.consultationStatus),
  );

  app.patch(
    '/consultations/:id',
    {
      config: { access: [...READ] },
      schema: {
        tags,
        summary: 'Update an open operation',
        params: IdParams,
        body: OperationUpdateBody,
        response: { 200: OperationView },
      },
    },
    async (req) => service.updateOperation(deps, who(req), req.params.id, req.body),
  );

  const UafQuery = Period.extend({
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    skip: z.coerce.number().int().min(0).default(0),
  });
  app.get(
    '/uaf-operations',
    {
      config: { access: ['mainPanel', 'history'] },
      schema: {
        tags: ['uaf-operations'],
        summary: 'Cash operations above the ROE threshold (UAF report)',
        querystring: UafQuery,
        response: { 200: z.array(UafOperation) },
      },
    },
    async (req) => service.uafOperations(deps, caller(req), req.query),
  );
  app.get(
    '/uaf-operations/count',
    {
      config: { access: ['mainPanel', 'history'] },
      schema: { tags: ['uaf-operations'], querystring: Period, response: { 200: CountBody } },
    },
    async (req) => ({ count: await service.countUafOperations(deps, caller(req), req.query) }),
  );

  await app.register(operationsFileRoutes);
};
