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
import { z } from 'zod';
import { sendDownload, XLSX } from '../../lib/download';
import { parseListFilter, parseWhere } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
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

export const operationsRoutes = routesPlugin({ tags }, async (r, deps, app) => {
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
    r.patch(url, { access, summary, body: ConsultationIdsBody, reply: IdsResult }, (req) =>
      run(tenantCallerOf(req), req.body.consultationIds),
    );

  r.get(
    '/consultations',
    {
      access: READ,
      summary: 'Operations, newest first (filter: where incl. search and status active|inactive, limit, skip)',
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(OperationView),
    },
    (req) => service.listOperations(deps, tenantCallerOf(req), parseListFilter(req.query.filter)),
  );

  r.get(
    '/consultations/count',
    { access: READ, querystring: z.object({ where: z.string().optional() }), reply: CountBody },
    async (req) => ({ count: await service.countOperations(deps, tenantCallerOf(req), parseWhere(req.query.where)) }),
  );

  r.get(
    '/consultations/roe',
    {
      access: operationsAccess.roe,
      summary: 'ROE of a period (current quarter by default); negative when no cash operation passed the threshold',
      querystring: Period,
      reply: RoeSummary,
    },
    (req) => service.roeSummary(deps, tenantCallerOf(req), req.query),
  );

  r.get(
    '/consultations/view/:id',
    {
      access: READ,
      summary: 'Operation detail with historical records and insurance policy history',
      params: IdParams,
      reply: OperationDetailView,
    },
    (req) => service.getOperationDetail(deps, tenantCallerOf(req), req.params.id),
  );

  r.get(
    '/consultations/getGeneralFormStatus/:id',
    { access: READ, params: IdParams, reply: z.array(ParticipantFormStatus) },
    (req) => service.generalFormStatus(deps, tenantCallerOf(req), req.params.id),
  );

  r.get('/consultations/:id', { access: READ, params: IdParams, reply: OperationView }, (req) =>
    service.getOperation(deps, tenantCallerOf(req), req.params.id),
  );

  r.get(
    '/consultations-resume',
    {
      access: operationsAccess.manage,
      summary: `Summary of the customer-management table (feature flag ${CONSULTATIONS_RESUME_FLAG})`,
      querystring: ConsultationTableQuery,
      reply: ConsultationResume,
    },
    async (req) => {
      const c = tenantCallerOf(req);
      if (!(await isEnabled(deps, CONSULTATIONS_RESUME_FLAG, c.companyId))) throw opError('FEATURE_DISABLED');
      return service.consultationResume(deps, c, req.query);
    },
  );

  r.post(
    '/informes/tabla-consultas',
    {
      access: operationsAccess.manage,
      summary: 'Customer-management table: a page of operations and the total',
      body: ConsultationTableFilter,
      reply: ConsultationTableResult,
    },
    (req) => service.consultationTable(deps, tenantCallerOf(req), req.body),
  );

  r.post(
    '/informes/tabla-consultas/count',
    { access: operationsAccess.manage, body: ConsultationTableFilter, reply: CountBody },
    async (req) => ({ count: await service.consultationTableCount(deps, tenantCallerOf(req), req.body) }),
  );

  r.post(
    '/consultations',
    {
      access: operationsAccess.create,
      summary: 'Create an operation',
      body: OperationCreateBody,
      reply: OperationView,
    },
    (req) => service.createOperation(deps, tenantCallerOf(req), req.body),
  );

  r.post(
    '/consultations/export',
    { access: operationsAccess.manage, summary: 'The selected operations as an .xlsx file', body: ConsultationIdsBody },
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
  r.get(
    '/uaf-operations',
    {
      access: operationsAccess.roe,
      tags: ['uaf-operations'],
      summary: 'Cash operations above the ROE threshold (UAF report)',
      querystring: UafQuery,
      reply: z.array(UafOperation),
    },
    (req) => service.uafOperations(deps, tenantCallerOf(req), req.query),
  );
  r.get(
    '/uaf-operations/count',
    { access: operationsAccess.roe, tags: ['uaf-operations'], querystring: Period, reply: CountBody },
    async (req) => ({ count: await service.countUafOperations(deps, tenantCallerOf(req), req.query) }),
  );

  await app.register(operationsFileRoutes);
});
