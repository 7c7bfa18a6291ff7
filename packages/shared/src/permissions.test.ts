import { describe, expect, it } from 'vitest';
import { assignableRoles, can, PERMISSION_KEYS, type PermissionKey, ROLES, type Role } from './permissions';

// Section 6 of the spec, written out by hand (not derived from permissions.ts), one line per permission key.
// C = all company roles; countries: CL = Chile, BR = Brazil.
const C: Role[] = [
  'frontdesk',
  'admin',
  'adminNoUser',
  'auditor',
  'userMonitoring',
  'denouncesAdmin',
  'denouncesCoordinator',
  'supervisor',
];
const SPEC: Record<PermissionKey, { roles: Role[]; brazil?: 'only' | 'not'; flag?: boolean }> = {
  allExceptSuperAdmin: { roles: C },
  mainPanel: { roles: ['admin', 'adminNoUser', 'userMonitoring'] },
  // ours (decision 126): filing the ROE of a period; the ROE is Chile's (issue 23, point 3)
  roeFiling: { roles: ['admin', 'adminNoUser'], brazil: 'not' },
  roeReports: { roles: ['admin', 'adminNoUser', 'userMonitoring'], brazil: 'not' },
  roeHistory: { roles: ['admin', 'adminNoUser', 'frontdesk'], brazil: 'not' },
  // ours (decision 150): the COAF communication of cash operations is Brazil's (issue 23, point 3)
  coafReports: { roles: ['admin', 'adminNoUser', 'userMonitoring'], brazil: 'only' },
  coafCommunicate: { roles: ['admin', 'adminNoUser'], brazil: 'only' },
  search: { roles: ['admin', 'adminNoUser', 'frontdesk'] },
  history: { roles: ['admin', 'adminNoUser', 'frontdesk'] },
  individualSearch: { roles: ['admin', 'adminNoUser', 'userMonitoring'] },
  massiveBulks: { roles: ['admin', 'adminNoUser', 'userMonitoring'], flag: true },
  usersAdmin: { roles: ['admin'] },
  usersTags: { roles: ['admin'] },
  externalApi: { roles: ['admin'] },
  trash: { roles: ['admin'] },
  blacklistAdmin: { roles: ['admin', 'adminNoUser', 'userMonitoring'] },
  commercialReport: { roles: ['admin', 'adminNoUser', 'userMonitoring'] },
  bacen: { roles: ['admin', 'adminNoUser'], brazil: 'only' },
  bacenSidebar: { roles: ['admin'], brazil: 'only' },
  denouncesChannel: { roles: ['admin', 'adminNoUser', 'frontdesk'], brazil: 'not' },
  allegations: { roles: ['denouncesAdmin', 'denouncesCoordinator'] },
  // ours (decision 141): approving the enhanced due diligence; (decision 259) overwriting a ficha's risk and
  // reviewing a signed declaration, which the policies compared role names for
  eddApprove: { roles: ['admin', 'adminNoUser'] },
  riskOverride: { roles: ['admin', 'adminNoUser'] },
  declarationReview: { roles: ['admin', 'adminNoUser'] },
  denouncesAdmin: { roles: ['denouncesAdmin'] },
  notifications: { roles: ['admin', 'adminNoUser', 'userMonitoring', 'denouncesAdmin', 'denouncesCoordinator'] },
  emailCustomization: { roles: ['admin', 'adminNoUser'] },
  forms: { roles: ['admin', 'adminNoUser'] },
  consultationTrash: { roles: ['admin', 'adminNoUser', 'frontdesk'] },
  mailConfig: { roles: ['admin', 'adminNoUser', 'frontdesk'] },
  mailConfigButtons: { roles: ['admin', 'adminNoUser'] },
  support: { roles: ['admin', 'adminNoUser', 'frontdesk'] },
  companyInfo: { roles: C },
  help: { roles: C },
  manual: { roles: [...ROLES] },
  manualUpload: { roles: ['admin', 'adminNoUser'] },
  accountManager: { roles: ['admin'] },
  // ours (decision 83): the read-only log of provider lookups
  providerCallLog: { roles: ['admin', 'adminNoUser', 'auditor', 'supervisor'] },
  // ours (decision 199): a ficha's signed declarations, read by the operation roles, the auditor and the officer
  formsRead: { roles: ['admin', 'adminNoUser', 'frontdesk', 'auditor', 'supervisor'] },
  inspectionFile: { roles: ['admin', 'adminNoUser', 'frontdesk', 'auditor', 'supervisor', 'userMonitoring'] },
  inspectionPack: { roles: ['admin', 'adminNoUser', 'auditor'] },
  superadmin: { roles: ['superAdmin'] },
  watcher: { roles: ['watcher'] },
};

const companies = {
  cl: { country: 'CL', massiveBulks: false },
  clFlag: { country: 'CL', massiveBulks: true },
  br: { country: 'BR', massiveBulks: false },
  brFlag: { country: 'BR', massiveBulks: true },
};

describe('permission table of section 6', () => {
  it('has exactly the keys of the spec', () => {
    expect([...PERMISSION_KEYS].sort()).toEqual(Object.keys(SPEC).sort());
  });

  for (const key of PERMISSION_KEYS) {
    for (const role of ROLES) {
      it(`${role} x ${key}`, () => {
        const spec = SPEC[key];
        for (const [name, company] of Object.entries(companies)) {
          const brazil = company.country === 'BR';
          let expected = spec.roles.includes(role);
          if (spec.brazil === 'only' && !brazil) expected = false;
          if (spec.brazil === 'not' && brazil) expected = false;
          if (spec.flag && !company.massiveBulks) expected = false;
          expect(can({ role, company }, key), `${role} ${key} in ${name}`).toBe(expected);
        }
      });
    }
  }

  it('a user without a company gets no country-conditioned or flag-conditioned item', () => {
    expect(can({ role: 'admin', company: null }, 'bacen')).toBe(false);
    expect(can({ role: 'admin', company: null }, 'denouncesChannel')).toBe(false);
    expect(can({ role: 'admin', company: null }, 'massiveBulks')).toBe(false);
  });
});

describe('assignable roles', () => {
  it('base list, with the allegation roles only when the channel is active', () => {
    expect(assignableRoles('admin', 'users', { allegationsChannelActive: false })).toEqual([
      'frontdesk',
      'admin',
      'adminNoUser',
      'userMonitoring',
    ]);
    expect(assignableRoles('admin', 'users', { allegationsChannelActive: true })).toEqual([
      'frontdesk',
      'admin',
      'adminNoUser',
      'userMonitoring',
      'denouncesAdmin',
      'denouncesCoordinator',
    ]);
  });
  it('the admin module adds auditor and supervisor; the admin view also superAdmin', () => {
    expect(assignableRoles('superAdmin', 'adminModule', { allegationsChannelActive: false })).toEqual([
      'frontdesk',
      'admin',
      'adminNoUser',
      'userMonitoring',
      'auditor',
      'supervisor',
    ]);
    expect(assignableRoles('superAdmin', 'adminView', { allegationsChannelActive: false })).toContain('superAdmin');
  });
  it('a monitoring user assigns only userMonitoring; an allegations administrator only denouncesCoordinator', () => {
    expect(assignableRoles('userMonitoring', 'users', { allegationsChannelActive: true })).toEqual(['userMonitoring']);
    expect(assignableRoles('denouncesAdmin', 'users', { allegationsChannelActive: true })).toEqual([
      'denouncesCoordinator',
    ]);
  });
});
