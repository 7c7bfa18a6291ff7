import type { PermissionKey, PermissionSubject } from '@regcheck/shared/permissions';
import { canAny, isBrazil, isCompanyRole } from '@regcheck/shared/permissions';

/** Where an external sidebar link points, resolved from the public settings. */
export type ExternalTarget = 'help';

export interface SidebarLink {
  key: string;
  /** key in the `shell` catalog */
  labelKey: string;
  /** app path; absent for external links */
  to?: string;
  external?: ExternalTarget;
  /** the item shows when the user holds any of these keys */
  anyOf: readonly PermissionKey[];
  /** where the item points instead for a user holding none of these keys */
  otherwise?: { anyOf: readonly PermissionKey[]; to: string };
}

export interface SidebarGroup {
  key: string;
  labelKey: string;
  /** the group stays open while the current path starts with one of these */
  openFor: readonly string[];
  /** the group shows when the user holds any of these; its links are filtered too */
  anyOf: readonly PermissionKey[];
  children: readonly SidebarLink[];
}

export type SidebarEntry = SidebarLink | SidebarGroup;

export function isGroup(entry: SidebarEntry): entry is SidebarGroup {
  return 'children' in entry;
}

/** The sidebar of the spec (section 2 "Sidebar"), in display order, with the permission key of each item. */
export const SIDEBAR: readonly SidebarEntry[] = [
  // home is the dashboard for the roles with the main panel, the hall for the others (the allegations
  // administrator's dashboard is an item of its own, so two items never point at one page)
  {
    key: 'home',
    labelKey: 'nav.home',
    to: '/home/dashboard',
    anyOf: ['allExceptSuperAdmin'],
    otherwise: { anyOf: ['mainPanel'], to: '/hall' },
  },
  {
    key: 'records',
    labelKey: 'nav.records',
    openFor: ['/home/records'],
    anyOf: ['search'],
    children: [{ key: 'consulta', labelKey: 'nav.newOperation', to: '/home/records/consulta', anyOf: ['search'] }],
  },
  {
    key: 'history',
    labelKey: 'nav.history',
    openFor: ['/home/history'],
    anyOf: ['history'],
    children: [{ key: 'list', labelKey: 'nav.operationsList', to: '/home/history', anyOf: ['history'] }],
  },
  { key: 'allegations', labelKey: 'nav.allegations', to: '/home/denounces', anyOf: ['allegations'] },
  {
    key: 'individual_search',
    labelKey: 'nav.individualSearch',
    openFor: ['/home/person/consult', '/home/blacklist'],
    anyOf: ['individualSearch', 'blacklistAdmin'],
    children: [
      { key: 'consult', labelKey: 'nav.personConsult', to: '/home/person/consult', anyOf: ['individualSearch'] },
      { key: 'blacklist', labelKey: 'nav.blacklist', to: '/home/blacklist', anyOf: ['blacklistAdmin'] },
    ],
  },
  {
    key: 'fichas',
    labelKey: 'nav.fichas',
    openFor: ['/home/fichas', '/home/person/create'],
    anyOf: ['allExceptSuperAdmin'],
    children: [
      { key: 'list', labelKey: 'nav.fichasList', to: '/home/fichas', anyOf: ['allExceptSuperAdmin'] },
      // the roles that may write a ficha, as the route (the auditor and the supervisor read only: issue 16)
      {
        key: 'create',
        labelKey: 'nav.personCreate',
        to: '/home/person/create',
        anyOf: ['search', 'history', 'individualSearch'],
      },
      { key: 'export', labelKey: 'nav.fichasExport', to: '/home/fichas/exportFicha', anyOf: ['allExceptSuperAdmin'] },
      // the inspector's period pack (issue 28): the administrators and the auditor
      {
        key: 'inspectionPack',
        labelKey: 'nav.inspectionPack',
        to: '/home/fichas/inspectionPack',
        anyOf: ['inspectionPack'],
      },
    ],
  },
  {
    key: 'massiveBulks',
    labelKey: 'nav.massiveBulks',
    openFor: ['/home/massiveBulks', '/tools/massiveUpload'],
    anyOf: ['massiveBulks'],
    children: [
      { key: 'list', labelKey: 'nav.massiveBulksList', to: '/home/massiveBulks', anyOf: ['massiveBulks'] },
      { key: 'upload', labelKey: 'nav.massiveUpload', to: '/tools/massiveUpload', anyOf: ['massiveBulks'] },
    ],
  },
  { key: 'reports', labelKey: 'nav.reports', to: '/home/reports', anyOf: ['mainPanel'] },
  { key: 'admins', labelKey: 'nav.admins', to: '/regcheck/admins', anyOf: ['superadmin'] },
  { key: 'companies', labelKey: 'nav.companies', to: '/regcheck/companies', anyOf: ['superadmin'] },
  // not in the spec's sidebar: the PEP register and the lists need a way in (decision 72)
  { key: 'pep', labelKey: 'nav.pep', to: '/regcheck/pep', anyOf: ['superadmin'] },
  { key: 'lists', labelKey: 'nav.lists', to: '/regcheck/lists', anyOf: ['superadmin'] },
  { key: 'vigilancia', labelKey: 'nav.vigilancia', to: '/regcheck/vigilancia', anyOf: ['superadmin', 'watcher'] },
  { key: 'bacen', labelKey: 'nav.bacen', to: '/home/bacen', anyOf: ['bacenSidebar'] },
  { key: 'monitoring', labelKey: 'nav.monitoring', to: '/regcheck/monitoring', anyOf: ['superadmin', 'watcher'] },
  { key: 'newsAdmin', labelKey: 'nav.newsAdmin', to: '/regcheck/news', anyOf: ['superadmin'] },
  // the UAF file's layout, changed without a release (decision 180)
  { key: 'roeLayout', labelKey: 'nav.roeLayout', to: '/regcheck/roe-layout', anyOf: ['superadmin'] },
  { key: 'manuals', labelKey: 'nav.manuals', to: '/home/manual', anyOf: ['manual'] },
  { key: 'notifications', labelKey: 'nav.notifications', to: '/home/notifications', anyOf: ['notifications'] },
  { key: 'users', labelKey: 'nav.users', to: '/home/users', anyOf: ['denouncesAdmin'] },
  { key: 'dashboard', labelKey: 'nav.dashboard', to: '/home/dashboard', anyOf: ['denouncesAdmin'] },
  // the spec's news link (denouncesChannel) opens the news page; the page links to the external news site
  { key: 'news', labelKey: 'nav.news', to: '/home/news', anyOf: ['denouncesChannel'] },
  { key: 'help', labelKey: 'nav.help', external: 'help', anyOf: ['help'] },
];

/**
 * The entries a user may see, groups reduced to their visible links. A company user without a company sees
 * nothing: the platform is closed to them until an obliged subject is assigned.
 */
export function visibleSidebar(subject: PermissionSubject, entries: readonly SidebarEntry[] = SIDEBAR): SidebarEntry[] {
  if (isCompanyRole(subject.role) && !subject.company) return [];
  const out: SidebarEntry[] = [];
  for (const entry of entries) {
    if (!canAny(subject, entry.anyOf)) continue;
    if (isGroup(entry)) {
      const children = entry.children.filter((c) => canAny(subject, c.anyOf));
      if (children.length > 0) out.push({ ...entry, children });
    } else if (entry.otherwise && !canAny(subject, entry.otherwise.anyOf)) {
      out.push({ ...entry, to: entry.otherwise.to });
    } else {
      out.push(entry);
    }
  }
  return out;
}

/** Whether a group stays open for the current path. */
export function groupOpenFor(group: SidebarGroup, pathname: string): boolean {
  return group.openFor.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The help site: one for Brazil, another for every other country. */
export function helpUrlFor(country: string | null | undefined, helpUrls: { brazil: string; default: string }): string {
  return isBrazil(country) ? helpUrls.brazil : helpUrls.default;
}
