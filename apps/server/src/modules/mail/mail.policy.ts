import type { RouteAccess } from '../../plugins/context';

/** The outbox (e-mails kept when no SMTP_URL is set) is read by the super administrator only. */
export const mailAccess = {
  outbox: 'superadmin',
} satisfies Record<string, RouteAccess>;
