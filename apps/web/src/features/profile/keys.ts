/** Query keys of the profile feature (decision 279). */
export const profileKeys = {
  company: (companyId: string | undefined) => ['companies', companyId] as const,
};
