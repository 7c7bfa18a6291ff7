/** Query keys of the application settings the shell reads. */
export const settingsKeys = {
  public: () => ['settings', 'public'] as const,
};
