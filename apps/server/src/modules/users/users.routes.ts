import { CountBody, IdParams, RoleSchema, UserCreateBody, UserUpdateBody, UserView } from '@regcheck/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { AppError } from '../../lib/errors';
import { parseListFilter } from '../../lib/filter';
import { readFilePart } from '../../lib/multipart';
import { callerOf } from '../../plugins/context';
import { usersAccess } from './users.policy';
import * as service from './users.service';
import { requestSupport } from './users.support';

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

  const ListQuery = z.object({
    filter: z.string().optional(),
    companyId: z.string().uuid().optional(),
    search: z.string().trim().max(200).optional(),
    role: RoleSchema.optional(),
    status: z.enum(['active', 'inactive']).optional(),
    platform: z
      .enum(['true', 'false'])
      .optional()
      .describe('super administrator: only the accounts without a company (super administrators and watchers)'),
  });
  const filterOf = (q: z.infer<typeof ListQuery>) => ({
    companyId: q.companyId,
    search: q.search || undefined,
    role: q.role,
    active: q.status === undefined ? undefined : q.status === 'active',
    platform: q.platform === 'true',
  });

  app.get(
    '/users',
    {
      config: { access: usersAccess.manage },
      schema: {
        tags,
        summary: 'Users of the company (filter: limit, skip; search over name and e-mail, role, status)',
        querystring: ListQuery,
        response: { 200: z.array(UserView) },
      },
    },
    async (req) => {
      const f = parseListFilter(req.query.filter);
      const { rows } = await service.listUsers(deps, callerOf(req), {
        limit: f.limit,
        skip: f.skip,
        ...filterOf(req.query),
      });
      return rows.map((u) => service.toUserView(u, req.locale));
    },
  );

  app.get(
    '/users/count',
    {
      config: { access: usersAccess.manage },
      schema: {
        tags,
        summary: 'Number of users (same search, role and status as the list)',
        querystring: ListQuery,
        response: { 200: CountBody },
      },
    },
    async (req) => ({
      count: (await service.listUsers(deps, callerOf(req), { limit: 0, skip: 0, ...filterOf(req.query) })).count,
    }),
  );

  app.patch(
    '/users/delete/:id',
    {
      config: { access: usersAccess.manage },
      schema: { tags, summary: 'Deactivate a user (signs them out)', params: IdParams, response: { 200: UserView } },
    },
    async (req) => service.toUserView(await service.deactivateUser(deps, callerOf(req), req.params.id), req.locale),
  );

  app.patch(
    '/users/changePasswordOnEdit/:id',
    {
      config: { access: usersAccess.manage },
      schema: {
        tags,
        summary:
          "Set a user's password from the edit screen; askPasswordChange (default true) asks for a new one at sign-in",
        params: IdParams,
        body: z.object({ password: z.string().max(512), askPasswordChange: z.boolean().optional() }),
        response: { 200: UserView },
      },
    },
    async (req) =>
      service.toUserView(await service.changePasswordOnEdit(deps, callerOf(req), req.params.id, req.body), req.locale),
  );

  app.patch(
    '/users/addphoto/:id',
    {
      config: { access: usersAccess.self },
      schema: {
        tags,
        summary: 'Upload a user photo (multipart, one PNG, JPG or WEBP image up to 2 MB)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: UserView },
      },
    },
    async (req) => {
      const file = await readFilePart(req, service.MAX_PHOTO_BYTES);
      if (file === 'FILE_TOO_LARGE') throw new AppError('PHOTO_TOO_LARGE', { field: 'file' });
      if (file === 'FILE_REQUIRED') throw new AppError('PHOTO_FORMAT', { field: 'file' });
      return service.toUserView(await service.setUserPhoto(deps, callerOf(req), req.params.id, file.bytes), req.locale);
    },
  );

  app.get(
    '/users/photo/:id',
    {
      config: { access: usersAccess.self },
      schema: { tags, summary: "A user's photo", params: IdParams },
    },
    async (req, reply) => {
      const photo = await service.getUserPhoto(deps, callerOf(req), req.params.id);
      return sendDownload(reply, { type: photo.mime, body: photo.bytes });
    },
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

  app.post(
    '/support',
    {
      config: { access: usersAccess.support },
      schema: {
        tags,
        summary: "Contact form of /home/support: e-mails the platform's support address with the user's context",
        body: z.object({ subject: z.string().trim().min(1).max(200), message: z.string().trim().min(1).max(5000) }),
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (req) => requestSupport(deps, callerOf(req), req.body),
  );
};
