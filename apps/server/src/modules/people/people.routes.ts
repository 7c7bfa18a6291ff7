import {
  IdParams,
  PepCountrySchema,
  PersonCheckBody,
  PersonCheckResult,
  PersonCreateBody,
  PersonMassiveBody,
  PersonMassiveResult,
  PersonPartialView,
  PersonUpdateBody,
  PersonView,
} from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { parseListFilter } from '../../lib/filter';
import { callerOf } from '../../plugins/context';
import { peopleAccess } from './people.policy';
import * as service from './people.service';

const tags = ['people'];
const readers = peopleAccess.read;
const writers = peopleAccess.write;
const DniQuery = z.object({ dni: z.string().trim().min(1).max(40), country: PepCountrySchema.optional() });

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  listAndCountRoutes(app, {
    path: '/people',
    access: readers,
    tags,
    view: PersonView,
    listSummary: 'The PEP register (filter; deactivated people only with where.isActive)',
    countSummary: 'Number of people (where)',
    list: (caller, f) => service.list(deps, caller, f),
    count: (caller, where) => service.count(deps, caller, where),
  });

  app.get(
    '/people/check-if-is-pep',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Whether a document is PEP today',
        querystring: DniQuery,
        response: { 200: PersonCheckResult },
      },
    },
    async (req) => service.checkIfIsPep(deps, callerOf(req), req.query.dni, req.query.country),
  );

  app.get(
    '/people/by-dni/:dni',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'The person of a document (404 PERSON_NOT_FOUND when none)',
        params: z.object({ dni: z.string().min(1).max(40) }),
        querystring: z.object({ country: PepCountrySchema.optional() }),
        response: { 200: PersonView },
      },
    },
    async (req) => service.getByDni(deps, callerOf(req), req.params.dni, req.query.country),
  );

  app.get(
    '/people/:id',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'One person; filter.fields keeps only the fields named (and the id)',
        description:
          'filter = {"fields": {"name": true, "pepStatus": true}} or {"fields": ["name", "pepStatus"]}; naming only ' +
          'false fields drops those. An unknown field is a 400 naming it.',
        params: IdParams,
        querystring: z.object({ filter: z.string().max(2000).optional() }),
        response: { 200: PersonPartialView },
      },
    },
    async (req) =>
      service.get(deps, callerOf(req), req.params.id, parseListFilter(req.query.filter, { limit: 1 }).fields),
  );

  app.post(
    '/people',
    {
      config: { access: writers },
      schema: {
        tags,
        summary: 'Add a PEP (level 1) or a related person (level 2); the expiration follows the country rule',
        body: PersonCreateBody,
        response: { 200: PersonView },
      },
    },
    async (req) => service.create(deps, callerOf(req), req.body),
  );

  app.post(
    '/people/massive',
    {
      config: { access: writers },
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Add many people; bad items are reported by index and field',
        body: PersonMassiveBody,
        response: { 200: PersonMassiveResult },
      },
    },
    async (req) => service.massive(deps, callerOf(req), req.body.items, req.locale),
  );

  app.patch(
    '/people/check-person',
    {
      config: { access: writers },
      schema: {
        tags,
        summary: 'Check whether a document is PEP today, recorded in the audit log',
        body: PersonCheckBody,
        response: { 200: PersonCheckResult },
      },
    },
    async (req) => service.checkPerson(deps, callerOf(req), req.body.dni, req.body.country),
  );

  app.patch(
    '/people/deactivate-pep/:id',
    {
      config: { access: writers },
      schema: { tags, summary: 'Take a person off the register', params: IdParams, response: { 200: PersonView } },
    },
    async (req) => service.deactivatePep(deps, callerOf(req), req.params.id),
  );

  app.patch(
    '/people/:id',
    {
      config: { access: writers },
      schema: {
        tags,
        summary: 'Change a person; the expiration is computed again',
        params: IdParams,
        body: PersonUpdateBody,
        response: { 200: PersonView },
      },
    },
    async (req) => service.patch(deps, callerOf(req), req.params.id, req.body),
  );
};
