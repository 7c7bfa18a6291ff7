import { expect, type Page } from '@playwright/test';
import { type Credentials, DEMO_PASSWORD, SUPER_ADMIN, WATCHER } from './users';

/**
 * Exactly the sidebar items of each role, written out by hand from section 6 of the spec (not computed from
 * permissions.ts). Demo Chile SpA has bulk loads enabled; Demo Brasil Ltda does not, and is in Brazil, which
 * adds Bacen for the admin and removes the external news link.
 */
export const EXPECTED_SIDEBAR: Record<string, string[]> = {
  'admin.cl': [
    'home',
    'records',
    'history',
    'individual_search',
    'fichas',
    'massiveBulks',
    'reports',
    'manuals',
    'notifications',
    'news',
    'help',
    'denounces-channel',
  ],
  'adminnouser.cl': [
    'home',
    'records',
    'history',
    'individual_search',
    'fichas',
    'massiveBulks',
    'reports',
    'manuals',
    'notifications',
    'news',
    'help',
    'denounces-channel',
  ],
  'frontdesk.cl': ['home', 'records', 'history', 'fichas', 'manuals', 'news', 'help', 'denounces-channel'],
  'auditor.cl': ['home', 'fichas', 'manuals', 'help'],
  'usermonitoring.cl': [
    'home',
    'individual_search',
    'fichas',
    'massiveBulks',
    'reports',
    'manuals',
    'notifications',
    'help',
  ],
  'denouncesadmin.cl': ['home', 'allegations', 'fichas', 'manuals', 'notifications', 'users', 'dashboard', 'help'],
  'denouncescoordinator.cl': ['home', 'allegations', 'fichas', 'manuals', 'notifications', 'help'],
  'supervisor.cl': ['home', 'fichas', 'manuals', 'help'],
  'admin.br': [
    'home',
    'records',
    'history',
    'individual_search',
    'fichas',
    'reports',
    'bacen',
    'manuals',
    'notifications',
    'help',
  ],
  'adminnouser.br': [
    'home',
    'records',
    'history',
    'individual_search',
    'fichas',
    'reports',
    'manuals',
    'notifications',
    'help',
  ],
  'frontdesk.br': ['home', 'records', 'history', 'fichas', 'manuals', 'help'],
  'auditor.br': ['home', 'fichas', 'manuals', 'help'],
  'usermonitoring.br': ['home', 'individual_search', 'fichas', 'reports', 'manuals', 'notifications', 'help'],
  'denouncesadmin.br': ['home', 'allegations', 'fichas', 'manuals', 'notifications', 'users', 'dashboard', 'help'],
  'denouncescoordinator.br': ['home', 'allegations', 'fichas', 'manuals', 'notifications', 'help'],
  'supervisor.br': ['home', 'fichas', 'manuals', 'help'],
  watcher: ['vigilancia', 'monitoring', 'manuals'],
  superAdmin: ['admins', 'companies', 'pep', 'lists', 'vigilancia', 'monitoring', 'newsAdmin', 'roeLayout', 'manuals'],
};

/** The credentials of a key of EXPECTED_SIDEBAR ('admin.cl', 'watcher', 'superAdmin'...). */
export function credentialsOf(key: string): Credentials {
  if (key === 'watcher') return WATCHER;
  if (key === 'superAdmin') return SUPER_ADMIN;
  return { email: `${key}@demo.regcheck.app`, password: DEMO_PASSWORD };
}

/** The sidebar's top-level entries as the page shows them after sign-in, groups closed. */
export async function sidebarIds(page: Page): Promise<(string | undefined)[]> {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.locator('[data-testid^="nav-"]').first()).toBeVisible();
  return sidebar
    .locator('[data-testid^="nav-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')?.slice('nav-'.length)));
}

/** The accounts the sidebar walk signs in as (e2e/sidebar-walk.spec.ts), which checks their list on that sign-in. */
export const WALKED_ROLES = [
  'admin.cl',
  'adminnouser.cl',
  'frontdesk.cl',
  'auditor.cl',
  'usermonitoring.cl',
  'denouncesadmin.cl',
  'denouncescoordinator.cl',
  'supervisor.cl',
  'admin.br',
  'usermonitoring.br',
  'watcher',
  'superAdmin',
];
