import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { setNavigator } from '../router/navigation';
import { accessRedirect, type RouteMeta } from '../router/route-access';
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

  if (status === 'loading') {
    return (
      <Center h="100vh">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  const redirect = accessRedirect({ pathname: location.pathname, search: location.search, user, metas });
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
