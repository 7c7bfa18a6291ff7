import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { notifyForbidden } from '../notify/notify';
import { setNavigator } from '../router/navigation';
import { accessRedirect, isForbiddenRedirect, type RouteMeta } from '../router/route-access';
import { useSession } from '../session/useSession';

/** Applies the access rules of section 6 to every navigation, and names the browser tab after the page. */
export function RouteGuard() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();

  useEffect(() => {
    setNavigator((to, options) => {
      void navigate(to, options);
    });
  }, [navigate]);

  const metas = matches.map((m) => (m.handle ?? {}) as RouteMeta);
  const titleKey = [...metas].reverse().find((m) => m.titleKey)?.titleKey;
  const title = titleKey ? t(titleKey) : null;
  useEffect(() => {
    document.title = title ? `${title} · RegCheck` : 'RegCheck';
  }, [title]);

  const access = { pathname: location.pathname, search: location.search, user, metas };
  const redirect = status === 'loading' ? null : accessRedirect(access);
  const forbidden = isForbiddenRedirect(access, redirect);
  useEffect(() => {
    if (forbidden) notifyForbidden(t('common:guard.forbidden'));
  }, [forbidden, t]);

  if (status === 'loading') {
    return (
      <Center h="100vh">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
