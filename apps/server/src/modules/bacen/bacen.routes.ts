import {
  BacenDeclarationStatus,
  BacenDeleteBody,
  BacenReportBody,
  BacenReportUpdateBody,
  BacenReportView,
  BacenVersionView,
} from '@regcheck/shared/schemas/bacen';
import { pageOf } from '@regcheck/shared/schemas/common';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { bacenAccess, ownCompany } from './bacen.policy';
import * as service from './bacen.service';

const tags = ['bacen'];
const access = bacenAccess.all;
const Id = z.string().uuid();

/** Bacen fraud-indication records (Resolução Conjunta 6/2023), Brazil only; every access is traced. */
export const bacenRoutes = routesPlugin({ tags }, (r, deps) => {
  r.get(
    '/bacen-reports/:companyId',
    {
      access,
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
      reply: pageOf(BacenReportView),
    },
    async (req) => {
      const caller = tenantCallerOf(req);
      ownCompany(caller, req.params.companyId);
      return service.list(deps, caller, req.query);
    },
  );

  r.get(
    '/bacen-reports/:companyId/:id',
    {
      access,
      summary: 'A fraud-indication record with its previous versions',
      params: z.object({ companyId: Id, id: Id }),
      reply: BacenReportView.extend({ versions: z.array(BacenVersionView) }),
    },
    async (req) => {
      const caller = tenantCallerOf(req);
      ownCompany(caller, req.params.companyId);
      return service.get(deps, caller, req.params.id);
    },
  );

  r.post(
    '/bacen-reports',
    { access, summary: 'Registers a fraud-indication record', body: BacenReportBody, reply: BacenReportView },
    (req) => service.create(deps, tenantCallerOf(req), req.body),
  );

  r.put(
    '/bacen-reports/:id',
    {
      access,
      summary: 'Changes a record; the previous version is kept with the reason',
      params: z.object({ id: Id }),
      body: BacenReportUpdateBody,
      reply: BacenReportView,
    },
    (req) => service.update(deps, tenantCallerOf(req), req.params.id, req.body),
  );

  r.patch(
    '/bacen-reports/:id',
    {
      access,
      summary: 'Deletes a record with its reason (the record and its versions are kept)',
      params: z.object({ id: Id }),
      body: BacenDeleteBody,
      reply: BacenReportView,
    },
    (req) => service.remove(deps, tenantCallerOf(req), req.params.id, req.body.deletedReason),
  );

  r.get(
    '/bacen-declarations/current',
    {
      access,
      summary: "The monthly conformity declaration: the previous month's, due by the 15th",
      reply: BacenDeclarationStatus,
    },
    (req) => service.declaration(deps, tenantCallerOf(req)),
  );

  r.post(
    '/bacen-declarations',
    { access, summary: 'Files the conformity declaration of the previous month', reply: BacenDeclarationStatus },
    (req) => service.declare(deps, tenantCallerOf(req)),
  );
});
