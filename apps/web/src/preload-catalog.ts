// A tiny entry that index.html runs before main.tsx: it starts fetching the starting language's catalogue while the
// main bundle is still downloading, so the first render does not wait for it in a second round trip.
import { catalogOf, startLocale } from './app/i18n/catalogs';

catalogOf(startLocale()).catch(() => undefined); // main.tsx asks again and reports a failure
