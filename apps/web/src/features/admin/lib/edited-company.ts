import { useOutletContext } from 'react-router';
import type { Company } from '../api/admin-api';

/** What the company edit layout hands to the tab it shows: the company, loaded once for every tab. */
export interface EditedCompanyContext {
  company: Company;
}

/** The company of the edit area (for a page rendered inside CompanyEditLayout). */
export function useEditedCompany(): Company {
  return useOutletContext<EditedCompanyContext>().company;
}
