import type { RouteAccess } from '../../plugins/context';

/** Who reaches the currency-rate routes: any signed-in user reads a rate; the super administrator loads a series. */
export const currencyRatesAccess = {
  read: 'authenticated',
  load: 'superadmin',
} satisfies Record<string, RouteAccess>;
