import type { Role } from '@regcheck/shared/permissions';
import { describe, expect, it } from 'vitest';
import { groupOpenFor, helpUrlFor, isGroup, SIDEBAR, type SidebarGroup, visibleSidebar } from './sidebar-items';

const CL = { country: 'CL', massiveBulks: true };
const BR = { country: 'BR', massiveBulks: false };
const keys = (role: Role, company: typeof CL | null) => visibleSidebar({ role, company }).map((e) => e.key);

// the expectation is written out by hand from section 6, not derived from permissions.ts
describe('visibleSidebar', () => {
  it('admin in Chile with bulk loads', () => {
    expect(keys('admin', CL)).toEqual([
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
    ]);
  });

  it('admin in Brazil: bacen, no news link, no bulk loads without the flag', () => {
    expect(keys('admin', BR)).toEqual([
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
    ]);
  });

  it('front desk', () => {
    expect(keys('frontdesk', CL)).toEqual(['home', 'records', 'history', 'fichas', 'manuals', 'news', 'help']);
  });

  it('allegation roles', () => {
    expect(keys('denouncesAdmin', CL)).toEqual([
      'home',
      'allegations',
      'fichas',
      'manuals',
      'notifications',
      'users',
      'dashboard',
      'help',
    ]);
    expect(keys('denouncesCoordinator', BR)).toEqual([
      'home',
      'allegations',
      'fichas',
      'manuals',
      'notifications',
      'help',
    ]);
  });

  it("home is the dashboard with the main panel, else the hall; the allegations administrator's dashboard is apart", () => {
    const home = (role: Role) => visibleSidebar({ role, company: CL }).find((e) => e.key === 'home');
    expect(home('admin')).toMatchObject({ to: '/home/dashboard' });
    expect(home('userMonitoring')).toMatchObject({ to: '/home/dashboard' });
    expect(home('frontdesk')).toMatchObject({ to: '/hall' });
    expect(home('auditor')).toMatchObject({ to: '/hall' });
    const denounces = visibleSidebar({ role: 'denouncesAdmin', company: CL });
    expect(denounces.find((e) => e.key === 'home')).toMatchObject({ to: '/hall' });
    expect(denounces.find((e) => e.key === 'dashboard')).toMatchObject({ to: '/home/dashboard' });
  });

  it('auditor and supervisor', () => {
    expect(keys('auditor', CL)).toEqual(['home', 'fichas', 'manuals', 'help']);
    expect(keys('supervisor', BR)).toEqual(['home', 'fichas', 'manuals', 'help']);
  });

  it('super administrator and watcher', () => {
    expect(keys('superAdmin', null)).toEqual([
      'admins',
      'companies',
      'pep',
      'lists',
      'vigilancia',
      'monitoring',
      'newsAdmin',
      'roeLayout',
      'manuals',
    ]);
    expect(keys('watcher', null)).toEqual(['vigilancia', 'monitoring', 'manuals']);
  });

  it('nothing for a company user without a company', () => {
    expect(keys('admin', null)).toEqual([]);
  });

  it('reduces a group to the links the user may follow', () => {
    const group = visibleSidebar({ role: 'userMonitoring', company: CL }).find((e) => e.key === 'individual_search');
    expect(group && isGroup(group) && group.children.map((c) => c.key)).toEqual(['consult', 'blacklist']);
  });
});

describe('groupOpenFor', () => {
  const fichas = SIDEBAR.find((e) => e.key === 'fichas') as SidebarGroup;
  it('stays open on its paths only', () => {
    expect(groupOpenFor(fichas, '/home/fichas')).toBe(true);
    expect(groupOpenFor(fichas, '/home/fichas/exportFicha')).toBe(true);
    expect(groupOpenFor(fichas, '/home/person/create')).toBe(true);
    expect(groupOpenFor(fichas, '/home/fichasX')).toBe(false);
    expect(groupOpenFor(fichas, '/home/history')).toBe(false);
  });
});

describe('helpUrlFor', () => {
  const urls = { brazil: 'https://help.example/br', default: 'https://help.example/es' };
  it('picks the Brazilian help site for Brazil only', () => {
    expect(helpUrlFor('BR', urls)).toBe(urls.brazil);
    expect(helpUrlFor('CL', urls)).toBe(urls.default);
    expect(helpUrlFor(null, urls)).toBe(urls.default);
  });
});

describe('news entries', () => {
  it("the company's news entry opens the news page; the super administrator's opens the news screen", () => {
    const news = visibleSidebar({ role: 'frontdesk', company: CL }).find((e) => e.key === 'news');
    expect(news && !isGroup(news) && news.to).toBe('/home/news');
    const admin = visibleSidebar({ role: 'superAdmin', company: null }).find((e) => e.key === 'newsAdmin');
    expect(admin && !isGroup(admin) && admin.to).toBe('/regcheck/news');
  });

  it('offers "new ficha" only to the roles that may write one: the auditor and the supervisor list and export; the period pack to the administrator and the auditor', () => {
    const fichas = (role: Role) =>
      (visibleSidebar({ role, company: CL }).find((e) => e.key === 'fichas') as SidebarGroup).children.map(
        (c) => c.key,
      );
    expect(fichas('admin')).toEqual(['list', 'create', 'export', 'inspectionPack']);
    expect(fichas('frontdesk')).toEqual(['list', 'create', 'export']);
    expect(fichas('auditor')).toEqual(['list', 'export', 'inspectionPack']);
    expect(fichas('supervisor')).toEqual(['list', 'export']);
  });
});

describe('the ROE is Chile’s (issue 23, point 3)', () => {
  const paths = (role: Role, company: typeof CL) =>
    visibleSidebar({ role, company }).flatMap((e) => (isGroup(e) ? e.children.map((c) => c.to) : [e.to]));
  it('no sidebar entry of any Brazilian company role leads to the ROE/UAF page', () => {
    for (const role of ['admin', 'adminNoUser', 'userMonitoring', 'frontdesk', 'auditor', 'supervisor'] as Role[])
      expect(paths(role, BR).filter((p) => p?.includes('roe'))).toEqual([]);
  });
});
