import { meetsCountry, PERMISSIONS } from '@regcheck/shared/permissions';
import { coafApplies } from './coaf';

/**
 * The ROE (cash transactions report) is Chile's: it is filed with the UAF (issue 23, point 3; decision 139). A
 * Brazilian company's users never see its entries (reports index, home dashboard) and its page tells them so; a
 * user without a company sees none either.
 */
export function roeApplies(country: string | null | undefined): boolean {
  // the permission table's condition of the ROE routes (roeReports), so the screens and the server agree
  return meetsCountry(PERMISSIONS.roeReports.country, country);
}

export interface ReportLink {
  key: string;
  to: string;
  /** key in the `reports` catalog */
  labelKey: string;
  /** a report of Chile's UAF only */
  chileOnly?: boolean;
  /** a communication of Brazil's COAF only */
  brazilOnly?: boolean;
}

/** The regulatory reports linked from /home/reports, in display order. */
export const REPORT_LINKS: readonly ReportLink[] = [
  { key: 'roe-uaf', to: '/home/reports/roe-uaf', labelKey: 'reports:page.roeUaf', chileOnly: true },
  { key: 'coaf', to: '/home/reports/coaf', labelKey: 'coaf:title', brazilOnly: true },
  { key: 'final-beneficiaries', to: '/home/reports/final-beneficiaries', labelKey: 'reports:page.finalBeneficiaries' },
  { key: 'compliance-officer', to: '/home/reports/compliance-officer', labelKey: 'reports:page.complianceOfficer' },
  {
    key: 'conflict-of-interest',
    to: '/home/reports/conflict-of-interest',
    labelKey: 'reports:page.conflictOfInterest',
  },
  { key: 'export-report', to: '/home/reports/exportReport', labelKey: 'reports:export.title' },
];

/** The report links a company of `country` is offered: the ROE for Chile only, the COAF for Brazil only. */
export function reportLinksFor(country: string | null | undefined): ReportLink[] {
  return REPORT_LINKS.filter((l) => (!l.chileOnly || roeApplies(country)) && (!l.brazilOnly || coafApplies(country)));
}
