/** Query keys of the application settings the shell reads. */
export const settingsKeys = {
  public: () => ['settings', 'public'] as const,
  /** the signed-in user's company, read for its document rules */
  documentRules: (companyId: string | undefined) => ['company', 'documentRules', companyId] as const,
};
