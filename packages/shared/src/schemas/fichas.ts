/**
 * Customer files (fichas), their related persons, tags, risk configuration, notifications and reference data:
 * the request and response shapes of spec 000 §3 and §7, shared by the server (route schemas) and the web (forms).
 * Field names are the spec's. Values are validated further on the server (documents per country, names, dates):
 * see apps/server/src/modules/fichas/fichas.validation.ts.
 */
import { z } from 'zod';
import { RELATION_TYPES, type RelationTypeName } from '../beneficial-owners';
import { PepDerivedView } from '../pep-status';
import { REVIEW_STATES } from '../reviews';
import { ReviewOutcome } from './reviews';

export const FichaPersonType = z.enum(['natural', 'legal']).describe('natural or legal person');
export const FichaStatus = z.enum(['active', 'inactive']).describe('inactive = in the trash (soft-deleted)');
export const FichaRiskLevel = z.enum(['low', 'medium', 'high']);
export const FichaPepStatus = z.enum(['direct', 'consanguineous']).describe('PEP status: direct or consanguineous');
export const FichaGender = z.enum(['female', 'male']);

/** The document of a ficha: issuing country (ISO alpha-2), person type and document type (RUT, CPF, CNPJ, ...). */
export const FichaDniType = z.object({
  country: z.string().trim().min(2).max(60).describe('ISO 3166-1 alpha-2 country of the document, e.g. CL, BR'),
  person: FichaPersonType.optional().describe('person type of the document; defaults to the ficha personType'),
  document: z
    .string()
    .trim()
    .max(20)
    .optional()
    .describe('RUT, CPF, CNPJ, DNI, PASSPORT, ID...; default CPF/CNPJ in Brazil, otherwise RUT'),
});

export const FichaTag = z.object({ name: z.string().trim().min(1).max(60) });
export const FichaFile = z.object({
  name: z.string(),
  url: z.string(),
  active: z.boolean().describe('false once deleted with PUT /fichas-clientes/{id}/deleteFile/{index}'),
  uploadedAt: z.string().optional(),
  size: z.number().int().optional(),
});

/** One corporate-structure partner (extract of the company deed). */
export const CorporatePartner = z.object({
  dni: z.string().trim().max(40).optional(),
  name: z.string().trim().max(300),
  participation: z.number().min(0).max(100).optional().describe('percentage, 0 to 100, 2 decimals'),
  amount: z.number().min(0).optional(),
  extractDate: z.string().optional().describe('date of the extract, YYYY-MM-DD'),
});

/** Corporate structure detail of a legal person (spec 000 §3). */
export const CorporateStructure = z.object({
  rut: z.string().trim().max(40).optional(),
  numberOfPartners: z.number().int().min(0).optional(),
  numberOfShares: z.number().min(0).optional(),
  businessName: z.string().trim().max(300).optional(),
  constitutionYear: z.number().int().min(1800).max(2100).optional(),
  constitutionAddress: z.string().trim().max(500).optional(),
  subscribedCapital: z.number().min(0).optional(),
  lastExtractPublication: z.string().optional().describe('date, YYYY-MM-DD'),
  partners: z.array(CorporatePartner).max(500).optional(),
});

/** One screening hit inside a list entry of `listas`. */
export const FichaListHit = z.object({
  entityId: z.string(),
  name: z.string(),
  matchedName: z.string(),
  score: z.number(),
  explanation: z.unknown().optional(),
  /** hash of the list entry; a dismissal holds while the entry keeps this hash */
  entryHash: z.string().optional(),
  dismissed: z.boolean().optional().describe('dismissed by a reviewer as a false positive'),
  dismissedReason: z.string().optional(),
});

export const FichaListEntry = z.object({
  listId: z.string(),
  listName: z.string(),
  coincidence: z.boolean().describe('true when a hit that was not dismissed exists'),
  hits: z.array(FichaListHit),
  risk: z.string().optional().describe('the CNPJ validator entry carries a risk'),
});

/** Screening results stored with the ficha (spec `listas`). */
export const FichaListas = z.object({
  total: z
    .number()
    .int()
    .describe('lists with a coincidence, excluding the corporate mesh and the low-risk CNPJ validator'),
  error: z.boolean(),
  lastChecked: z.string().nullable(),
  dni: z.string(),
  personType: FichaPersonType,
  lists: z.array(FichaListEntry),
});

export const RiskReason = z.object({
  rule: z.string().describe('stable rule key, e.g. pep.direct, geography.fatfCallForAction'),
  factor: z.string(),
  score: z.number(),
  forced: z.boolean().optional().describe('the rule forces High'),
  detail: z.string().optional(),
});

const optText = (max: number) => z.string().trim().max(max).nullable().optional();
const optNumber = z.number().finite().min(0).nullable().optional();

/** The writable fields of a ficha (natural and legal). */
export const FichaFields = z.object({
  dni: z
    .string()
    .trim()
    .max(40)
    .optional()
    .describe('document; omit or give 22 characters for a file without document'),
  dniType: FichaDniType.optional(),
  personType: FichaPersonType,
  name: optText(200).describe('given names (natural)'),
  fatherName: optText(120).describe("father's family name (natural)"),
  motherName: optText(120).describe("mother's family name (natural)"),
  socialReason: optText(300).describe('company name (legal)'),
  fantasyName: optText(300).describe('trade name (legal)'),
  gender: FichaGender.nullable().optional(),
  nationality: optText(60).describe('ISO alpha-2 code or country name'),
  countryOfResidence: optText(60),
  birthDate: optText(40).describe('YYYY-MM-DD or DD/MM/YYYY (stored at noon UTC) or ISO date-time'),
  email: optText(254).describe('a valid address; an invalid one answers EMAIL_INVALID'),
  phone: optText(40),
  address: optText(500),
  fiscalAddress: optText(500),
  city: optText(120),
  commune: optText(120),
  region: optText(120),
  zipCode: optText(20),
  position: optText(200).describe('position or occupation'),
  employer: optText(300),
  maritalStatus: optText(40),
  income: optNumber.describe('monthly income in the company currency'),
  sales: optNumber.describe('annual sales (legal)'),
  businessType: optText(200),
  businessRelationshipPurpose: optText(1000),
  comments: optText(5000),
  tags: z.array(FichaTag).optional().describe('at most 20, no repeats'),
  pepStatus: FichaPepStatus.nullable().optional(),
  pepLevel: z
    .union([z.literal(1), z.literal(2)])
    .nullable()
    .optional()
    .describe('1 primary, 2 secondary'),
  pepExpiration: optText(40),
  identificadorFicha: optText(100),
  personId: z.string().uuid().nullable().optional(),
  lastDOFDate: optText(40),
  corporateStructure: CorporateStructure.nullable().optional(),
});

/** POST /fichas-clientes */
export const FichaCreateBody = FichaFields;
/**
 * PATCH /fichas-clientes/{id} and /no-lists/{id}: any writable field. Audit and identity fields (id, companyId,
 * createdAt, createdBy, status, listas, risks...) are accepted and ignored, as the spec's client strips them.
 */
export const FichaPatchBody = FichaFields.partial().passthrough();
/** PUT /fichas-clientes/{id}: replaces only the name fields (natural) or socialReason (legal). */
export const FichaReplaceBody = z
  .object({
    name: optText(200),
    fatherName: optText(120),
    motherName: optText(120),
    socialReason: optText(300),
  })
  .passthrough();

export const FichaView = FichaFields.extend({
  id: z.string().uuid(),
  dni: z.string(),
  dniType: z.object({ country: z.string(), person: FichaPersonType, document: z.string() }),
  dniFormatted: z.string().describe('display form: 12.345.678-5, 000.000.000-00, 00.000.000/0000-00'),
  withoutDocument: z.boolean().describe('dni of 22 characters: a file without document'),
  fullName: z.string().describe('name fathername mothername (natural) or socialReason (legal)'),
  companyId: z.string().uuid(),
  status: FichaStatus,
  tags: z.array(FichaTag),
  files: z.array(FichaFile),
  calculatedRisk: FichaRiskLevel.nullable(),
  effectiveRisk: FichaRiskLevel.nullable(),
  overwrittenRisk: FichaRiskLevel.nullable(),
  overwrittenRiskReason: z.string().nullable(),
  risk: FichaRiskLevel.nullable().describe('overwrittenRisk, else effectiveRisk, else calculatedRisk'),
  riskReasons: z.array(RiskReason),
  riskScore: z.number().nullable(),
  listas: FichaListas.nullable(),
  lastReviewedAt: z.string().nullable().describe('when the last periodic review was recorded; null: never reviewed'),
  lastReviewOutcome: ReviewOutcome.nullable(),
  nextReviewAt: z
    .string()
    .nullable()
    .describe("next periodic review day (YYYY-MM-DD) from the risk's period; null: no risk, or relationship ended"),
  reviewState: z.enum(REVIEW_STATES).describe('overdue, dueThisMonth, upToDate or notScheduled, as of today (UTC)'),
  pep: PepDerivedView.nullable().describe(
    'the one PEP status from every source (register, declaration, signed form, relation), decision 170; pepStatus, pepLevel and pepExpiration are its status, level and end. null: not computed yet',
  ),
  pepDeclared: z
    .object({
      status: FichaPepStatus.nullable(),
      level: z.union([z.literal(1), z.literal(2)]).nullable(),
      expiration: z.string().nullable(),
    })
    .describe('what the ficha itself declares (written by pepStatus, pepLevel and pepExpiration): one source'),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().uuid().nullable(),
  updatedBy: z.string().uuid().nullable(),
  deletedBy: z.string().uuid().nullable(),
  deletedDate: z.string().nullable(),
});

/** A related person as shown inside a ficha (legalRepresentatives, beneficiaries, partners). */
export const RelatedPersonView = z.object({
  relationshipId: z.string().uuid(),
  relationType: z.string(),
  participation: z.number().nullable(),
  fichaId: z.string().uuid(),
  dni: z.string(),
  dniFormatted: z.string(),
  personType: FichaPersonType,
  fullName: z.string(),
  risk: FichaRiskLevel.nullable(),
  listasTotal: z.number().int(),
});

/** GET /fichas-clientes/with-relations/{id} */
export const FichaWithRelationsView = FichaView.extend({
  legalRepresentatives: z.array(RelatedPersonView),
  relatedPersons: z.array(RelatedPersonView).describe('every active relationship of this ficha'),
  relatedTo: z.array(RelatedPersonView).describe('fichas that have this one as a related person'),
  asociados: z.array(z.unknown()).describe('operations where the ficha is an associate (operations module)'),
});

/**
 * GET /fichas-clientes/public: the minimal projection for any signed-in company user (pickers, autocomplete):
 * no contact, income, comments, files or screening details.
 */
export const FichaPublicView = z.object({
  id: z.string().uuid(),
  dni: z.string(),
  dniFormatted: z.string(),
  dniType: z.object({ country: z.string(), person: FichaPersonType, document: z.string() }),
  personType: FichaPersonType,
  fullName: z.string(),
  risk: FichaRiskLevel.nullable(),
  status: FichaStatus,
});

export const FichaCountBody = z.object({
  count: z.number().int(),
  estimated: z.boolean().optional().describe('true when above the exact-count limit: a planner estimate'),
});

export const FichaIdsBody = z.object({ fichasIds: z.array(z.string().uuid()).min(1).max(1000) });
export const FichaIdsResult = z.object({ count: z.number().int(), fichasIds: z.array(z.string().uuid()) });

export const FichaRiskOverwriteBody = z.object({
  overwrittenRisk: FichaRiskLevel.nullable().describe('null removes the overwrite'),
  reason: z.string().trim().min(3).max(2000),
});

export const MatchDismissBody = z.object({ reason: z.string().trim().min(3).max(2000) });

export const FichaListQuery = z.object({ filter: z.string().optional() });

/** GET /fichas-clientes/export?filter= : the list's filter (its where; order, limit and skip are ignored). */
export const FichaExportQuery = z.object({ filter: z.string().optional() });
/** Most rows one export may hold; a larger filter answers 400 FICHAS_EXPORT_TOO_MANY. */
export const FICHAS_EXPORT_MAX_ROWS = 100_000;

/** One changed field of a history entry (values as the API shows them: text, number, list, object or null). */
export const FichaHistoryChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

/** One audited change of a ficha or of its relationships, files or risk overwrite. */
export const FichaHistoryEntry = z.object({
  id: z.string().uuid(),
  action: z
    .string()
    .describe(
      'ficha.created, ficha.updated, ficha.risk.overwritten, ficha.relationship.created, ficha.file.uploaded...',
    ),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  userId: z.string().uuid().nullable(),
  userName: z.string().nullable().describe('who made the change (null: the system or a removed user)'),
  createdAt: z.string(),
  changes: z.array(FichaHistoryChange),
  relatedName: z
    .string()
    .nullable()
    .optional()
    .describe('the related person a relationship change is about, by name (null when it has none)'),
});

export const FichaHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  skip: z.coerce.number().int().min(0).default(0),
});

export const FichaHistoryPage = z.object({ data: z.array(FichaHistoryEntry), count: z.number().int() });
export type FichaHistoryEntryT = z.infer<typeof FichaHistoryEntry>;
export type FichaHistoryPageT = z.infer<typeof FichaHistoryPage>;
export const FichaCountQuery = z.object({ where: z.string().optional() });

/** The relation types on the wire: the one list of beneficial-owners.ts, with 'effectivecontrol' accepted after its
 * camel-case spelling. */
const WIRE_RELATION_TYPES = RELATION_TYPES.flatMap((t) =>
  t === 'effectiveControl' ? [t, 'effectivecontrol' as const] : [t],
) as [RelationTypeName | 'effectivecontrol', ...(RelationTypeName | 'effectivecontrol')[]];

export const RelationType = z
  .enum(WIRE_RELATION_TYPES)
  .transform((v) => (v === 'effectivecontrol' ? 'effectiveControl' : v))
  .describe("relation type; 'effectivecontrol' is accepted as effectiveControl");

/** Related person form (spec 000 §3) as the body of POST /ficha-relationship. */
export const RelationshipCreateBody = z.object({
  fichaId: z.string().uuid().describe('the participant (customer) the person is related to'),
  relationType: RelationType,
  relatedFichaId: z.string().uuid().optional().describe('an existing ficha; else dni and names create or find one'),
  personType: FichaPersonType.optional(),
  documentType: z.string().trim().max(20).optional(),
  dni: z.string().trim().max(40).optional(),
  name: optText(200),
  names: optText(200).describe('alias of name'),
  fatherName: optText(120),
  motherName: optText(120),
  socialReason: optText(300),
  country: optText(60).describe('nationality of the person'),
  countryDocument: optText(60).describe('country of the document'),
  participation: z.union([z.number(), z.string()]).nullable().optional().describe('0 to 100, 2 decimals, dot'),
  amount: z.number().min(0).nullable().optional(),
  extractDate: optText(40),
});

export const RelationshipPatchBody = z.object({
  relationType: RelationType.optional(),
  participation: z.union([z.number(), z.string()]).nullable().optional(),
  amount: z.number().min(0).nullable().optional(),
  extractDate: optText(40),
});

export const RelationshipView = z.object({
  id: z.string().uuid(),
  fichaId: z.string().uuid(),
  relatedFichaId: z.string().uuid(),
  relationType: z.string(),
  participation: z.number().nullable(),
  amount: z.number().nullable(),
  extractDate: z.string().nullable(),
  status: FichaStatus,
  createdAt: z.string(),
  related: RelatedPersonView.optional(),
});

export const LegalRepresentativesBody = z.object({
  fichaId: z.string().uuid(),
  legalRepresentatives: z
    .array(RelationshipCreateBody.omit({ fichaId: true, relationType: true }))
    .min(1)
    .max(50),
});

export const BeneficiaryView = z.object({
  fichaId: z.string().uuid(),
  dni: z.string(),
  dniFormatted: z.string(),
  fullName: z.string(),
  personType: FichaPersonType,
  participation: z.number().describe('total ownership, direct and indirect (multiplied along each chain), percent'),
  directParticipation: z.number(),
  basis: z.enum(['ownership', 'effectiveControl', 'declared']),
  paths: z.array(z.array(z.string())).describe('ownership chains, ficha ids from the company to the person'),
  risk: FichaRiskLevel.nullable(),
});

export const BeneficiariesView = z.object({
  fichaId: z.string().uuid(),
  threshold: z.number(),
  inclusive: z.boolean(),
  beneficiaries: z.array(BeneficiaryView),
  unresolved: z.boolean().describe('a legal person without any beneficial owner'),
});

export const AutomaticRelationsQuery = z.object({
  distance: z.coerce.number().int().min(1).max(5).default(1),
  relationship_direction: z.enum(['both', 'up', 'down']).default('both'),
  one_path_per_node: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(true)
    .transform((v) => v === true || v === 'true'),
});

export const AutomaticRelationNode = z.object({
  fichaId: z.string().uuid(),
  dni: z.string(),
  fullName: z.string(),
  personType: FichaPersonType,
  level: z.number().int(),
  relationType: z.string(),
  direction: z.enum(['up', 'down']),
  path: z.array(z.string()),
  risk: FichaRiskLevel.nullable(),
  lastConsultationDate: z.string().nullable(),
});

export const AutomaticRelationsView = z.object({
  fichaId: z.string().uuid(),
  dni: z.string(),
  distance: z.number().int(),
  lastConsultationDate: z.string().nullable(),
  persons: z.array(AutomaticRelationNode),
  companies: z.array(AutomaticRelationNode),
});

export const TagAppliesTo = z.enum(['fichas', 'operations']);
export const TagCreateBody = z.object({
  name: z.string().trim().min(1).max(60),
  active: z.boolean().optional(),
  appliesTo: TagAppliesTo.default('fichas'),
});
export const TagPatchBody = TagCreateBody.partial();
export const TagView = z.object({
  id: z.string().uuid(),
  companyId: z.string().uuid(),
  name: z.string(),
  active: z.boolean(),
  appliesTo: TagAppliesTo,
  createdAt: z.string(),
});

export const FileUploadResult = z.object({ url: z.string(), name: z.string(), index: z.number().int() });

/** Per-company risk model (DOMAIN.md "Risk model"): factor scores 1 (low) to 3 (high), weights and cut-offs. */
export const RiskConfiguration = z.object({
  weights: z.object({
    customerType: z.number().min(0),
    pep: z.number().min(0),
    activity: z.number().min(0),
    income: z.number().min(0),
    geography: z.number().min(0),
    lists: z.number().min(0),
    related: z.number().min(0),
  }),
  cutoffs: z.object({
    medium: z.number().describe('weighted score from which the risk is Medium'),
    high: z.number().describe('weighted score from which the risk is High'),
  }),
  customerType: z.object({ natural: z.number(), legal: z.number() }),
  pep: z.object({ direct: z.number(), consanguineous: z.number(), none: z.number() }),
  highRiskActivities: z.array(z.string()).describe('words in position, businessType or employer scored high'),
  mediumRiskActivities: z.array(z.string()),
  incomeBands: z
    .array(z.object({ min: z.number(), score: z.number() }))
    .describe('monthly income from min (inclusive) scores score; highest matching band wins'),
  fatfCallForAction: z.array(z.string()).describe('ISO alpha-2 codes; forces High'),
  fatfIncreasedMonitoring: z.array(z.string()),
  preferentialTaxRegimes: z.array(z.string()),
  geographyScores: z.object({ increasedMonitoring: z.number(), preferentialTax: z.number(), other: z.number() }),
  sanctionLists: z.array(z.string()).describe('list ids whose match forces High'),
  pepLists: z.array(z.string()),
  listScores: z.object({ sanction: z.number(), pep: z.number(), other: z.number(), none: z.number() }),
  forceHighUnresolvedBeneficialOwner: z.boolean(),
  asOf: z.string().describe('date of the FATF and tax-regime data'),
});

export const NotificationView = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  fichaId: z.string().uuid().nullable(),
  consultationCode: z.string().nullable(),
  read: z.boolean(),
  kind: z.string(),
  data: z.unknown().optional(),
  createdAt: z.string(),
});
export const NotificationsReadBody = z.object({
  ids: z.array(z.string().uuid()).max(1000).optional().describe('omit to mark every notification read'),
});

export const PositionView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  companyId: z.string().uuid().nullable().describe('null for the global list'),
  risk: FichaRiskLevel.nullable(),
});
export const PositionCreateBody = z.object({
  name: z.string().trim().min(2).max(200),
  risk: FichaRiskLevel.optional(),
});

export const RegionView = z.object({
  id: z.string(),
  country: z.string(),
  code: z.string(),
  name: z.string(),
  capital: z.string().optional(),
});

export const CountryView = z.object({
  code: z.string(),
  name: z.string(),
  es: z.string(),
  pt: z.string(),
  ref: z.string(),
  dniType: z.array(z.object({ document: z.string(), personType: FichaPersonType })),
});

export type FichaFieldsInput = z.infer<typeof FichaFields>;
export type FichaViewT = z.infer<typeof FichaView>;
export type FichaListasT = z.infer<typeof FichaListas>;
export type RiskConfigurationT = z.infer<typeof RiskConfiguration>;
export type RiskReasonT = z.infer<typeof RiskReason>;
