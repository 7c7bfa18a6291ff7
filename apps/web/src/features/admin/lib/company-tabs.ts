/**
 * The tabs of the company edit area (/regcheck/companies/:id/edit/<segment>), in the order they are shown. A tab
 * whose page another issue builds is listed here already: its route (features/admin/routes.tsx) renders inside the
 * same layout, so adding the page is replacing that route's element; the tab needs no other change.
 */
export const COMPANY_TABS = [
  { segment: 'profile', labelKey: 'companyConfig:tabs.profile' },
  { segment: 'generalConfiguration', labelKey: 'companyConfig:tabs.generalConfiguration' },
  { segment: 'businessRulesControl', labelKey: 'companyConfig:tabs.businessRulesControl' },
  { segment: 'fileConfig', labelKey: 'companyConfig:tabs.fileConfig' },
  { segment: 'riskConfiguration', labelKey: 'companyConfig:tabs.riskConfiguration' },
  { segment: 'riskController', labelKey: 'companyConfig:tabs.riskController' },
  { segment: 'tagsConfiguration', labelKey: 'companyConfig:tabs.tagsConfiguration' },
  { segment: 'anexosFormularios', labelKey: 'companyConfig:tabs.anexosFormularios' },
  { segment: 'dofPannel', labelKey: 'companyConfig:tabs.dofPannel' },
  { segment: 'reportsDashboard', labelKey: 'companyConfig:tabs.reportsDashboard' },
  { segment: 'providers', labelKey: 'companyConfig:tabs.providers' },
] as const;

export type CompanyTab = (typeof COMPANY_TABS)[number]['segment'];

/** The sub-tabs of generalConfiguration (/generalConfiguration/:tab). */
export const GENERAL_TABS = ['data', 'modules', 'limits', 'sso'] as const;
export type GeneralTab = (typeof GENERAL_TABS)[number];

/** The tab of a path under /regcheck/companies/:id/edit: the first segment after it; the edit page itself and a
 * company user's page (editUser) belong to the profile. */
export function companyTabOf(pathname: string): CompanyTab {
  const m = /\/regcheck\/companies\/[^/]+\/edit\/?([^/]*)/.exec(pathname);
  const seg = m?.[1] ?? '';
  const tab = COMPANY_TABS.find((t) => t.segment === seg);
  return tab ? tab.segment : 'profile';
}

/** The path of a tab of a company. */
export function companyTabPath(companyId: string, segment: string): string {
  return `/regcheck/companies/${companyId}/edit/${segment}`;
}

/** The sub-tab of generalConfiguration named in the path, 'data' when none or unknown. */
export function generalTabOf(tab: string | undefined): GeneralTab {
  return (GENERAL_TABS as readonly string[]).includes(tab ?? '') ? (tab as GeneralTab) : 'data';
}
