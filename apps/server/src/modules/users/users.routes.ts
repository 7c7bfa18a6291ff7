import { CountBody, IdParams, UserCreateBody, UserUpdateBody, UserView } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseListFilter } from '../../lib/filter';
import { callerOf } from '../../plugins/context';
import { usersAccess } from './users.policy';
import * as service from './users.service';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/users',
    {
      config: { access: usersAccess.manage },
      schema: { tags, summary: 'Create a user', body: UserCreateBody, response: { 200: UserView } },
    },
    async (req) => service.toUserView(await service.createUser(deps, callerOf(req), req.body, req.locale), req.locale),
  );

  app.get(
    '/users',
    {
      config: { access: usersAccess.manage },
      schema: {
        tags,
        summary: 'Users of the company (filter: limit, skip)',
        querystring: z.object({ filter: z.string().optional(), companyId: z.string().uuid().optional() }),
        response: { 200: z.array(UserView) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      const { rows } = await service.listUsers(deps, callerOf(req), {
        limit: f.limit,
        skip: f.skip,
        companyId: req.query.companyId,
      });
      return rows.map((u) => service.toUserView(u, req.locale));
    },
  );

  app.get(
    '/users/count',
    {
      config: { access: usersAccess.manage },
      schema: { tags, summary: 'Number of users', response: { 200: CountBody } },
    },
    async (req) => ({ count: (await service.listUsers(deps, callerOf(req), { limit: 0, skip: 0 })).count }),
  );

  app.get(
    '/users/:id',
    {
      config: { access: usersAccess.self },
      schema: {
        tags,
        summary: 'One user (self, or of the own company for managers)',
        params: IdParams,
        response: { 200: UserView },
      },
    },
    async (req) => service.toUserView(await service.getUser(deps, callerOf(req), req.params.id), req.locale),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: usersAccess.self },
      schema: {
        tags,
        summary: 'Update a user (own name and language; role and active for managers)',
        params: IdParams,
        body: UserUpdateBody,
        response: { 200: UserView },
      },
    },
    async (req) =>
      service.toUserView(await service.updateUser(deps, callerOf(req), req.params.id, req.body), req.locale),
  );
};
