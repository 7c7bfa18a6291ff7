import {
  CASE_PAGE_SIZES,
  CourtCasesView,
  PepMexicoView,
  ProviderCallView,
  RegistryView,
} from '@regcheck/shared/schemas/records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, tenantCallerOf } from '../../plugins/context';
import { PROVIDERS } from './providers.adapters';
import { providersAccess } from './providers.policy';
import * as providers from './providers.service';
import * as records from './records.service';

const tags = ['person-records'];
/** the ficha id or the person's document (RUT, CPF, CNPJ in any format) */
const RunParams = z.object({ run: z.string().min(1).max(40) });

const ConfigView = z.object({
  provider: z.string(),
  baseUrl: z.string(),
  hasCredentials: z.boolean(),
  requestLimit: z.number().nullable(),
  requestsUsed: z.number(),
  enabled: z.boolean(),
  sample: z.boolean(),
  updatedAt: z.string(),
});

/** The per-person records from external providers, their call log and (super administrator) their configuration. */
export const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/person-records/:run/registry',
    {
      config: { access: providersAccess.read },
      schema: {
        tags,
        summary: 'CPF or CNPJ registry data of the person (validadorCPF-CNPJ), cached 24 h',
        params: RunParams,
        response: { 200: RegistryView },
      },
    },
    async (req) => records.registry(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/:run/court-cases/:type',
    {
      config: { access: providersAccess.read },
      schema: {
        tags,
        summary: "A court-case table of the person ('Tipo de causa no válido' for an unknown type), 10/25/50 a page",
        params: RunParams.extend({ type: z.string().max(60) }),
        querystring: z.object({
          limit: z.coerce
            .number()
            .int()
            .refine((n) => (CASE_PAGE_SIZES as readonly number[]).includes(n), 'page size is 10, 25 or 50')
            .default(10),
          skip: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
        response: { 200: CourtCasesView },
      },
    },
    async (req) =>
      records.courtCases(deps, tenantCallerOf(req), req.params.run, req.params.type, {
        limit: req.query.limit,
        skip: req.query.skip,
      }),
  );

  app.get(
    '/person-records/:run/pep-mexico',
    {
      config: { access: providersAccess.read },
      schema: {
        tags,
        summary: 'PEP Mexico matches of the person, best match first, cached 24 h',
        params: RunParams,
        response: { 200: PepMexicoView },
      },
    },
    async (req) => records.pepMexico(deps, tenantCallerOf(req), req.params.run),
  );

  app.get(
    '/person-records/calls',
    {
      config: { access: providersAccess.read },
      schema: {
        tags,
        summary: 'The log of provider calls of the company: who looked up which person, where, with what result',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25),
          skip: z.coerce.number().int().min(0).default(0),
        }),
        response: { 200: z.object({ total: z.number(), items: z.array(ProviderCallView) }) },
      },
    },
    async (req) => {
      const r = await providers.calls(deps, tenantCallerOf(req), req.query);
      return { total: r.total, items: r.items.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() })) };
    },
  );

  app.get(
    '/providers/:companyId',
    {
      config: { access: providersAccess.configure },
      schema: {
        tags,
        summary: "A company's record providers (super administrator; credentials are never shown)",
        params: z.object({ companyId: z.string().uuid() }),
        response: { 200: z.array(ConfigView) },
      },
    },
    async (req) => providers.listConfigs(deps, req.params.companyId),
  );

  app.put(
    '/providers/:companyId/:provider',
    {
      config: { access: providersAccess.configure },
      schema: {
        tags,
        summary: "Sets a company's provider: address, credentials (encrypted at rest) and contracted request limit",
        params: z.object({ companyId: z.string().uuid(), provider: z.enum(PROVIDERS) }),
        body: z.object({
          baseUrl: z.url({ protocol: /^https?$/ }).max(500),
          credentials: z.string().min(1).max(2000).nullable().optional(),
          requestLimit: z.number().int().min(0).nullable(),
          enabled: z.boolean().default(true),
        }),
        response: { 200: ConfigView },
      },
    },
    async (req) => providers.configure(deps, callerOf(req), req.params.companyId, req.params.provider, req.body),
  );
};
