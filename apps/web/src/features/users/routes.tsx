import { lazyPage } from '../../app/router/lazy-page';
import type { AppRoute } from '../../app/router/route-helpers';

const UsersListPage = lazyPage(() => import('./pages/UserPages'), 'UsersListPage');
const UserCreatePage = lazyPage(() => import('./pages/UserPages'), 'UserCreatePage');
const UserEditPage = lazyPage(() => import('./pages/UserPages'), 'UserEditPage');
const UserPasswordPage = lazyPage(() => import('./pages/UserPages'), 'UserPasswordPage');

const USERS = ['usersAdmin', 'denouncesAdmin'] as const;
const page = (path: string, element: React.ReactElement, titleKey: string): AppRoute => ({
  path,
  element,
  handle: { titleKey, permissions: USERS },
});

/** Users of the company (the allegations administrator manages the coordinators here). */
export const usersRoutes: AppRoute[] = [
  page('/home/users', <UsersListPage />, 'shell:routes.users'),
  page('/home/users/create', <UserCreatePage />, 'shell:routes.userCreate'),
  page('/home/users/:id/edit', <UserEditPage />, 'shell:routes.userEdit'),
  page('/home/users/:id/editPassword', <UserPasswordPage />, 'shell:routes.userEditPassword'),
];
