import { FORM_TYPES, type FormTypeT } from '@regcheck/shared/schemas/forms';

/** What the forms and fichas reports take besides their period (the server's export options). */
export interface ReportOptions {
  formType: FormTypeT;
  allowFilled: boolean;
  personType: 'natural' | 'legal' | null;
  risk: 'low' | 'medium' | 'high' | null;
}

export const DEFAULT_OPTIONS: ReportOptions = {
  formType: FORM_TYPES[0],
  allowFilled: false,
  personType: null,
  risk: null,
};

/** The reports with options of their own. */
export type OptionedReport = 'forms' | 'fichas';

/** informes/Form{formType}: formDOF answers at /informes/FormDOF/..., formPep at /informes/FormPep/... */
export function formsReportPath(companyId: string, from: string, to: string, o: ReportOptions): string {
  const path = `/informes/Form${o.formType.slice('form'.length)}/${companyId}/${from}/${to}`;
  return o.allowFilled ? `${path}?allow_filled=true` : path;
}

/** The fichas report: GET /informes/fichasPersonas/{id}/{from}/{to} with its person type and risk. */
export function fichasReportPath(companyId: string, from: string, to: string, o: ReportOptions): string {
  const q = new URLSearchParams();
  if (o.personType) q.set('personType', o.personType);
  if (o.risk) q.set('risk', o.risk);
  const query = q.toString();
  return `/informes/fichasPersonas/${companyId}/${from}/${to}${query ? `?${query}` : ''}`;
}

/** The body's `options` of an export of the report (none for the reports without options). */
export function exportOptions(report: string, o: ReportOptions): Record<string, unknown> | undefined {
  if (report === 'forms') return { formType: o.formType, allowFilled: o.allowFilled };
  if (report === 'fichas')
    return { ...(o.personType ? { personType: o.personType } : {}), ...(o.risk ? { risk: o.risk } : {}) };
  return undefined;
}
