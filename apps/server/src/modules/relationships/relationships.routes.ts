import {
  AutomaticRelationsQuery,
  AutomaticRelationsView,
  BeneficiariesView,
  IdParams,
  LegalRepresentativesBody,
  RelationshipCreateBody,
  RelationshipPatchBody,
  RelationshipView,
} from '@regcheck/shared';
import { z } from 'zod';
import { routesPlugin } from '../../lib/routes';
import { tenantCallerOf } from '../../plugins/context';
import { automaticRelations } from './relationships.automatic';
import { beneficiaries } from './relationships.beneficial-owners';
import { relationshipsAccess } from './relationships.policy';
import * as service from './relationships.service';

const tags = ['relationships'];

export const relationshipsRoutes = routesPlugin({ tags }, (r, deps) => {
  const ctx = tenantCallerOf;
  const READ = relationshipsAccess.read;
  const WRITE = relationshipsAccess.write;

  r.get(
    '/ficha-relationship/:id',
    { access: READ, summary: 'One relationship with the related person', params: IdParams, reply: RelationshipView },
    (req) => service.get(deps, ctx(req), req.params.id),
  );

  r.post(
    '/ficha-relationship',
    {
      access: WRITE,
      summary:
        'Relate a person to a ficha (an existing ficha, or one found or created from the document); 409 if it exists',
      body: RelationshipCreateBody,
      reply: RelationshipView,
    },
    (req) => service.create(deps, ctx(req), req.body),
  );

  r.patch(
    '/ficha-relationship/:id/delete',
    { access: WRITE, summary: 'End a relationship', params: IdParams, reply: RelationshipView },
    (req) => service.remove(deps, ctx(req), req.params.id),
  );

  r.patch(
    '/ficha-relationship/:id',
    {
      access: WRITE,
      summary: 'Change relation type, participation, amount or extract date',
      params: IdParams,
      body: RelationshipPatchBody,
      reply: RelationshipView,
    },
    (req) => service.update(deps, ctx(req), req.params.id, req.body),
  );

  r.post(
    '/fichas-clientes/create-legal-representatives',
    {
      access: WRITE,
      summary: 'Add legal representatives to a ficha (valid document required; all or none)',
      body: LegalRepresentativesBody,
      reply: z.array(RelationshipView),
    },
    (req) => service.createLegalRepresentatives(deps, ctx(req), req.body.fichaId, req.body.legalRepresentatives),
  );

  r.get(
    '/fichas-clientes-beneficiaries/:id',
    {
      access: READ,
      summary:
        'Beneficial owners: ownership at or above the company threshold (indirect shares multiplied), effective control, declared',
      params: IdParams,
      reply: BeneficiariesView,
    },
    (req) => beneficiaries(deps, ctx(req), req.params.id),
  );

  r.get(
    '/automatic-relations/api-request/:dni',
    {
      access: READ,
      summary:
        'Automatic relations of the ficha with this document (distance 1-5, relationship_direction, one_path_per_node)',
      params: z.object({ dni: z.string().min(1).max(60) }),
      querystring: AutomaticRelationsQuery,
      reply: AutomaticRelationsView,
    },
    (req) => automaticRelations(deps, ctx(req), { dni: req.params.dni }, req.query),
  );

  r.get(
    '/automatic-relations/:fichaId',
    {
      access: READ,
      summary: 'Related persons and companies to `distance` levels (1-5), from the company data',
      params: z.object({ fichaId: z.string().uuid() }),
      querystring: AutomaticRelationsQuery,
      reply: AutomaticRelationsView,
    },
    (req) => automaticRelations(deps, ctx(req), { fichaId: req.params.fichaId }, req.query),
  );
});
