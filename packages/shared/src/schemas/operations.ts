import { z } from 'zod';

/**
 * Operations (consultations, transactions) of spec 000 §3-§5 and spec 001 §7 "Consultations (data)": request and
 * response schemas shared by the API and the web app.
 */

/** The kinds of transaction an officer picks on a new operation (stored as these codes, shown translated). */
export const TRANSACTION_TYPES = [
  'currencyPurchase',
  'currencySale',
  'transfer',
  'remittance',
  'deposit',
  'withdrawal',
  'payment',
  'other',
] as const;

export const OPERATION_CURRENCIES = ['USD', 'CLP', 'UF', 'BRL'] as const;
export const OperationCurrency = z.enum(OPERATION_CURRENCIES).describe('divisa: USD always, CLP and UF (Chile), BRL');

/** open is shown as In progress, closed as Finished (spec 000 §4). */
export const OperationState = z.enum(['open', 'closed']);
/** Soft delete: inactive operations are in the trash. */
export const RecordStatus = z.enum(['active', 'inactive']);
/** Form status of spec 000 §4, also the consultation's status snapshot. */
export const FORM_STATUSES = ['notRequired', 'required', 'sent', 'opened', 'filled', 'signed'] as const;
/** The form statuses that mean a form went out (and may since have been opened, filled or signed): "forms sent". */
export const FORMS_SENT_STATUSES = ['sent', 'opened', 'filled', 'signed'] as const;
export const FormStatus = z.enum(FORM_STATUSES);
export const RiskValue = z.enum(['low', 'medium', 'high', '-']).describe("highest associate risk; '-' when none");

/** Default ROE threshold in USD (DOMAIN.md; per-company setting roeThresholdUsd). */
export const DEFAULT_ROE_THRESHOLD_USD = 10_000;
/** Default due-diligence threshold of an occasional transaction, USD (FATF R.10; setting ddOccasionalUsd). */
export const DEFAULT_DD_OCCASIONAL_USD = 15_000;
/** Default due-diligence threshold of Chile's Circular 59, USD (occasional transactions and wire transfers; ddWireUsd). */
export const DEFAULT_DD_WIRE_USD = 1_000;
/**
 * The rules that ask due diligence on an operation by its amount (decisions 145-147): FATF R.10 (an occasional
 * transaction above ddOccasionalUsd, every country), Chile's Circular 59 (an occasional transaction, or a wire
 * transfer, above ddWireUsd).
 */
export const DUE_DILIGENCE_RULES = ['fatfR10Occasional', 'cl59Occasional', 'cl59Wire'] as const;
export const DueDiligenceView = z.object({
  required: z.boolean().describe('a rule asked due diligence on the operation: its participants owe the DOF'),
  pending: z
    .string()
    .nullable()
    .describe('the day (YYYY-MM-DD) without a dollar rate: whether a rule asks for it is not known yet'),
  amountUsd: z.number().nullable().describe('the whole amount in USD at the day rate (null while pending)'),
  rateDate: z.string().nullable().describe('the day of the rate used (YYYY-MM-DD)'),
  perUsd: z.number().nullable().describe('units of the operation currency per USD'),
  source: z.string().nullable().describe('where the rate comes from'),
  rules: z
    .array(z.object({ rule: z.enum(DUE_DILIGENCE_RULES), thresholdUsd: z.number() }))
    .describe('each rule that asked for it, with the threshold in force when it was evaluated'),
});
/** Largest accepted amount: numeric(18,2). */
const MAX_AMOUNT = 1e15;
export const Amount = z.number().min(0).max(MAX_AMOUNT);

const DateInput = z
  .string()
  .trim()
  .refine((s) => !Number.isNaN(new Date(s.length === 10 ? `${s}T12:00:00Z` : s).getTime()), 'must be a date')
  .describe('YYYY-MM-DD (kept at noon UTC) or an ISO instant');
const PlainDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .describe('YYYY-MM-DD');

export const TagItem = z.object({ name: z.string().trim().min(1).max(60) });

export const Transporter = z.object({
  transportDni: z.string().trim().max(30).nullable().optional(),
  nationality: z.string().trim().max(60).nullable().optional(),
  countries: z.array(z.string().trim().max(60)).max(50).default([]),
});

export const OperationDocument = z.object({
  name: z.string(),
  url: z.string(),
  active: z.boolean(),
  /** a file declared but not uploaded yet: the operation cannot finish while one is pending */
  pending: z.boolean().default(false),
  size: z.number().int().optional(),
  uploadedAt: z.string().optional(),
});

/** Insurance fields of spec 000 §3. */
export const InsuranceFields = z.object({
  policyNumber: z.string().trim().max(80).nullable().optional(),
  product: z.string().trim().max(120).nullable().optional(),
  startDate: PlainDate.nullable().optional(),
  endDate: PlainDate.nullable().optional(),
  premiumSFP: Amount.nullable().optional(),
  policyStatus: z.string().trim().max(60).nullable().optional(),
  paymentChannel: z.string().trim().max(60).nullable().optional(),
  paymentMethod: z.string().trim().max(60).nullable().optional(),
  policyValueAtClosure: Amount.nullable().optional(),
});
export const INSURANCE_KEYS = [
  'policyNumber',
  'product',
  'startDate',
  'endDate',
  'premiumSFP',
  'policyStatus',
  'paymentChannel',
  'paymentMethod',
  'policyValueAtClosure',
] as const;

/** Minimum fields to create a ficha on the spot while identifying a participant. */
export const NewParticipantFicha = z.object({
  name: z.string().trim().max(200).optional().describe('natural person: given names'),
  fatherName: z.string().trim().max(100).optional(),
  motherName: z.string().trim().max(100).optional(),
  socialReason: z.string().trim().max(200).optional().describe('legal person: company name'),
  email: z.string().trim().max(200).optional(),
  nationality: z.string().trim().max(60).optional(),
});

export const PersonType = z.enum(['natural', 'legal']);

/** A participant entry as sent by the client. */
export const AssociateInput = z.object({
  dni: z.string().trim().min(1).max(30),
  type: PersonType.describe('person type of the participant'),
  dniType: z
    .object({ country: z.string().trim().max(3).optional(), document: z.string().trim().max(20).optional() })
    .optional()
    .describe("document country and type; defaults to the company's country and its default document"),
  fichaId: z.string().uuid().nullable().optional(),
  currency: OperationCurrency.optional().describe("must equal the operation's divisa"),
  monto: Amount.default(0),
  efective: Amount.default(0).describe('cash part of monto'),
  personsRelations: z.array(z.record(z.string(), z.unknown())).max(50).default([]),
  /** create the ficha when no ficha has this document */
  newFicha: NewParticipantFicha.optional(),
});

const OperationFields = z.object({
  transactionType: z.string().trim().max(80).nullable().optional(),
  transactionDate: DateInput.nullable().optional(),
  referenceNumber: z.string().trim().max(120).nullable().optional(),
  transactionComments: z.string().trim().max(5000).nullable().optional(),
  divisa: OperationCurrency,
  amount: Amount.optional().describe('operation amount; the sum of the participants when omitted'),
  cashAmount: Amount.optional().describe('cash part; the sum of the participants when omitted'),
  includesCash: z.boolean().optional(),
  tags: z.array(TagItem).max(20).optional(),
  ros: z.boolean().optional().describe('suspicious operation (ROS) mark'),
  rosReason: z.string().trim().max(2000).nullable().optional(),
  transporter: Transporter.nullable().optional(),
  associates: z.array(AssociateInput).max(200).optional(),
  ...InsuranceFields.shape,
});

/** Fields without defaults, so that an update leaves what it does not send untouched. */
export const OperationCreateBody = OperationFields;
export const OperationUpdateBody = OperationFields.partial();

export const AssociateView = z.object({
  dni: z.string(),
  type: PersonType,
  currency: OperationCurrency,
  monto: z.number(),
  montoFormat: z.string(),
  efective: z.number(),
  personsRelations: z.array(z.record(z.string(), z.unknown())),
  fichaId: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  risk: RiskValue,
  /** flagged: no e-mail on the ficha (forms cannot be sent) */
  withoutEmail: z.boolean(),
  /** flagged: ficha data incomplete, with the missing fields */
  incomplete: z.boolean(),
  missingFields: z.array(z.string()),
});

export const OperationView = z.object({
  id: z.string().uuid(),
  codigo: z.number().int(),
  codigoFormatted: z.string().describe('codigo padded to 6 digits'),
  transactionType: z.string().nullable(),
  transactionDate: z.string().nullable(),
  registrationDate: z.string(),
  referenceNumber: z.string().nullable(),
  transactionComments: z.string().nullable(),
  divisa: OperationCurrency,
  amount: z.number(),
  cashAmount: z.number(),
  totalAmount: z.number(),
  totalEfective: z.number(),
  amountFormated: z.string(),
  includesCash: z.boolean(),
  status: OperationState,
  recordStatus: RecordStatus,
  consultationStatus: FormStatus.describe('the least advanced required form of every participant'),
  /** the least advanced DOF (natural or legal) of the participants; notRequired when none needs one */
  formDOF: FormStatus,
  /** the least advanced BF of the participants */
  formBF: FormStatus,
  /** the least advanced PEP form of the participants */
  pepDefaultFormStatus: FormStatus,
  risk: RiskValue,
  tags: z.array(TagItem),
  ros: z.boolean(),
  rosReason: z.string().nullable(),
  roe: z.boolean().describe('cash part above the company ROE threshold in USD at the day rate'),
  cashAmountUsd: z.number().nullable(),
  cashRatePending: z
    .string()
    .nullable()
    .optional()
    .describe(
      'the day (YYYY-MM-DD) whose dollar rate is missing: the cash in USD and the ROE flag wait for it (null: none)',
    ),
  dueDiligence: DueDiligenceView.nullable()
    .optional()
    .describe(
      'due diligence by amount (issue 23 point 4); null: not evaluated (an operation older than migration 0630)',
    ),
  coafDeadline: z
    .string()
    .nullable()
    .optional()
    .describe(
      "Brazil: BRL cash of the company's COAF threshold or more (default R$ 50,000): the COAF communication is due by this day (YYYY-MM-DD, the next business day); null otherwise",
    ),
  coafUnchecked: z
    .boolean()
    .optional()
    .describe(
      'Brazil: cash in another currency than BRL, which RegCheck cannot compare with the COAF threshold (it holds no BRL rate): the officer checks it by hand (decision 158)',
    ),
  creator: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedBy: z.string().nullable(),
  deletedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  read: z.boolean(),
  associates: z.array(AssociateView),
  personsRUTS: z.array(z.string()),
  transporter: Transporter.nullable(),
  documents: z.array(OperationDocument),
  transactionComplete: z.boolean(),
  ...InsuranceFields.shape,
});

/** A row of the customer-management table (the same view; associates included for the search and risk). */
export const OperationListRow = OperationView;

export const ParticipantFormStatus = z.object({
  associateIndex: z.number().int(),
  dni: z.string(),
  fichaId: z.string().nullable(),
  name: z.string(),
  forms: z.object({ formDOF: FormStatus, formBF: FormStatus, formPep: FormStatus }),
  generalStatus: FormStatus,
});

export const OperationSnapshotView = z.object({
  id: z.string().uuid(),
  operationId: z.string().uuid(),
  seq: z.number().int(),
  kind: z.enum(['finished']),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  data: OperationView,
  /** the form statuses (diligences) of each participant at that moment */
  diligences: z.array(ParticipantFormStatus),
});

export const PolicyHistoryEntry = z.object({
  id: z.string().uuid(),
  changedAt: z.string(),
  changedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  policy: InsuranceFields,
});

/** GET /consultations/view/{id}: the operation with its historical records and policy history. */
export const OperationDetailView = OperationView.extend({
  historicalRecords: z.array(OperationSnapshotView),
  policyHistory: z.array(PolicyHistoryEntry),
});

/**
 * Customer-management filters (POST /informes/tabla-consultas, GET /consultations-resume). An amount bound needs a
 * currency.
 */
export const ConsultationTableFilter = z.object({
  search: z.string().trim().max(200).optional(),
  recordStatus: RecordStatus.default('active'),
  status: OperationState.optional(),
  risk: z.array(RiskValue).max(4).optional(),
  dateFrom: PlainDate.optional().describe('transaction date from (inclusive)'),
  dateTo: PlainDate.optional().describe('transaction date to (inclusive)'),
  amountMin: Amount.optional(),
  amountMax: Amount.optional(),
  currency: OperationCurrency.optional(),
  ros: z.boolean().optional(),
  roe: z.boolean().optional(),
  consultationStatus: z
    .array(FormStatus)
    .max(FORM_STATUSES.length)
    .optional()
    .describe(
      "an active declaration form of the operation is in one of these statuses (the home dashboard's forms sent and signed)",
    ),
  limit: z.number().int().min(1).max(1000).default(25),
  skip: z.number().int().min(0).default(0),
});
export const ConsultationTableQuery = ConsultationTableFilter.extend({
  consultationStatus: z
    .union([z.array(FormStatus), FormStatus])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  risk: z
    .union([z.array(RiskValue), RiskValue])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  ros: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  roe: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  amountMin: z.coerce.number().min(0).optional(),
  amountMax: z.coerce.number().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(25),
  skip: z.coerce.number().int().min(0).default(0),
});

export const ConsultationTableResult = z.object({
  data: z.array(OperationListRow),
  count: z.number().int().describe('total, exact up to 10,000'),
  countExact: z.boolean().describe('false: there are more than count rows'),
});

export const ConsultationResume = z.object({
  total: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
  byRisk: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int(), none: z.number().int() }),
  ros: z.number().int(),
  roe: z.number().int(),
  amountByCurrency: z.array(z.object({ currency: OperationCurrency, amount: z.number(), cashAmount: z.number() })),
});

export const ConsultationIdsBody = z.object({ consultationIds: z.array(z.string().uuid()).min(1).max(1000) });
export const StatusSnapshotBody = z.object({ consultationStatus: FormStatus });
export const OperationStatusBody = z.object({
  status: z.enum(['open', 'closed', 'active', 'inactive']).describe('closed finishes, open resumes, inactive trashes'),
});

/** A cash operation of a ROE period whose dollar rate is missing: neither reportable nor not, until it is loaded. */
export const RoePendingOperation = z.object({
  id: z.string().uuid(),
  codigo: z.number().int(),
  codigoFormatted: z.string(),
  transactionDate: z.string().nullable(),
  rateDate: z.string().describe('the day (YYYY-MM-DD) without a dollar rate'),
  divisa: OperationCurrency,
  cashAmount: z.number(),
  deleted: z.boolean().describe('the operation was deleted'),
  deletedAt: z.string().nullable().describe('when it was deleted; null when it was not, or the date was not recorded'),
});

export const RoeSummary = z.object({
  thresholdUsd: z.number(),
  from: z.string(),
  to: z.string(),
  count: z.number().int().describe('reportable operations, those deleted after the fact included (decision 125)'),
  deleted: z.number().int().describe('of them, deleted after the fact: still reported, with the mark'),
  pending: z.array(RoePendingOperation).describe('cash operations without a dollar rate for their day'),
  negative: z
    .boolean()
    .describe('no cash operation above the threshold and none pending a rate in the period: a negative ROE is due'),
});

export const UafOperation = z.object({
  id: z.string().uuid(),
  codigo: z.number().int(),
  codigoFormatted: z.string(),
  transactionDate: z.string().nullable(),
  divisa: OperationCurrency,
  cashAmount: z.number(),
  cashAmountUsd: z.number().nullable(),
  thresholdUsd: z.number(),
  participants: z.array(
    z.object({
      dni: z.string(),
      name: z.string(),
      efective: z.number(),
      /** the identity the UAF file may code (decision 204); absent on filings stored before it */
      personType: z.enum(['natural', 'legal']).optional(),
      documentType: z.string().optional().describe('RUT, PASSPORT...: as recorded, or the country default'),
      documentCountry: z.string().optional().describe('ISO 3166-1 alpha-2 of the document'),
    }),
  ),
  transactionType: z.string().nullable().optional().describe('the kind of transaction, as recorded'),
  /** deleted after it was reportable: it stays in the ROE with this mark (decision 125) */
  deleted: z.boolean().describe('deleted after it was reportable: it stays in the ROE with its mark'),
  deletedAt: z
    .string()
    .nullable()
    .describe('when it was deleted; null when it was not, or when the date was not recorded (never guessed)'),
  deletedByName: z.string().nullable(),
});

export const CurrencyRateQuery = z.object({
  fecha: PlainDate,
  divisa: OperationCurrency,
});
export const CurrencyRateView = z.object({
  fecha: z.string().describe('the date asked for'),
  divisa: OperationCurrency,
  rateDate: z.string().describe('the date of the rate used: the last one on or before fecha'),
  perUsd: z.number().describe('units of divisa per 1 USD'),
  valueClp: z.number().nullable().describe('value of 1 unit in CLP'),
  source: z.string(),
});

export const FeatureFlagView = z.object({ enabled: z.boolean() });
export const FeatureFlagUpdateBody = z.object({
  enabled: z.boolean(),
  environments: z.array(z.string().trim().min(1).max(40)).max(10),
  companyIds: z.array(z.string().uuid()).max(1000).nullable().describe('null: every company'),
});

/** Transactions of a person (spec 001 §7 "Transactions"). */
export const TransactionCreateBody = z.object({
  dni: z.string().trim().min(1).max(30),
  fichaId: z.string().uuid().nullable().optional(),
  operationId: z.string().uuid().nullable().optional(),
  transactionType: z.string().trim().max(80).nullable().optional(),
  transactionDate: DateInput.nullable().optional(),
  divisa: OperationCurrency,
  amount: Amount.default(0),
  cashAmount: Amount.default(0),
  description: z.string().trim().max(5000).nullable().optional(),
});
export const TransactionUpdateBody = TransactionCreateBody.partial().extend({ isActive: z.boolean().optional() });
export const TransactionView = z.object({
  id: z.string().uuid(),
  companyId: z.string().uuid(),
  dni: z.string(),
  fichaId: z.string().nullable(),
  operationId: z.string().nullable(),
  transactionType: z.string().nullable(),
  transactionDate: z.string().nullable(),
  divisa: OperationCurrency,
  amount: z.number(),
  cashAmount: z.number(),
  description: z.string().nullable(),
  files: z.array(OperationDocument),
  isActive: z.boolean(),
  read: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const TransactionIdsBody = z.object({ ids: z.array(z.string().uuid()).min(1).max(1000) });

/** Public links of an operation (spec 001 §7; docs/decisions.md 10: a per-link token, never a fixed one). */
export const PUBLIC_LINK_DAYS = 30;
/** The contact fields a participant may correct through a public link; nothing else of the ficha. */
export const PUBLIC_CONTACT_FIELDS = ['email', 'phone', 'address', 'city', 'commune', 'region', 'zipCode'] as const;
const contactText = (max: number) => z.string().trim().max(max).nullable().optional();
export const PublicContactFields = z
  .object({
    email: contactText(254),
    phone: contactText(40),
    address: contactText(500),
    city: contactText(120),
    commune: contactText(120),
    region: contactText(120),
    zipCode: contactText(20),
  })
  .strict();
export const PublicConsultationPatchBody = z.object({
  consulta: PublicContactFields,
  key: z.string().min(1).max(512).describe('the token of the public link'),
});
export const PublicParticipantView = z.object({
  dni: z.string(),
  personType: PersonType,
  name: z.string(),
  currency: z.string(),
  monto: z.number(),
  efective: z.number(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  commune: z.string().nullable(),
  region: z.string().nullable(),
  zipCode: z.string().nullable(),
});
/** What a participant sees through a public link: no internal id other than the operation's. */
export const PublicConsultationView = z.object({
  id: z.string().uuid(),
  companyName: z.string(),
  codigo: z.string().describe('padded to 6 digits'),
  date: z.string().describe('transaction date, else registration date'),
  currency: OperationCurrency,
  status: OperationState,
  participant: PublicParticipantView.nullable().describe('the participant the link was sent to'),
  expiresAt: z.string(),
});
export const SendConsultationEmailBody = z.object({
  consultationId: z.string().uuid(),
  dnis: z.array(z.string().trim().min(1).max(30)).min(1).max(200).optional().describe('default: every participant'),
  message: z.string().trim().max(2000).optional(),
});
export const SendConsultationEmailResult = z.object({
  sent: z.number().int(),
  skipped: z.array(z.object({ dni: z.string(), name: z.string(), reason: z.literal('NO_EMAIL'), message: z.string() })),
});
export type PublicConsultationViewT = z.infer<typeof PublicConsultationView>;
export type SendConsultationEmailResultT = z.infer<typeof SendConsultationEmailResult>;

export type OperationViewT = z.infer<typeof OperationView>;
export type OperationCreate = z.infer<typeof OperationCreateBody>;
export type OperationUpdate = z.infer<typeof OperationUpdateBody>;
export type AssociateInputT = z.infer<typeof AssociateInput>;
export type ConsultationTableFilterT = z.infer<typeof ConsultationTableFilter>;
export type TransactionViewT = z.infer<typeof TransactionView>;
