import { can, type PermissionKey } from '@regcheck/shared';
import type { AuthContext } from './context';

/**
 * Whether the signed-in user holds a permission key of the role table (packages/shared/src/permissions.ts), with
 * the company's country and flags. Only `<feature>.policy.ts` files call it: a service asks its policy
 * (`fichasPolicy.maySeeTrash(caller)`), never tests a role itself.
 */
export function holds(auth: Pick<AuthContext, 'role' | 'company'>, key: PermissionKey): boolean {
  return can({ role: auth.role, company: auth.company }, key);
}
