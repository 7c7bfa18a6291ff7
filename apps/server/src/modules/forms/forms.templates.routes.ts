import {
  FormPreviewBody,
  FormRules,
  FormRulesPatch,
  FormTemplateConfig,
  FormTemplateCreateBody,
  FormTemplatePatchBody,
  FormTemplateView,
} from '@regcheck/shared/schemas/forms';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
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
export const formsTemplatesRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/formularios/paises',
    { access: [...formsAccess.work, 'superadmin'], summary: 'Countries with form templates', reply: z.array(Country) },
    () => service.countries(),
  );
  r.get(
    '/formularios/template/pais/:country',
    {
      access,
      summary: "The company's templates of a country (id or code), then the defaults",
      querystring: CompanyQuery,
      params: z.object({ country: z.string().min(1).max(10) }),
      reply: z.array(FormTemplateView),
    },
    async (req) =>
      service.templatesOfCountry(
        deps,
        await service.settingsCaller(deps, callerOf(req), req.query.companyId),
        req.params.country,
      ),
  );
  r.get(
    '/formularios/template/:id',
    { access, summary: 'One template', querystring: CompanyQuery, params: TemplateId, reply: FormTemplateView },
    async (req) =>
      service.getTemplate(deps, await service.settingsCaller(deps, callerOf(req), req.query.companyId), req.params.id),
  );
  r.post(
    '/formularios/template',
    {
      access,
      summary: "A new template ('Formulario N', empty configuration, country 2 by default)",
      querystring: CompanyQuery,
      body: FormTemplateCreateBody,
      reply: FormTemplateView,
    },
    async (req) =>
      service.createTemplate(deps, await service.settingsCaller(deps, callerOf(req), req.query.companyId), req.body),
  );
  r.patch(
    '/formularios/template/:id',
    {
      access,
      summary: 'Change a template (configuracion checked: unknown field types refused)',
      querystring: CompanyQuery,
      params: TemplateId,
      body: FormTemplatePatchBody,
      reply: FormTemplateView,
    },
    async (req) =>
      service.patchTemplate(
        deps,
        await service.settingsCaller(deps, callerOf(req), req.query.companyId),
        req.params.id,
        req.body,
      ),
  );
  r.post(
    '/formularios/preview',
    {
      access,
      summary: 'The form a template renders, before saving',
      querystring: CompanyQuery,
      body: FormPreviewBody,
      reply: FormTemplateConfig,
    },
    async (req) =>
      service.preview(deps, await service.settingsCaller(deps, callerOf(req), req.query.companyId), req.body),
  );
  r.get(
    '/companies/form/:companyId',
    { access, summary: "The company's form rules", params: CompanyId, reply: FormRules },
    (req) => service.getRules(deps, callerOf(req), req.params.companyId),
  );
  r.patch(
    '/companies/form/:companyId',
    { access, summary: "Change the company's form rules", params: CompanyId, body: FormRulesPatch, reply: FormRules },
    (req) => service.patchRules(deps, callerOf(req), req.params.companyId, req.body),
  );
});
