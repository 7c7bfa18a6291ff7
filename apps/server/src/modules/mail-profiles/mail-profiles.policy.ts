import type { RouteAccess } from '../../plugins/context';

/** Who reaches the e-mail profiles and the test e-mails (spec 001 §6 "E-mail customization": admin, adminNoUser). */
export const mailProfilesAccess = {
  manage: 'emailCustomization',
} satisfies Record<string, RouteAccess>;
