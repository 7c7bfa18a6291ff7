import type { AppRoute } from '../../app/router/route-helpers';
import { placeholderRoute } from '../../app/router/route-helpers';

const USERS = ['usersAdmin', 'denouncesAdmin'] as const;

/** Users of the company (the allegations administrator manages the coordinators here). */
export const usersRoutes: AppRoute[] = [
  placeholderRoute('/home/users', 'shell:routes.users', USERS),
  placeholderRoute('/home/users/create', 'shell:routes.userCreate', USERS),
  placeholderRoute('/home/users/:id/edit', 'shell:routes.userEdit', USERS),
  placeholderRoute('/home/users/:id/editPassword', 'shell:routes.userEditPassword', USERS),
];
