import { lazyPage } from '../../app/router/lazy-page';
import { type AppRoute, pageRoute } from '../../app/router/route-helpers';

const LoginPage = lazyPage(() => import('./pages/LoginPage'), 'LoginPage', { guest: true });
const SsoCallbackPage = lazyPage(() => import('./pages/SsoCallbackPage'), 'SsoCallbackPage', { guest: true });
const RecoverPasswordPage = lazyPage(() => import('./pages/RecoverPasswordPage'), 'RecoverPasswordPage', {
  guest: true,
});
const RestorePasswordPage = lazyPage(() => import('./pages/RestorePasswordPage'), 'RestorePasswordPage', {
  guest: true,
});
const ChangePasswordPage = lazyPage(() => import('./pages/ChangePasswordPage'), 'ChangePasswordPage');

/** Sign-in and password recovery, in the guest layout. */
export const authGuestRoutes: AppRoute[] = [
  { path: '/login', element: <LoginPage />, handle: { titleKey: 'auth:login.title' } },
  { path: '/login/config-msal', element: <SsoCallbackPage />, handle: { titleKey: 'auth:login.title' } },
  { path: '/login/recoverPassword', element: <RecoverPasswordPage />, handle: { titleKey: 'auth:recover.title' } },
  pageRoute('/login/restore-password/:token/:email?', <RestorePasswordPage />, 'auth:restore.title'),
  pageRoute('/recover/:token?/:email?/restablecer', <RestorePasswordPage />, 'auth:restore.title'),
];

/** Changing one's own password, in the default layout. */
export const authToolsRoutes: AppRoute[] = [
  { path: '/tools/changepassword', element: <ChangePasswordPage />, handle: { titleKey: 'auth:changePassword.title' } },
];
