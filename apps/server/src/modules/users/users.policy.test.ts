import type { Role } from '@regcheck/shared';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../db/schema';
import { type Caller, systemCaller } from '../../plugins/context';
import * as policy from './users.policy';

const company = (allegations: 'active' | 'inactive') =>
  ({ id: 'c1', allegationsChannelStatus: allegations }) as unknown as CompanyRow;

function callerAs(role: Role, c: CompanyRow | null = null): Caller {
  const auth = { userId: 'u1', sessionId: 's1', role, companyId: c?.id ?? null, company: c, user: {} as UserRow };
  return systemCaller(auth, {} as FastifyBaseLogger);
}

describe('users policy: which roles a caller may assign', () => {
  it('lets the super administrator create super administrators and watchers outside companies only', () => {
    const su = callerAs('superAdmin');
    expect(policy.creatableRoles(su, null)).toEqual(['superAdmin', 'watcher']);
    expect(policy.creatableRoles(su, company('inactive'))).not.toContain('superAdmin');
    expect(policy.creatableRoles(su, company('inactive'))).toContain('auditor');
    expect(policy.companyOfNewUser(su, undefined)).toBeNull();
    expect(policy.mayAssignAnyRole(su)).toBe(true);
  });

  it('keeps a company manager to their company and the allegations roles to an active channel', () => {
    const admin = callerAs('admin', company('inactive'));
    expect(policy.companyOfNewUser(admin, 'elsewhere')).toBe('c1');
    expect(policy.creatableRoles(admin, company('inactive'))).not.toContain('denouncesAdmin');
    expect(policy.creatableRoles(admin, company('active'))).toContain('denouncesAdmin');
    expect(policy.rolesAssignableBy(admin)).not.toContain('auditor');
    expect(policy.mayAssignAnyRole(admin)).toBe(false);
  });

  it('lets only the managers of section 6 manage users', () => {
    expect(policy.mayManageUsers(callerAs('userMonitoring', company('active')))).toBe(true);
    expect(policy.mayManageUsers(callerAs('frontdesk', company('active')))).toBe(false);
    expect(policy.mayManageUsers(callerAs('adminNoUser', company('active')))).toBe(false);
  });

  it('a manager changes only users whose current and new role they may give; nobody their own role or state', () => {
    const monitor = callerAs('userMonitoring', company('active'));
    expect(policy.mayChangeUser(monitor, { role: 'userMonitoring' })).toBe(true);
    expect(policy.mayChangeUser(monitor, { role: 'admin' })).toBe(false);
    expect(policy.mayChangeUser(monitor, { role: 'userMonitoring' }, 'admin')).toBe(false);
    const allegations = callerAs('denouncesAdmin', company('active'));
    expect(policy.mayChangeUser(allegations, { role: 'denouncesCoordinator' })).toBe(true);
    expect(policy.mayChangeUser(allegations, { role: 'admin' })).toBe(false);
    expect(policy.mayChangeUser(allegations, { role: 'frontdesk' })).toBe(false);
    const admin = callerAs('admin', company('inactive'));
    expect(policy.mayChangeUser(admin, { role: 'admin' }, 'frontdesk')).toBe(true);
    expect(policy.mayChangeUser(admin, { role: 'auditor' })).toBe(false);
    expect(policy.mayChangeUser(admin, { role: 'denouncesAdmin' })).toBe(false);
    expect(policy.mayChangeUser(callerAs('superAdmin'), { role: 'auditor' }, 'supervisor')).toBe(true);
    expect(policy.mayChangeOwn({ role: 'admin' })).toBe(false);
    expect(policy.mayChangeOwn({ active: true })).toBe(false);
    expect(policy.mayChangeOwn({})).toBe(true);
  });

  it('a company manager without a company manages nobody', () => {
    expect(policy.mayManageUsers(callerAs('admin'))).toBe(false);
    expect(policy.mayManageUsers(callerAs('superAdmin'))).toBe(true);
  });

  it('gives an API credential what it gives a person, minus the allegations roles (one rule for both)', () => {
    for (const status of ['active', 'inactive'] as const) {
      const admin = callerAs('admin', company(status));
      const person = policy.rolesAssignableBy(admin);
      const credential = policy.rolesAssignableBy(admin, 'apiClient');
      expect(credential.every((r) => person.includes(r))).toBe(true);
      expect(credential).not.toContain('denouncesAdmin');
      expect(credential).not.toContain('denouncesCoordinator');
      expect(credential).toContain('frontdesk');
    }
    expect(policy.rolesAssignableBy(callerAs('admin', company('active')))).toContain('denouncesAdmin');
    expect(policy.rolesAssignableBy(callerAs('denouncesAdmin', company('active')), 'apiClient')).toEqual([]);
    expect(policy.mayActAsCredential('denouncesCoordinator')).toBe(false);
    expect(policy.mayActAsCredential('userMonitoring')).toBe(true);
  });

  it('counts the one denouncesAdmin place only when the role changes to it', () => {
    expect(policy.takesSinglePlace('denouncesAdmin')).toBe(true);
    expect(policy.takesSinglePlace('denouncesAdmin', 'denouncesAdmin')).toBe(false);
    expect(policy.takesSinglePlace('admin')).toBe(false);
  });
});
