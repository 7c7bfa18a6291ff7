import {
  FormPreviewBody,
  FormRules,
  FormRulesPatch,
  FormTemplateConfig,
  FormTemplateCreateBody,
  FormTemplatePatchBody,
  FormTemplateView,
} from '@regcheck/shared/schemas/forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/context';
import { formsAccess } from './forms.policy';
import * as service from './forms.templates.service';

const tags = ['forms'];
const access = formsAccess.settings;
/** The super administrator names the company (he has none); a company user may leave it out. */
const CompanyQuery = z.object({ companyId: z.string().uuid().optional() });
const TemplateId = z.object({ id: z.string().min(1).max(80) });
const CompanyId = z.object({ companyId: z.string().uuid() });
const Country = z.object({ id: z.number().int(), code: z.string(), name: z.string(), es: z.string(), pt: z.string() });

/** Templates per country, preview and the company's form rules (spec 001 §7 Templates and batch). */
export const formsTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/formularios/paises',
    {
      // operation work and the template screens (the super administrator's included)
      config: { access: [...formsAccess.work, 'superadmin'] },
      schema: { tags, summary: 'Countries with form templates', response: { 200: z.array(Country) } },
    },
    async () => service.countries(),
  );
  app.get(
    '/formularios/template/pais/:country',
    {
      config: { access },
      schema: {
        tags,
        summary: "The company's templates of a country (id or code), then the defaults",
        querystring: CompanyQuery,
        params: z.object({ country: z.string().min(1).max(10) }),
        response: { 200: z.array(FormTemplateView) },
      },
    },
    async (req) =>
      service.templatesOfCountry(
        deps,
        await service.settingsCaller(deps, callerOf(req), req.query.companyId),
        req.params.country,
      ),
  );
  app.get(
    '/formularios/template/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One template',
        querystring: CompanyQuery,
        params: TemplateId,
        response: { 200: FormTemplateView },
      },
    },
    async (req) =>
      service.getTemplate(deps, await service.settingsCaller(deps, callerOf(req), req.query.companyId), req.params.id),
  );
  app.post(
    '/formularios/template',
    {
      config: { access },
      schema: {
        tags,
        summary: "A new template ('Formulario N', empty configuration, country 2 by default)",
        querystring: CompanyQuery,
        body: FormTemplateCreateBody,
        response: { 200: FormTemplateView },
      },
    },
    async (req) =>
      service.createTemplate(deps, await service.settingsCaller(deps, callerOf(req), req.query.companyId), req.body),
  );
  app.patch(
    '/formularios/template/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change a template (configuracion checked: unknown field types refused)',
        querystring: CompanyQuery,
        params: TemplateId,
        body: FormTemplatePatchBody,
        response: { 200: FormTemplateView },
      },
    },
    async (req) =>
      service.patchTemplate(
        deps,
        await service.settingsCaller(deps, callerOf(req), req.query.companyId),
        req.params.id,
        req.body,
      ),
  );
  app.post(
    '/formularios/preview',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The form a template renders, before saving',
        querystring: CompanyQuery,
        body: FormPreviewBody,
        response: { 200: FormTemplateConfig },
      },
    },
    async (req) =>
      service.preview(deps, await service.settingsCaller(deps, callerOf(req), req.query.companyId), req.body),
  );
  app.get(
    '/companies/form/:companyId',
    {
      config: { access },
      schema: { tags, summary: "The company's form rules", params: CompanyId, response: { 200: FormRules } },
    },
    async (req) => service.getRules(deps, callerOf(req), req.params.companyId),
  );
  app.patch(
    '/companies/form/:companyId',
    {
      config: { access },
      schema: {
        tags,
        summary: "Change the company's form rules",
        params: CompanyId,
        body: FormRulesPatch,
        response: { 200: FormRules },
      },
    },
    async (req) => service.patchRules(deps, callerOf(req), req.params.companyId, req.body),
  );
};
