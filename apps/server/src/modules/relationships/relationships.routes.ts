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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantCallerOf } from '../../plugins/context';
import { automaticRelations } from './relationships.automatic';
import { beneficiaries } from './relationships.beneficial-owners';
import { relationshipsAccess } from './relationships.policy';
import * as service from './relationships.service';

const tags = ['relationships'];

export const relationshipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const ctx = tenantCallerOf;
  const READ = relationshipsAccess.read;
  const WRITE = relationshipsAccess.write;

  app.get(
    '/ficha-relationship/:id',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'One relationship with the related person',
        params: IdParams,
        response: { 200: RelationshipView },
      },
    },
    async (req) => service.get(deps, ctx(req), req.params.id),
  );

  app.post(
    '/ficha-relationship',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary:
          'Relate a person to a ficha (an existing ficha, or one found or created from the document); 409 if it exists',
        body: RelationshipCreateBody,
        response: { 200: RelationshipView },
      },
    },
    async (req) => service.create(deps, ctx(req), req.body),
  );

  app.patch(
    '/ficha-relationship/:id/delete',
    {
      config: { access: WRITE },
      schema: { tags, summary: 'End a relationship', params: IdParams, response: { 200: RelationshipView } },
    },
    async (req) => service.remove(deps, ctx(req), req.params.id),
  );

  app.patch(
    '/ficha-relationship/:id',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Change relation type, participation, amount or extract date',
        params: IdParams,
        body: RelationshipPatchBody,
        response: { 200: RelationshipView },
      },
    },
    async (req) => service.update(deps, ctx(req), req.params.id, req.body),
  );

  app.post(
    '/fichas-clientes/create-legal-representatives',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Add legal representatives to a ficha (valid document required; all or none)',
        body: LegalRepresentativesBody,
        response: { 200: z.array(RelationshipView) },
      },
    },
    async (req) => service.createLegalRepresentatives(deps, ctx(req), req.body.fichaId, req.body.legalRepresentatives),
  );

  app.get(
    '/fichas-clientes-beneficiaries/:id',
    {
      config: { access: READ },
      schema: {
        tags,
        summary:
          'Beneficial owners: ownership at or above the company threshold (indirect shares multiplied), effective control, declared',
        params: IdParams,
        response: { 200: BeneficiariesView },
      },
    },
    async (req) => beneficiaries(deps, ctx(req), req.params.id),
  );

  app.get(
    '/automatic-relations/api-request/:dni',
    {
      config: { access: READ },
      schema: {
        tags,
        summary:
          'Automatic relations of the ficha with this document (distance 1-5, relationship_direction, one_path_per_node)',
        params: z.object({ dni: z.string().min(1).max(60) }),
        querystring: AutomaticRelationsQuery,
        response: { 200: AutomaticRelationsView },
      },
    },
    async (req) => automaticRelations(deps, ctx(req), { dni: req.params.dni }, req.query),
  );

  app.get(
    '/automatic-relations/:fichaId',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Related persons and companies to `distance` levels (1-5), from the company data',
        params: z.object({ fichaId: z.string().uuid() }),
        querystring: AutomaticRelationsQuery,
        response: { 200: AutomaticRelationsView },
      },
    },
    async (req) => automaticRelations(deps, ctx(req), { fichaId: req.params.fichaId }, req.query),
  );
};
