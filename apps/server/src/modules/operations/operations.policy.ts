import type { Caller, RouteAccess } from '../../plugins/context';
import { holds } from '../../plugins/policy';

/**
 * Who reaches the operations routes (spec 000 §6). Working on operations: the roles of new operation (search) and
 * customer management (history); creating one: new operation; the customer-management table, its export and the
 * trash: customer management; restoring from the trash: consultationTrash; the ROE and UAF reports: the main panel
 * or customer management, in a Chilean company. The public-link routes of a participant are public.
 */
export const operationsAccess = {
  read: ['search', 'history'],
  create: 'search',
  manage: 'history',
  restore: 'consultationTrash',
  /** the ROE summary and the UAF list: Chile's report (a Brazilian company's users reach neither, issue 23) */
  roe: ['roeHistory', 'roeReports'],
  public: 'public',
} satisfies Record<string, RouteAccess>;

/** Whether the caller may list the trash (operations whose record status is not active). */
export function maySeeTrash(caller: Caller): boolean {
  return holds(caller.auth, 'consultationTrash');
}

/** Whether the caller may bring operations back from the trash. */
export function mayRestore(caller: Caller): boolean {
  return holds(caller.auth, 'consultationTrash');
}
