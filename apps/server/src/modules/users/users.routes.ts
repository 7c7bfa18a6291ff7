import { CountBody, IdParams, RoleSchema, UserCreateBody, UserUpdateBody, UserView } from '@regcheck/shared';
import { z } from 'zod';
import { sendDownload } from '../../lib/download';
import { AppError } from '../../lib/errors';
import { parseListFilter } from '../../lib/filter';
import { readFilePart } from '../../lib/multipart';
import { routesPlugin } from '../../lib/routes';
import { callerOf } from '../../plugins/context';
import { usersAccess } from './users.policy';
import * as service from './users.service';
import { requestSupport } from './users.support';

const tags = ['users'];

export const usersRoutes = routesPlugin({ tags }, (r, deps) => {
  r.post(
    '/users',
    { access: usersAccess.manage, summary: 'Create a user', body: UserCreateBody, reply: UserView },
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

  r.get(
    '/users',
    {
      access: usersAccess.manage,
      summary: 'Users of the company (filter: limit, skip; search over name and e-mail, role, status)',
      querystring: ListQuery,
      reply: z.array(UserView),
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

  r.get(
    '/users/count',
    {
      access: usersAccess.manage,
      summary: 'Number of users (same search, role and status as the list)',
      querystring: ListQuery,
      reply: CountBody,
    },
    async (req) => ({
      count: (await service.listUsers(deps, callerOf(req), { limit: 0, skip: 0, ...filterOf(req.query) })).count,
    }),
  );

  r.patch(
    '/users/delete/:id',
    { access: usersAccess.manage, summary: 'Deactivate a user (signs them out)', params: IdParams, reply: UserView },
    async (req) => service.toUserView(await service.deactivateUser(deps, callerOf(req), req.params.id), req.locale),
  );

  r.patch(
    '/users/changePasswordOnEdit/:id',
    {
      access: usersAccess.manage,
      summary:
        "Set a user's password from the edit screen; askPasswordChange (default true) asks for a new one at sign-in",
      params: IdParams,
      body: z.object({ password: z.string().max(512), askPasswordChange: z.boolean().optional() }),
      reply: UserView,
    },
    async (req) =>
      service.toUserView(await service.changePasswordOnEdit(deps, callerOf(req), req.params.id, req.body), req.locale),
  );

  r.patch(
    '/users/addphoto/:id',
    {
      access: usersAccess.self,
      summary: 'Upload a user photo (multipart, one PNG, JPG or WEBP image up to 2 MB)',
      params: IdParams,
      reply: UserView,
      schema: { consumes: ['multipart/form-data'] },
    },
    async (req) => {
      const file = await readFilePart(req, service.MAX_PHOTO_BYTES);
      if (file === 'FILE_TOO_LARGE') throw new AppError('PHOTO_TOO_LARGE', { field: 'file' });
      if (file === 'FILE_REQUIRED') throw new AppError('PHOTO_FORMAT', { field: 'file' });
      return service.toUserView(await service.setUserPhoto(deps, callerOf(req), req.params.id, file.bytes), req.locale);
    },
  );

  r.get(
    '/users/photo/:id',
    { access: usersAccess.self, summary: "A user's photo", params: IdParams },
    async (req, reply) => {
      const photo = await service.getUserPhoto(deps, callerOf(req), req.params.id);
      return sendDownload(reply, { type: photo.mime, body: photo.bytes });
    },
  );

  r.get(
    '/users/:id',
    {
      access: usersAccess.self,
      summary: 'One user (self, or of the own company for managers)',
      params: IdParams,
      reply: UserView,
    },
    async (req) => service.toUserView(await service.getUser(deps, callerOf(req), req.params.id), req.locale),
  );

  r.patch(
    '/users/:id',
    {
      access: usersAccess.self,
      summary: 'Update a user (own name and language; role and active for managers)',
      params: IdParams,
      body: UserUpdateBody,
      reply: UserView,
    },
    async (req) =>
      service.toUserView(await service.updateUser(deps, callerOf(req), req.params.id, req.body), req.locale),
  );

  r.post(
    '/support',
    {
      access: usersAccess.support,
      summary: "Contact form of /home/support: e-mails the platform's support address with the user's context",
      body: z.object({ subject: z.string().trim().min(1).max(200), message: z.string().trim().min(1).max(5000) }),
      reply: z.object({ sent: z.literal(true) }),
    },
    (req) => requestSupport(deps, callerOf(req), req.body),
  );
});
