/**
 * Query keys of the forms feature (decision 279): the forms of a ficha and an operation, one form's files, the
 * public form pages, and the company's form rules, signing key and templates.
 */
export const formsKeys = {
  /** one form with its files */
  form: (id: string | undefined) => ['form', id] as const,
  operationPanel: (operationId: string) => ['forms-panel', operationId] as const,
  operationReasons: (ids: readonly string[]) => ['forms', 'operation-reasons', ids] as const,
  fichaSummary: (fichaId: string) => ['ficha-forms-summary', fichaId] as const,
  fichaForms: (fichaId: string) => ['ficha-forms', fichaId] as const,
  publicForm: (formId: string, key: string) => ['public-form', formId, key] as const,
  publicSigner: (formId: string, key: string) => ['public-form-signer', formId, key] as const,
  publicPreview: (formId: string, version: string) => ['public-form-preview', formId, version] as const,
  example: (lang: string) => ['forms-example', lang] as const,
  rules: (companyId: string) => ['form-rules', companyId] as const,
  signingKey: (companyId: string) => ['signing-key', companyId] as const,
  countries: ['form-countries'] as const,
  templates: (companyId: string, country: string) => ['form-templates', companyId, country] as const,
};
