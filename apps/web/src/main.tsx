import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { App } from './app/App';
import { ensureCompleteCatalog, initI18n } from './app/i18n/i18n';
import { busy, reflectBusy } from './app/loading/busy';
import { preloadPages, setPageTextsLoader } from './app/router/lazy-page';
import { appRoutes } from './app/router/routes';

// every page behind the sign-in or a public link waits for the rest of the catalogue (the login page does not)
setPageTextsLoader(ensureCompleteCatalog);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
// the app is aria-busy while a request or a page chunk is under way (the screens harness waits on it too), the
// first render's catalogue and page included
reflectBusy(root);
busy.start();
// the first render waits for the active language's catalogue (one small chunk), so it never shows a raw key, and
// for the address's lazy page, so it shows at once; a page chunk that fails to load shows its error in the router
void Promise.all([
  initI18n().catch(() => initI18n()),
  preloadPages(appRoutes as RouteObject[], window.location).catch(() => undefined),
])
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
  .finally(() => busy.done());
