import {
  BacenDeclarationStatus,
  BacenDeleteBody,
  BacenReportBody,
  BacenReportUpdateBody,
  BacenReportView,
  BacenVersionView,
} from '@regcheck/shared/schemas/bacen';
import { pageOf } from '@regcheck/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCallerOf } from '../../plugins/context';
import { bacenAccess, ownCompany } from './bacen.policy';
import * as service from './bacen.service';

const tags = ['bacen'];
const access = bacenAccess.all;
const Id = z.string().uuid();

/** Bacen fraud-indication records (Resolução Conjunta 6/2023), Brazil only; every access is traced. */
export const bacenRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/bacen-reports/:companyId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Fraud-indication records of the company (deleted=true: the deleted ones)',
        params: z.object({ companyId: Id }),
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25),
          skip: z.coerce.number().int().min(0).default(0),
          deleted: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true'),
          fichaId: Id.optional(),
        }),
        response: { 200: pageOf(BacenReportView) },
      },
    },
    async (req) => {
      const caller = tenantCallerOf(req);
      ownCompany(caller, req.params.companyId);
      return service.list(deps, caller, req.query);
    },
  );

  app.get(
    '/bacen-reports/:companyId/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A fraud-indication record with its previous versions',
        params: z.object({ companyId: Id, id: Id }),
        response: { 200: BacenReportView.extend({ versions: z.array(BacenVersionView) }) },
      },
    },
    async (req) => {
      const caller = tenantCallerOf(req);
      ownCompany(caller, req.params.companyId);
      return service.get(deps, caller, req.params.id);
    },
  );

  app.post(
    '/bacen-reports',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Registers a fraud-indication record',
        body: BacenReportBody,
        response: { 200: BacenReportView },
      },
    },
    async (req) => service.create(deps, tenantCallerOf(req), req.body),
  );

  app.put(
    '/bacen-reports/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Changes a record; the previous version is kept with the reason',
        params: z.object({ id: Id }),
        body: BacenReportUpdateBody,
        response: { 200: BacenReportView },
      },
    },
    async (req) => service.update(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  app.patch(
    '/bacen-reports/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Deletes a record with its reason (the record and its versions are kept)',
        params: z.object({ id: Id }),
        body: BacenDeleteBody,
        response: { 200: BacenReportView },
      },
    },
    async (req) => service.remove(deps, tenantCallerOf(req), req.params.id, req.body.deletedReason),
  );

  app.get(
    '/bacen-declarations/current',
    {
      config: { access },
      schema: {
        tags,
        summary: "The monthly conformity declaration: the previous month's, due by the 15th",
        response: { 200: BacenDeclarationStatus },
      },
    },
    async (req) => service.declaration(deps, tenantCallerOf(req)),
  );

  app.post(
    '/bacen-declarations',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Files the conformity declaration of the previous month',
        response: { 200: BacenDeclarationStatus },
      },
    },
    async (req) => service.declare(deps, tenantCallerOf(req)),
  );
};
