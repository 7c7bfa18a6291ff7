/**
 * Query keys of the person-records feature (decision 279): a person's provider pages, court cases and call logs,
 * the commercial report, and the super administrator's court-case lookups (processos).
 */
export const recordsKeys = {
  /** one provider page of a person: the page's key and the person */
  page: (page: string, run: string) => ['person-records', page, run] as const,
  caseDetail: (run: string, type: string, caseId: string) => ['person-records', 'case', run, type, caseId] as const,
  registry: (run: string) => ['person-records', 'registry', run] as const,
  pepMexico: (run: string) => ['person-records', 'pep-mexico', run] as const,
  courtCases: (run: string, type: string, limit: number, skip: number) =>
    ['person-records', 'court-cases', run, type, limit, skip] as const,
  /** a page of a provider call log (the company's, or one company's for the super administrator) */
  calls: (url: string, fichaId: string, limit: number, skip: number) =>
    ['provider-calls', url, fichaId, limit, skip] as const,
  commercial: {
    /** the person the commercial report is asked for */
    person: (run: string) => ['commercial-report', 'person', run] as const,
    ofFicha: (id: string) => ['commercial-report', id] as const,
  },
  processos: {
    companies: ['processos', 'companies'] as const,
    list: (companyId: string, run: string, limit: number, skip: number) =>
      ['processos', companyId, run, limit, skip] as const,
    detail: (companyId: string, run: string, id: string) => ['processos', 'detail', companyId, run, id] as const,
  },
};
