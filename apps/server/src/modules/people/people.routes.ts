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
import { z } from 'zod';
import { listAndCountRoutes } from '../../lib/crud';
import { parseListFilter } from '../../lib/filter';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { peopleAccess } from './people.policy';
import * as service from './people.service';

const tags = ['people'];
const readers = peopleAccess.read;
const writers = peopleAccess.write;
const DniQuery = z.object({ dni: z.string().trim().min(1).max(40), country: PepCountrySchema.optional() });

export const peopleRoutes = routesPlugin({ tags }, (r, deps, app) => {
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

  r.get(
    '/people/check-if-is-pep',
    { access: readers, summary: 'Whether a document is PEP today', querystring: DniQuery, reply: PersonCheckResult },
    (req) => service.checkIfIsPep(deps, callerOf(req), req.query.dni, req.query.country),
  );

  r.get(
    '/people/by-dni/:dni',
    {
      access: readers,
      summary: 'The person of a document (404 PERSON_NOT_FOUND when none)',
      params: z.object({ dni: z.string().min(1).max(40) }),
      querystring: z.object({ country: PepCountrySchema.optional() }),
      reply: PersonView,
    },
    (req) => service.getByDni(deps, callerOf(req), req.params.dni, req.query.country),
  );

  r.get(
    '/people/:id',
    {
      access: readers,
      summary: 'One person; filter.fields keeps only the fields named (and the id)',
      description:
        'filter = {"fields": {"name": true, "pepStatus": true}} or {"fields": ["name", "pepStatus"]}; naming only ' +
        'false fields drops those. An unknown field is a 400 naming it.',
      params: IdParams,
      querystring: z.object({ filter: z.string().max(2000).optional() }),
      reply: PersonPartialView,
    },
    (req) => service.get(deps, callerOf(req), req.params.id, parseListFilter(req.query.filter, { limit: 1 }).fields),
  );

  r.post(
    '/people',
    {
      access: writers,
      summary: 'Add a PEP (level 1) or a related person (level 2); the expiration follows the country rule',
      body: PersonCreateBody,
      reply: PersonView,
    },
    (req) => service.create(deps, callerOf(req), req.body),
  );

  r.post(
    '/people/massive',
    {
      access: writers,
      summary: 'Add many people; bad items are reported by index and field',
      body: PersonMassiveBody,
      reply: PersonMassiveResult,
      bodyLimit: 10 * 1024 * 1024,
    },
    (req) => service.massive(deps, callerOf(req), req.body.items, req.locale),
  );

  r.patch(
    '/people/check-person',
    {
      access: writers,
      summary: 'Check whether a document is PEP today, recorded in the audit log',
      body: PersonCheckBody,
      reply: PersonCheckResult,
    },
    (req) => service.checkPerson(deps, callerOf(req), req.body.dni, req.body.country),
  );

  r.patch(
    '/people/deactivate-pep/:id',
    { access: writers, summary: 'Take a person off the register', params: IdParams, reply: PersonView },
    (req) => service.deactivatePep(deps, callerOf(req), req.params.id),
  );

  r.patch(
    '/people/:id',
    {
      access: writers,
      summary: 'Change a person; the expiration is computed again',
      params: IdParams,
      body: PersonUpdateBody,
      reply: PersonView,
    },
    (req) => service.patch(deps, callerOf(req), req.params.id, req.body),
  );
});
