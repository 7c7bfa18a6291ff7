import { z } from 'zod';

/** The court-case tables of the per-person pages; any other type answers 'Tipo de causa no válido'. */
export const CASE_TYPES = [
  'causasCivilesChile',
  'causasLaboralesChile',
  'causasMedioambientales',
  'poderJudicialCriminal',
  'poderJudicialCriminalChile',
  'poderJudicialLaboral',
  'judiciaryBrazil',
] as const;
export type CaseType = (typeof CASE_TYPES)[number];

/** Page sizes of the court-case tables (10 by default). */
export const CASE_PAGE_SIZES = [10, 25, 50] as const;

export const RegistryStatus = z.enum([
  'active',
  'suspended',
  'unfit',
  'cancelled',
  'null',
  'pending',
  'deceased',
  'other',
]);

/** The registry answer of validadorCPF-CNPJ (001 §3 "Validator CPF/CNPJ" fields) with the validator's risk. */
export const RegistryAnswer = z.object({
  kind: z.enum(['cpf', 'cnpj']),
  name: z.string().nullable(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  razao_social: z.string().nullable(),
  /** the registry's own wording (ATIVA, REGULAR...) */
  situacao_cadastral: z.string().nullable(),
  status: RegistryStatus,
  ano_obito: z.string().nullable(),
  abertura_data: z.string().nullable(),
  data_nascimento: z.string().nullable(),
  message: z.string().nullable(),
  pisPasep: z.string().nullable(),
  nationality: z.string().nullable(),
  tradeName: z.string().nullable(),
  cnae: z.string().nullable(),
  cnaeDescription: z.string().nullable(),
  legalNature: z.string().nullable(),
  socialCapital: z.number().nullable(),
  taxRegime: z.string().nullable(),
  /** a cancelled, suspended, unfit, null or deceased registration is high risk */
  risk: z.enum(['low', 'high']),
});
export type RegistryAnswer = z.infer<typeof RegistryAnswer>;

export const CourtCase = z.object({
  /** the provider's id of the case, for its detail (DetalheProcesso); null when the provider gives none */
  id: z.string().nullable().default(null),
  rol: z.string(),
  court: z.string(),
  title: z.string(),
  filedAt: z.string().nullable(),
  status: z.string().nullable(),
  matter: z.string().nullable(),
});
export type CourtCase = z.infer<typeof CourtCase>;

export const RecordsPerson = z.object({
  id: z.string(),
  dni: z.string(),
  personType: z.enum(['natural', 'legal']),
  name: z.string(),
});

/** notConfigured: the company has no provider for this page (never a fake result). */
export const LookupState = z.enum(['notConfigured', 'found', 'notFound']);

export const LookupMeta = {
  state: LookupState,
  /** served from the company's 24-hour cache */
  cached: z.boolean().optional(),
  /** the demo's built-in sample provider answered: the page says "sample data" */
  sample: z.boolean().optional(),
  fetchedAt: z.string().optional(),
};

export const RegistryView = z.object({
  person: RecordsPerson,
  ...LookupMeta,
  data: RegistryAnswer.nullable().optional(),
});
export type RegistryView = z.infer<typeof RegistryView>;

export const CourtCasesView = z.object({
  person: RecordsPerson,
  type: z.enum(CASE_TYPES),
  ...LookupMeta,
  // the page of cases in the company API's one list shape (decision 277)
  data: z.array(CourtCase),
  count: z.number().int(),
});
export type CourtCasesView = z.infer<typeof CourtCasesView>;

export const ProviderCallView = z.object({
  id: z.string(),
  provider: z.string(),
  source: z.string(),
  fichaId: z.string().nullable(),
  personDocument: z.string(),
  result: z.enum(['found', 'notFound', 'cached', 'error', 'timeout', 'limit', 'notConfigured']),
  httpStatus: z.number().nullable(),
  durationMs: z.number(),
  createdAt: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
});

/** One PEP Mexico match of a person (001 §3 "PEP Mexico" fields), with how closely it matches the searched name. */
export const PepMexicoMatch = z.object({
  fullName: z.string(),
  documentType: z.string().nullable(),
  birthDate: z.string().nullable(),
  nationality: z.string().nullable(),
  activity: z.string().nullable(),
  type: z.string().nullable(),
  entity: z.string().nullable(),
  personType: z.string().nullable(),
  /** 0 to 100 */
  matchPercentage: z.number().min(0).max(100),
});
export type PepMexicoMatch = z.infer<typeof PepMexicoMatch>;
export const PepMexicoAnswer = z.object({ matches: z.array(PepMexicoMatch) });
export type PepMexicoAnswer = z.infer<typeof PepMexicoAnswer>;

export const PepMexicoView = z.object({
  person: RecordsPerson,
  ...LookupMeta,
  matches: z.array(PepMexicoMatch),
});
export type PepMexicoView = z.infer<typeof PepMexicoView>;
