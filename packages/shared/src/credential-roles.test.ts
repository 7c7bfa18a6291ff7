import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  credentialMayCarry,
  credentialRoles,
  PERMISSION_KEYS,
  PERMISSIONS,
  type PermissionKey,
  ROLES,
  type Role,
} from './permissions';

// The rule the server's users/credentials policy and the /tools/api screen read (issue 22). Expectations from the
// permission table: an allegations role holds a key of the whistleblowing channel; a role outranks another when it
// holds a key the other lacks.
const holds = (role: Role, key: PermissionKey) => (PERMISSIONS[key].roles as readonly Role[]).includes(role);
const readsAllegations = (role: Role) => holds(role, 'allegations') || holds(role, 'denouncesAdmin');
const keysOf = (role: Role) => PERMISSION_KEYS.filter((k) => holds(role, k));

describe('the roles an API credential may carry', () => {
  for (const creator of ROLES) {
    for (const allegationsChannelActive of [true, false]) {
      it(`${creator}, channel ${allegationsChannelActive ? 'active' : 'inactive'}: what they give a person, never an allegations role, never above them`, () => {
        const offered = credentialRoles(creator, { allegationsChannelActive });
        const person = assignableRoles(creator, 'users', { allegationsChannelActive });
        const mine = keysOf(creator);
        for (const role of ROLES) {
          const allowed =
            person.includes(role) && !readsAllegations(role) && keysOf(role).every((k) => mine.includes(k));
          expect(offered.includes(role), `${creator} -> ${role}`).toBe(allowed);
        }
      });
    }
  }

  it('no credential carries an allegations role, whoever made it; every other role it may', () => {
    for (const role of ROLES) expect(credentialMayCarry(role), role).toBe(!readsAllegations(role));
    expect(ROLES.filter(readsAllegations).length).toBeGreaterThan(0);
  });

  it('the company administrator, channel active, is offered the users screen roles without the allegations ones', () => {
    expect(credentialRoles('admin', { allegationsChannelActive: true })).toEqual(
      assignableRoles('admin', 'users', { allegationsChannelActive: true }).filter((r) => !readsAllegations(r)),
    );
    expect(credentialRoles('admin', { allegationsChannelActive: true }).length).toBeGreaterThan(0);
  });
});
