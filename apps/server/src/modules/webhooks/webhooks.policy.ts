import { can, ROLES, type Role } from '@regcheck/shared';
import type { RouteAccess } from '../../plugins/context';

/** Webhooks are part of the external API (/tools/api): the same `externalApi` permission. */
export const webhooksAccess = {
  manage: 'externalApi',
} satisfies Record<string, RouteAccess>;

/**
 * Whether a webhook may receive what an allegation is about (its category and the Ley Karin flag): only when who
 * registered it holds the allegations permission (docs/decisions.md, allegation events). An API credential never
 * carries it, nor does the company administrator who manages webhooks, so today every allegation event goes out
 * without them; the rule stays a permission, not a role list.
 */
export function receivesAllegationDetails(creatorRole: string | null): boolean {
  if (!creatorRole || !(ROLES as readonly string[]).includes(creatorRole)) return false;
  return can({ role: creatorRole as Role }, 'allegations');
}
