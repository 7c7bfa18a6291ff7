/** Query keys of the profile feature. */
export const profileKeys = {
  company: (companyId: string | undefined) => ['companies', companyId] as const,
};
