/**
 * Roles and permission keys of the specification, section 6 of both files.
 * This is the one table the server checks on every route and the web uses to show or hide items.
 */

export const ROLES = [
  'frontdesk',
  'admin',
  'adminNoUser',
  'superAdmin',
  'watcher',
  'auditor',
  'userMonitoring',
  'denouncesAdmin',
  'denouncesCoordinator',
  'supervisor',
] as const;
export type Role = (typeof ROLES)[number];

/** Label of each role as the spec gives it (the translated labels live in the `roles` catalog). */
export const ROLE_LABELS: Record<Role, string> = {
  frontdesk: 'front desk (new-operations management)',
  admin: 'Super Administrador',
  adminNoUser: 'Administrador',
  superAdmin: 'product staff user',
  watcher: 'PEP watcher',
  auditor: 'UAF user',
  userMonitoring: 'monitoring user',
  denouncesAdmin: 'allegations administrator',
  denouncesCoordinator: 'allegations manager',
  supervisor: 'compliance officer',
};

/**
 * Roles that belong to a company (an obliged subject). The super administrator (product staff) and the
 * PEP watcher work across companies and have none; see docs/decisions.md.
 */
export const COMPANY_ROLES = [
  'frontdesk',
  'admin',
  'adminNoUser',
  'auditor',
  'userMonitoring',
  'denouncesAdmin',
  'denouncesCoordinator',
  'supervisor',
] as const satisfies readonly Role[];
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export function isCompanyRole(role: Role): role is CompanyRole {
  return (COMPANY_ROLES as readonly Role[]).includes(role);
}

export type CountryCondition = 'onlyBrazil' | 'notBrazil';

export interface PermissionRule {
  roles: readonly Role[];
  /** what the spec says the key grants */
  grants: string;
  country?: CountryCondition;
  /** needs the company's massiveBulks flag */
  companyFlag?: 'massiveBulks';
}

const ALL_COMPANY: readonly Role[] = COMPANY_ROLES;
const ADMINS: readonly Role[] = ['admin', 'adminNoUser'];
const ADMINS_MONITORING: readonly Role[] = ['admin', 'adminNoUser', 'userMonitoring'];
const ADMINS_FRONTDESK: readonly Role[] = ['admin', 'adminNoUser', 'frontdesk'];

/** The permission table of section 6. */
export const PERMISSIONS = {
  allExceptSuperAdmin: { roles: ALL_COMPANY, grants: 'home, files, profile' },
  mainPanel: { roles: ADMINS_MONITORING, grants: 'reports' },
  /** ours (decision 126): filing the ROE of a period for the UAF, by the company's administrators */
  roeFiling: { roles: ADMINS, grants: 'file the ROE of a period (UAF)', country: 'notBrazil' },
  /**
   * ours (issue 23, point 3): the ROE is Chile's report to the UAF; a Brazilian company's users reach none of its
   * routes (the report, its filings, the operations' ROE summary and UAF list): mainPanel's and history's roles
   */
  roeReports: { roles: ADMINS_MONITORING, grants: 'the ROE report (UAF)', country: 'notBrazil' },
  roeHistory: { roles: ADMINS_FRONTDESK, grants: 'the ROE of the operations (UAF)', country: 'notBrazil' },
  /**
   * ours (issue 23, point 3; decision 150): the COAF communication of cash operations is Brazil's; the ROE's roles
   * (roeReports, roeFiling) in the mirror country condition: read by the reports' roles, registered by the admins
   */
  coafReports: { roles: ADMINS_MONITORING, grants: 'the COAF queue of cash operations', country: 'onlyBrazil' },
  coafCommunicate: { roles: ADMINS, grants: 'register a COAF communication', country: 'onlyBrazil' },
  search: { roles: ADMINS_FRONTDESK, grants: 'new operation' },
  history: { roles: ADMINS_FRONTDESK, grants: 'customer management' },
  individualSearch: { roles: ADMINS_MONITORING, grants: 'individual search' },
  massiveBulks: { roles: ADMINS_MONITORING, grants: 'bulk mailings', companyFlag: 'massiveBulks' },
  usersAdmin: { roles: ['admin'], grants: 'users' },
  usersTags: { roles: ['admin'], grants: 'tags' },
  externalApi: { roles: ['admin'], grants: 'API' },
  trash: { roles: ['admin'], grants: 'trash' },
  blacklistAdmin: { roles: ADMINS_MONITORING, grants: 'blacklist' },
  commercialReport: { roles: ADMINS_MONITORING, grants: 'commercial report, blacklist' },
  bacen: { roles: ADMINS, grants: 'Bacen', country: 'onlyBrazil' },
  /** the Bacen sidebar item is shown to admin only */
  bacenSidebar: { roles: ['admin'], grants: 'Bacen sidebar item', country: 'onlyBrazil' },
  denouncesChannel: { roles: ADMINS_FRONTDESK, grants: 'external news link, channel', country: 'notBrazil' },
  allegations: { roles: ['denouncesAdmin', 'denouncesCoordinator'], grants: 'allegations' },
  denouncesAdmin: { roles: ['denouncesAdmin'], grants: 'users, dashboard' },
  notifications: {
    roles: ['admin', 'adminNoUser', 'userMonitoring', 'denouncesAdmin', 'denouncesCoordinator'],
    grants: 'notifications',
  },
  emailCustomization: { roles: ADMINS, grants: 'customization' },
  forms: { roles: ADMINS, grants: 'customization (forms)' },
  /**
   * ours (issue 25 point 6): reading a ficha's signed declarations and their PDFs: the roles that send them, and the
   * auditor and the compliance officer, who check the diligence (they saw "no documents" where the proof was)
   */
  formsRead: {
    roles: ['admin', 'adminNoUser', 'frontdesk', 'auditor', 'supervisor'],
    grants: "read a ficha's signed declarations",
  },
  /**
   * ours (issue 28, decision 210): the inspector's customer file of a ficha (a PDF, JSON and manifest in a zip): it
   * holds the ficha and its signed declarations, so the roles that read both (formsRead's), and the monitoring user,
   * who screens and reviews fichas; the allegations roles, who never see a customer's declarations, do not
   */
  inspectionFile: {
    roles: ['admin', 'adminNoUser', 'frontdesk', 'auditor', 'supervisor', 'userMonitoring'],
    grants: "the inspector's file of a customer",
  },
  /** ours (issue 28, decision 210): the inspector's period pack: the administrators and the auditor, as the issue says */
  inspectionPack: { roles: ['admin', 'adminNoUser', 'auditor'], grants: "the inspector's period pack" },
  /**
   * ours (decision 141): approving a ficha's enhanced due diligence is senior management's, the company's
   * administrators ("Administrador" of the spec's role table)
   */
  eddApprove: { roles: ADMINS, grants: "approve a ficha's enhanced due diligence" },
  /** ours: overwriting a ficha's calculated risk, with a reason (the administrators answer for it) */
  riskOverride: { roles: ADMINS, grants: "overwrite a ficha's risk" },
  /**
   * ours (issue 25 point 3): accepting or rejecting a signed declaration: the administrators, who answer for the
   * diligence; front desk, who sends the forms, does not accept its own diligence
   */
  declarationReview: { roles: ADMINS, grants: 'review a signed declaration' },
  consultationTrash: { roles: ADMINS_FRONTDESK, grants: 'trash of consultations' },
  mailConfig: { roles: ADMINS_FRONTDESK, grants: 'mail config (visible)' },
  mailConfigButtons: { roles: ADMINS, grants: 'mail config buttons' },
  support: { roles: ADMINS_FRONTDESK, grants: 'support' },
  companyInfo: { roles: ALL_COMPANY, grants: 'profile' },
  help: { roles: ALL_COMPANY, grants: 'help' },
  manual: { roles: ROLES, grants: 'manuals' },
  /** only admin roles upload manuals */
  manualUpload: { roles: ADMINS, grants: 'manual upload' },
  /** not shown per role in the spec: given to the company's top administrator (docs/decisions.md) */
  accountManager: { roles: ['admin'], grants: 'account manager' },
  /** the read-only log of provider lookups: who answers for them and the auditor (docs/decisions.md 83) */
  providerCallLog: {
    roles: ['admin', 'adminNoUser', 'auditor', 'supervisor'],
    grants: 'log of provider lookups (read only)',
  },
  superadmin: { roles: ['superAdmin'], grants: 'administrators, obliged subjects, vigilancia, monitoring' },
  watcher: { roles: ['watcher'], grants: 'vigilancia, monitoring' },
} as const satisfies Record<string, PermissionRule>;

export type PermissionKey = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

/** What a permission check needs to know about the caller. */
export interface PermissionSubject {
  role: Role;
  company?: { country: string; massiveBulks: boolean } | null;
}

export function isBrazil(country: string | undefined | null): boolean {
  if (!country) return false;
  const c = country.trim().toUpperCase();
  return c === 'BR' || c === 'BRA' || c === 'BRASIL' || c === 'BRAZIL';
}

/**
 * Whether a company of `country` meets a permission's country condition; no company (no country) meets neither.
 * The one reading of the conditions: `can` uses it, and so do the screens that ask about a country alone (the ROE).
 */
export function meetsCountry(condition: CountryCondition, country: string | undefined | null): boolean {
  if (!country?.trim()) return false;
  return condition === 'onlyBrazil' ? isBrazil(country) : !isBrazil(country);
}

/** True when the subject holds the permission key, country conditions and company flag included. */
export function can(subject: PermissionSubject, key: PermissionKey): boolean {
  const rule: PermissionRule = PERMISSIONS[key];
  if (!rule.roles.includes(subject.role)) return false;
  if (rule.country && !meetsCountry(rule.country, subject.company?.country)) return false;
  if (rule.companyFlag === 'massiveBulks' && !subject.company?.massiveBulks) return false;
  return true;
}

/** Any of the keys. */
export function canAny(subject: PermissionSubject, keys: readonly PermissionKey[]): boolean {
  return keys.some((k) => can(subject, k));
}

export type AssignContext =
  /** the users screen of a company (account manager) */
  | 'users'
  /** the admin module (super administrator managing a company's users) */
  | 'adminModule'
  /** the create/edit-admin view of the super administrator */
  | 'adminView';

/**
 * Roles a user may assign when creating or editing users, section 6 "Assignable roles".
 * Base list: frontdesk, admin, adminNoUser, userMonitoring; the two allegation roles when the company's
 * allegations channel is active; the admin module adds auditor and supervisor; the create/edit-admin view adds
 * superAdmin. A monitoring user assigns only userMonitoring; an allegations administrator only denouncesCoordinator.
 */
export function assignableRoles(
  assigner: Role,
  context: AssignContext,
  opts: { allegationsChannelActive: boolean },
): Role[] {
  if (assigner === 'userMonitoring') return ['userMonitoring'];
  if (assigner === 'denouncesAdmin') return ['denouncesCoordinator'];
  const roles: Role[] = ['frontdesk', 'admin', 'adminNoUser', 'userMonitoring'];
  if (opts.allegationsChannelActive) roles.push('denouncesAdmin', 'denouncesCoordinator');
  if (context === 'adminModule' || context === 'adminView') roles.push('auditor', 'supervisor');
  if (context === 'adminView') roles.push('superAdmin');
  return roles;
}

/** Roles that may create users at all, and in which context they do. */
export function userCreationContext(role: Role): AssignContext | null {
  if (role === 'superAdmin') return 'adminView';
  if (role === 'admin' || role === 'userMonitoring' || role === 'denouncesAdmin') return 'users';
  return null;
}

/** A company may have at most one user with this role (an API credential's technical user counts). */
export const SINGLE_PER_COMPANY_ROLES: readonly Role[] = ['denouncesAdmin'];

/** Whether the role holds the key in the table (country and company conditions aside). */
function roleHolds(role: Role, key: PermissionKey): boolean {
  return (PERMISSIONS[key].roles as readonly Role[]).includes(role);
}

/**
 * Roles only people hold: those with a key of the whistleblowing channel (allegations, denouncesAdmin). An API
 * credential never carries one: allegations are read by people, never by integrations (docs/decisions.md 113).
 */
export const PEOPLE_ONLY_ROLES: readonly Role[] = ROLES.filter(
  (r) => roleHolds(r, 'allegations') || roleHolds(r, 'denouncesAdmin'),
);

/** Whether an API credential may carry this role at all, whoever created it. */
export function credentialMayCarry(role: Role): boolean {
  return !PEOPLE_ONLY_ROLES.includes(role);
}

/** Whether `role` holds a permission key that `than` lacks. */
export function outranks(role: Role, than: Role): boolean {
  return PERMISSION_KEYS.some((k) => roleHolds(role, k) && !roleHolds(than, k));
}

/**
 * Roles an API credential created by `creator` may carry: the roles the creator may give a user on the users
 * screen, minus the people-only roles, minus any role that outranks the creator (a credential never outranks its
 * creator). The server's users/credentials policy and the /tools/api screen both read it.
 */
export function credentialRoles(creator: Role, opts: { allegationsChannelActive: boolean }): Role[] {
  return assignableRoles(creator, 'users', opts).filter((r) => credentialMayCarry(r) && !outranks(r, creator));
}

/** Company ids allowed into the one restricted section (spec: two allow-listed company ids). Set by config. */
export const RESTRICTED_SECTION_ENV = 'REGCHECK_RESTRICTED_COMPANIES';
