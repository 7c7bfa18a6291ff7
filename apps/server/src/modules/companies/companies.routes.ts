import { CompanyCreateBody, CompanyView, CountBody, IdParams } from '@regcheck/shared';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { AppError } from '../../lib/errors';
import { parseListFilter } from '../../lib/filter';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { companiesAccess } from './companies.policy';
import * as service from './companies.service';

const tags = ['companies'];

/** The relations a company read includes: `filter.include` as names or `{ relation }` objects (only known ones). */
function includesOf(raw: string | undefined): string[] {
  const include = parseListFilter(raw).include ?? [];
  const names = (Array.isArray(include) ? include : [include]).map((i) =>
    typeof i === 'string' ? i : String((i as { relation?: unknown })?.relation ?? ''),
  );
  for (const n of names)
    if (n !== 'commercialActivity')
      throw new AppError('VALIDATION_ERROR', {
        field: 'filter.include',
        params: { field: 'filter.include', reason: `unknown relation '${n}'` },
      });
  return names;
}

export const companiesRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/companies',
    {
      access: companiesAccess.manage,
      summary: 'Create an obliged subject',
      body: CompanyCreateBody,
      reply: CompanyView,
    },
    async (req) => service.toCompanyView(await service.createCompany(deps, callerOf(req), req.body)),
  );

  r.get(
    '/companies',
    {
      access: companiesAccess.manage,
      summary: 'Obliged subjects (filter: limit, skip)',
      querystring: z.object({ filter: z.string().optional() }),
      reply: z.array(CompanyView),
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      return (await service.listCompanies(deps, { limit: f.limit, skip: f.skip })).map(service.toCompanyView);
    },
  );

  r.get(
    '/companies/count',
    { access: companiesAccess.manage, summary: 'Number of obliged subjects', reply: CountBody },
    async () => ({ count: await service.countCompanies(deps) }),
  );

  r.get(
    '/companies/:id',
    {
      access: companiesAccess.read,
      summary:
        'One obliged subject (own company, or any for the super administrator); filter {"include":["commercialActivity"]}',
      params: IdParams,
      querystring: z.object({ filter: z.string().optional() }),
      reply: CompanyView,
    },
    async (req) => {
      const row = await service.getCompany(deps, callerOf(req), req.params.id);
      const include = includesOf(req.query.filter);
      return {
        ...service.toCompanyView(row),
        ...(include.includes('commercialActivity')
          ? { commercialActivity: await service.commercialActivityOf(deps, row, req.locale) }
          : {}),
      };
    },
  );

  r.patch(
    '/companies/:id',
    {
      access: companiesAccess.manage,
      summary: 'Update an obliged subject',
      params: IdParams,
      body: CompanyCreateBody.partial(),
      reply: CompanyView,
    },
    async (req) => service.toCompanyView(await service.updateCompany(deps, callerOf(req), req.params.id, req.body)),
  );

  r.patch(
    '/companies/delete/:id',
    {
      access: companiesAccess.manage,
      summary: 'Delete an obliged subject (switched off with its users; kept for the audit trail)',
      params: IdParams,
      reply: CompanyView,
    },
    async (req) => service.toCompanyView(await service.deleteCompany(deps, callerOf(req), req.params.id)),
  );

  const ReportFlows = z.object({
    companyId: z.string(),
    reportFlows: z.array(
      z.object({
        reportType: z.enum(service.REPORT_FLOW_TYPES),
        userName: z.string(),
        uniqueId: z.string(),
        updatedAt: z.string(),
      }),
    ),
  });

  r.get(
    '/companies/reportFlows/:id',
    {
      access: companiesAccess.manage,
      summary: 'Per company report flows: the person responsible of each report type (the reports dashboard tab)',
      params: IdParams,
      reply: ReportFlows,
    },
    (req) => service.getReportFlows(deps, req.params.id),
  );

  r.patch(
    '/companies/reportFlows/:id',
    {
      access: companiesAccess.manage,
      summary:
        "Per company report flows: the person responsible (userName, uniqueId: the id of a company user who sees reports) of one report type; answers the company's flows",
      params: IdParams,
      body: z.object({
        reportType: z.enum(service.REPORT_FLOW_TYPES),
        userName: z.string().trim().min(1).max(200),
        uniqueId: z.string().trim().min(1).max(100),
      }),
      reply: ReportFlows,
    },
    (req) => service.setReportFlow(deps, callerOf(req), req.params.id, req.body),
  );

  r.patch(
    '/companies/addlogo/:id',
    {
      access: companiesAccess.manage,
      summary: 'Upload the logo of an obliged subject (multipart, one PNG, JPG or WEBP image up to 2 MB)',
      params: IdParams,
      reply: CompanyView,
      schema: { consumes: ['multipart/form-data'] },
    },
    async (req) => {
      const file = await readFilePart(req, service.MAX_LOGO_BYTES);
      if (file === 'FILE_TOO_LARGE') throw new AppError('LOGO_TOO_LARGE', { field: 'file' });
      if (file === 'FILE_REQUIRED') throw new AppError('LOGO_FORMAT', { field: 'file' });
      return service.toCompanyView(await service.setCompanyLogo(deps, callerOf(req), req.params.id, file.bytes));
    },
  );

  r.get(
    '/companies/viewlogo/:id',
    { access: companiesAccess.read, summary: 'The logo of an obliged subject', params: IdParams },
    async (req, reply) => {
      const logo = await service.getCompanyLogo(deps, callerOf(req), req.params.id);
      return sendDownload(reply, { type: logo.mime, body: logo.bytes });
    },
  );
});
