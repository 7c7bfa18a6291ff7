import {
  AggregateView,
  AllAggregatesView,
  AllegationAssignBody,
  AllegationCountWhere,
  AllegationDetailView,
  AllegationListFilter,
  AllegationListView,
  AllegationMessageBody,
  AllegationPatchBody,
  AllegationSettingsView,
  AssignableUserView,
  ChannelStatusView,
  DashboardRange,
  ReportsRange,
} from '@regcheck/shared/schemas/allegations';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { type CheckedFile, readMultipart, validated } from './allegations.attachments';
import { allegationError } from './allegations.errors';
import { allegationsAccess } from './allegations.policy';
import { sendFile } from './allegations.public.routes';
import * as reports from './allegations.reports';
import * as service from './allegations.service';

const tags = ['denuncias'];
const HANDLE = allegationsAccess.handle;
const ADMIN = allegationsAccess.admin;
const IdParams = z.object({ id: z.string().uuid() });

/** A JSON query parameter (`filter`, `where`) read with its schema; a bad one is a 400 naming the field. */
function parseJson<S extends z.ZodTypeAny>(schema: S, name: 'filter' | 'where', raw: string | undefined): z.infer<S> {
  let value: unknown = {};
  if (raw) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw allegationError('ALLEGATION_DATA_INVALID', { field: name, params: { field: name } });
    }
  }
  // a name of every object's prototype (__proto__, constructor, toString…) is refused naming it, never dropped
  // silently as an unknown key would be (the house rule for a LoopBack filter or where)
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const key = Object.keys(value).find((k) => k in Object.prototype);
    if (key)
      throw allegationError('ALLEGATION_DATA_INVALID', {
        field: `${name}.${key}`,
        params: { field: `${name}.${key}` },
      });
  }
  return validated(schema, value, (path) => `${name}.${path}`);
}

/** `filter` is a JSON object (status, category, assignedTo, from, to, overdue, limit, skip). */
const parseFilter = (raw: string | undefined) => parseJson(AllegationListFilter, 'filter', raw);

/** The text and files of a handler's message or note: a JSON body, or multipart with the same content checks. */
async function messageParts(req: FastifyRequest): Promise<{ message: string; files: CheckedFile[] }> {
  if (req.isMultipart()) {
    const { data, files } = await readMultipart(req, AllegationMessageBody);
    return { message: data.message, files };
  }
  const data = validated(AllegationMessageBody, req.body, (path) => path || 'message');
  return { message: data.message, files: [] };
}

const FilterQuery = z.object({ filter: z.string().max(2_000).optional() });

/** The handling of reports by the two allegation roles, and the administrator's dashboard, reports and settings. */
export const allegationsRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/denuncia-channel',
    {
      access: allegationsAccess.channelLink,
      summary: "Whether the caller's company's whistleblowing channel takes reports (the sidebar's link)",
      reply: ChannelStatusView,
    },
    (req) => service.channelStatus(deps, tenantCallerOf(req)),
  );

  r.get(
    '/denuncia',
    {
      access: HANDLE,
      summary: "The company's reports (filter; audited)",
      querystring: FilterQuery,
      reply: AllegationListView,
    },
    (req) => service.list(deps, tenantCallerOf(req), parseFilter(req.query.filter)),
  );

  r.get(
    '/denuncia/count',
    {
      access: HANDLE,
      summary: "How many of the company's reports the `where` finds (the list filter without limit and skip)",
      querystring: z.object({ where: z.string().max(2_000).optional() }),
      reply: z.object({ count: z.number().int() }),
    },
    (req) => service.count(deps, tenantCallerOf(req), parseJson(AllegationCountWhere, 'where', req.query.where)),
  );

  r.get(
    '/denuncia/export',
    { access: HANDLE, summary: 'The filtered list as .xlsx (audited)', querystring: FilterQuery },
    async (req, reply) => {
      const { limit: _l, skip: _s, ...f } = parseFilter(req.query.filter);
      const bytes = await service.exportList(deps, tenantCallerOf(req), f, req.locale);
      return sendFile(reply, {
        bytes,
        name: 'denuncias.xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
    },
  );

  r.get(
    '/denuncia/:id',
    {
      access: HANDLE,
      summary: 'One report with its chat, notes, files and history (audited)',
      params: IdParams,
      reply: AllegationDetailView,
    },
    (req) => service.get(deps, tenantCallerOf(req), req.params.id),
  );

  r.patch(
    '/denuncia/:id',
    {
      access: HANDLE,
      summary: 'Change the status (with its reason) or the category',
      params: IdParams,
      body: AllegationPatchBody,
      reply: AllegationDetailView,
    },
    (req) => service.patch(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  r.post(
    '/denuncia-assign',
    {
      access: HANDLE,
      summary: 'Assign a report to an allegation handler of the company (null: nobody)',
      body: AllegationAssignBody,
      reply: AllegationDetailView,
    },
    (req) => service.assign(deps, tenantCallerOf(req), req.body.denunciaId, req.body.userId),
  );

  r.post(
    '/denuncia/:id/messages',
    {
      access: HANDLE,
      summary:
        'A message to the reporter (they read it with id and pin) (JSON {message}, or multipart: `data` = {message}, `files` = up to 5 PDF or image files of 25 MB)',
      params: IdParams,
      reply: AllegationDetailView,
      schema: { consumes: ['application/json', 'multipart/form-data'] },
    },
    async (req) => {
      const { message, files } = await messageParts(req);
      return service.sendMessage(deps, tenantCallerOf(req), req.params.id, message, files);
    },
  );

  r.post(
    '/denuncia/:id/notes',
    {
      access: HANDLE,
      summary:
        'An internal note (never shown to the reporter) (JSON {message}, or multipart: `data` = {message}, `files` = up to 5 PDF or image files of 25 MB)',
      params: IdParams,
      reply: AllegationDetailView,
      schema: { consumes: ['application/json', 'multipart/form-data'] },
    },
    async (req) => {
      const { message, files } = await messageParts(req);
      return service.addNote(deps, tenantCallerOf(req), req.params.id, message, files);
    },
  );

  r.get(
    '/denuncia/:id/files/:fileId',
    {
      access: HANDLE,
      summary: 'Download an attachment (audited)',
      params: z.object({ id: z.string().uuid(), fileId: z.string().uuid() }),
    },
    async (req, reply) =>
      sendFile(reply, await service.downloadFile(deps, tenantCallerOf(req), req.params.id, req.params.fileId)),
  );

  r.get(
    '/users/denounces/:id',
    {
      access: HANDLE,
      summary: 'The people a report of the company can be assigned to',
      params: IdParams,
      reply: z.array(AssignableUserView),
    },
    (req) => service.assignableUsers(deps, tenantCallerOf(req), req.params.id),
  );

  r.get(
    '/denuncia-settings',
    { access: HANDLE, summary: 'Categories and deadlines of the channel', reply: AllegationSettingsView },
    (req) => service.getSettings(deps, tenantCallerOf(req)),
  );

  r.put(
    '/denuncia-settings',
    {
      access: ADMIN,
      summary: 'Change the categories and deadlines',
      body: AllegationSettingsView,
      reply: AllegationSettingsView,
    },
    (req) => service.putSettings(deps, tenantCallerOf(req), req.body),
  );

  const CompanyParams = z.object({ companyId: z.string().uuid() });

  r.get(
    '/informes/denuncias/:companyId/all',
    {
      access: ADMIN,
      summary: 'The six dashboard counts between init and end (YYYY-MM-DD; default the last 12 months)',
      params: CompanyParams,
      querystring: DashboardRange,
      reply: AllAggregatesView,
    },
    (req) => reports.allAggregates(deps, tenantCallerOf(req), req.params.companyId, req.query.init, req.query.end),
  );

  r.get(
    '/informes/denuncias/:companyId/:mode',
    {
      access: ADMIN,
      summary:
        "One dashboard count: timeframes, anonymous, client_relationship, status, assigned_person or category ('Modo inválido' otherwise)",
      params: CompanyParams.extend({ mode: z.string().max(50) }),
      querystring: DashboardRange,
      reply: AggregateView,
    },
    (req) =>
      reports.aggregate(
        deps,
        tenantCallerOf(req),
        req.params.companyId,
        req.params.mode,
        req.query.init,
        req.query.end,
      ),
  );

  r.get(
    '/informes/reportes-denuncias/:id',
    {
      access: ADMIN,
      summary: 'The reports filed between inicio and fin (YYYY-MM-DD) of the company {id} (audited)',
      params: IdParams,
      querystring: ReportsRange,
      reply: AllegationListView,
    },
    (req) => reports.reportList(deps, tenantCallerOf(req), req.params.id, req.query.inicio, req.query.fin),
  );

  r.get(
    '/dashboard/aggregates',
    {
      access: ADMIN,
      summary: "The allegations dashboard of the caller's company (the six counts between init and end)",
      querystring: DashboardRange,
      reply: AllAggregatesView,
    },
    async (req) => {
      const caller = tenantCallerOf(req);
      return reports.allAggregates(deps, caller, caller.companyId, req.query.init, req.query.end);
    },
  );
});
