import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { DatesLocale } from './i18n/DatesLocale';
import { i18n } from './i18n/i18n';
import { LoadingBar } from './loading/LoadingBar';
import { TOAST_MS } from './notify/notify';
import { appRoutes } from './router/routes';
import { SessionProvider } from './session/SessionProvider';
import { cssVariables, theme } from './theme';

const router = createBrowserRouter(appRoutes as RouteObject[]);

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } } }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
        {/* top-center: the Save and Cancel buttons of the forms sit at the bottom right, a toast never covers them */}
        <Notifications position="top-center" autoClose={TOAST_MS} limit={5} />
        <LoadingBar />
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <DatesLocale>
              <RouterProvider router={router} />
            </DatesLocale>
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
