import { CountBody, IdParams, type PermissionKey } from '@regcheck/shared';
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload, XLSX } from '../../lib/download';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { type TenantCaller, tenantCallerOf } from '../../plugins/context';
import { CONSULTATIONS_RESUME_FLAG, isEnabled } from '../feature-flags';
import { opError } from './operations.errors';
import { operationsWorkbook } from './operations.export';
import { operationsFileRoutes } from './operations.files.routes';
import { operationsAccess } from './operations.policy';
import * as service from './operations.service';

const tags = ['consultations'];
const READ = operationsAccess.read;
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

  /** A change of one operation (`:id`, with or without a body) that answers the operation. */
  const onOperation = <B extends z.ZodType = z.ZodUndefined>(
    url: string,
    r: { summary?: string; body?: B },
    run: (c: TenantCaller, id: string, body: z.output<B>) => Promise<z.output<typeof OperationView>>,
  ) =>
    app.patch(
      url,
      {
        config: { access: READ },
        schema: {
          tags,
          summary: r.summary,
          params: IdParams,
          ...(r.body ? { body: r.body } : {}),
          response: { 200: OperationView },
        },
      },
      async (req) => run(tenantCallerOf(req), req.params.id, req.body as z.output<B>),
    );

  /** A change of several operations: their ids in, the ones changed out. */
  const onOperations = (
    url: string,
    access: PermissionKey | PermissionKey[],
    summary: string,
    run: (c: TenantCaller, ids: string[]) => Promise<z.output<typeof IdsResult>>,
  ) =>
    app.patch(
      url,
      { config: { access }, schema: { tags, summary, body: ConsultationIdsBody, response: { 200: IdsResult } } },
      async (req) => run(tenantCallerOf(req), req.body.consultationIds),
    );

  app.get(
    '/consultations',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Operations, newest first (filter: where incl. search and status active|inactive, limit, skip)',
        querystring: z.object({ filter: z.string().optional() }),
        response: { 200: z.array(OperationView) },
      },
    },
    async (req) => service.listOperations(deps, tenantCallerOf(req), parseListFilter(req.query.filter)),
  );

  app.get(
    '/consultations/count',
    {
      config: { access: READ },
      schema: { tags, querystring: z.object({ where: z.string().optional() }), response: { 200: CountBody } },
    },
    async (req) => ({ count: await service.countOperations(deps, tenantCallerOf(req), parseWhere(req.query.where)) }),
  );

  app.get(
    '/consultations/roe',
    {
      config: { access: operationsAccess.roe },
      schema: {
        tags,
        summary: 'ROE of a period (current quarter by default); negative when no cash operation passed the threshold',
        querystring: Period,
        response: { 200: RoeSummary },
      },
    },
    async (req) => service.roeSummary(deps, tenantCallerOf(req), req.query),
  );

  app.get(
    '/consultations/view/:id',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Operation detail with historical records and insurance policy history',
        params: IdParams,
        response: { 200: OperationDetailView },
      },
    },
    async (req) => service.getOperationDetail(deps, tenantCallerOf(req), req.params.id),
  );

  app.get(
    '/consultations/getGeneralFormStatus/:id',
    {
      config: { access: READ },
      schema: { tags, params: IdParams, response: { 200: z.array(ParticipantFormStatus) } },
    },
    async (req) => service.generalFormStatus(deps, tenantCallerOf(req), req.params.id),
  );

  app.get(
    '/consultations/:id',
    { config: { access: READ }, schema: { tags, params: IdParams, response: { 200: OperationView } } },
    async (req) => service.getOperation(deps, tenantCallerOf(req), req.params.id),
  );

  app.get(
    '/consultations-resume',
    {
      config: { access: operationsAccess.manage },
      schema: {
        tags,
        summary: `Summary of the customer-management table (feature flag ${CONSULTATIONS_RESUME_FLAG})`,
        querystring: ConsultationTableQuery,
        response: { 200: ConsultationResume },
      },
    },
    async (req) => {
      const c = tenantCallerOf(req);
      if (!(await isEnabled(deps, CONSULTATIONS_RESUME_FLAG, c.companyId))) throw opError('FEATURE_DISABLED');
      return service.consultationResume(deps, c, req.query);
    },
  );

  app.post(
    '/informes/tabla-consultas',
    {
      config: { access: operationsAccess.manage },
      schema: {
        tags,
        summary: 'Customer-management table: a page of operations and the total',
        body: ConsultationTableFilter,
        response: { 200: ConsultationTableResult },
      },
    },
    async (req) => service.consultationTable(deps, tenantCallerOf(req), req.body),
  );

  app.post(
    '/informes/tabla-consultas/count',
    {
      config: { access: operationsAccess.manage },
      schema: { tags, body: ConsultationTableFilter, response: { 200: CountBody } },
    },
    async (req) => ({ count: await service.consultationTableCount(deps, tenantCallerOf(req), req.body) }),
  );

  app.post(
    '/consultations',
    {
      config: { access: operationsAccess.create },
      schema: { tags, summary: 'Create an operation', body: OperationCreateBody, response: { 200: OperationView } },
    },
    async (req) => service.createOperation(deps, tenantCallerOf(req), req.body),
  );

  app.post(
    '/consultations/export',
    {
      config: { access: operationsAccess.manage },
      schema: { tags, summary: 'The selected operations as an .xlsx file', body: ConsultationIdsBody },
    },
    async (req, reply) => {
      const rows = await service.operationsByIds(deps, tenantCallerOf(req), req.body.consultationIds);
      const file = await operationsWorkbook(rows, req.locale);
      return sendDownload(reply, { type: XLSX, name: 'operations.xlsx', body: file });
    },
  );

  onOperations('/consultations/soft-delete', operationsAccess.manage, 'Move operations to the trash', (c, ids) =>
    service.setRecordStatus(deps, c, ids, 'inactive'),
  );
  onOperations('/consultations/restore', operationsAccess.restore, 'Restore operations from the trash', (c, ids) =>
    service.setRecordStatus(deps, c, ids, 'active'),
  );
  onOperations('/consultations/read', READ, 'Mark operations as read', (c, ids) => service.markRead(deps, c, ids));

  onOperation('/consultations/status/:id', { body: OperationStatusBody }, (c, id, body) =>
    service.setStatus(deps, c, id, body.status),
  );
  onOperation('/consultations/finalizar/:id', { summary: 'End the operation: stores its historical record' }, (c, id) =>
    service.finishOperation(deps, c, id),
  );
  onOperation('/consultations/reanudar/:id', { summary: 'Resume a finished operation' }, (c, id) =>
    service.resumeOperation(deps, c, id),
  );
  onOperation('/consultations/:id/status-snapshot', { body: StatusSnapshotBody }, (c, id, body) =>
    service.setStatusSnapshot(deps, c, id, body.consultationStatus),
  );
  onOperation('/consultations/:id', { summary: 'Update an open operation', body: OperationUpdateBody }, (c, id, body) =>
    service.updateOperation(deps, c, id, body),
  );

  const UafQuery = Period.extend({
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    skip: z.coerce.number().int().min(0).default(0),
  });
  app.get(
    '/uaf-operations',
    {
      config: { access: operationsAccess.roe },
      schema: {
        tags: ['uaf-operations'],
        summary: 'Cash operations above the ROE threshold (UAF report)',
        querystring: UafQuery,
        response: { 200: z.array(UafOperation) },
      },
    },
    async (req) => service.uafOperations(deps, tenantCallerOf(req), req.query),
  );
  app.get(
    '/uaf-operations/count',
    {
      config: { access: operationsAccess.roe },
      schema: { tags: ['uaf-operations'], querystring: Period, response: { 200: CountBody } },
    },
    async (req) => ({ count: await service.countUafOperations(deps, tenantCallerOf(req), req.query) }),
  );

  await app.register(operationsFileRoutes);
};
