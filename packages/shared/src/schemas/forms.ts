import { z } from 'zod';
import { displayDni } from '../documents/display';
import { formatAmount } from '../format/amount';
import { formatDate } from '../format/date';
import { FormStatus } from './operations';

/**
 * Declaration forms (spec 001 §3 Forms, §4, §7 Form DOF / PEP / BF, Templates and batch): one template-driven engine
 * for the source-of-funds declaration (DOF, natural and legal), the beneficial-owner declaration (BF) and the PEP
 * link declaration. Shared by the API and the web app.
 */

export const FORM_TYPES = ['formDOF', 'formDOFLegal', 'formBF', 'formPep'] as const;
export const FormType = z.enum(FORM_TYPES);
export type FormTypeT = z.infer<typeof FormType>;

/** The path prefix of each type's calls (/form-dof, /form-dof-legal, /form-bf, /form-pep). */
export const FORM_PATHS: Record<FormTypeT, string> = {
  formDOF: 'form-dof',
  formDOFLegal: 'form-dof-legal',
  formBF: 'form-bf',
  formPep: 'form-pep',
};

/** The field types a template may use; anything else is refused (FORM_TEMPLATE_FIELD_TYPE). */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'number',
  'amount',
  'currency',
  'percentage',
  'date',
  'select',
  'checkbox',
  'table',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FormFieldT {
  key: string;
  type: FieldType;
  label: string;
  required?: boolean;
  options?: { value: string; label: string }[];
  /** the columns of a `table` field (one row per beneficial owner, per PEP relation...) */
  columns?: FormFieldT[];
  help?: string;
}
export interface FormSectionT {
  key: string;
  title: string;
  fields: FormFieldT[];
}
export interface FormTemplateConfigT {
  title: string;
  intro?: string;
  declaration?: string;
  sections: FormSectionT[];
}

/**
 * An answer as its reader sees it, in the review before signing and in the signed PDF alike: options by their label,
 * yes/no, amounts and dates the house way (1.234,5 and dd/mm/yyyy), percentages with %, nothing as a dash.
 */
export function answerText(f: FormFieldT, v: unknown, yes: string, no: string): string {
  if (v === undefined || v === null || v === '') return '—';
  if (f.type === 'checkbox') return v ? yes : no;
  if (f.type === 'select' || f.type === 'currency') return f.options?.find((o) => o.value === v)?.label ?? String(v);
  if (f.type === 'percentage') return `${String(v).replace('.', ',')} %`;
  if (f.type === 'amount' || f.type === 'number') return formatAmount(Number(v)) || String(v);
  if (f.type === 'date' && typeof v === 'string') return formatDate(v) || v;
  // a document answer (document, representativeDocument, an owner's document column) in its display form
  if (/^document$|Document$/.test(f.key)) return displayDni(String(v));
  return String(v);
}

const Key = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/)
  .describe('letters, digits and _');
const Label = z.string().trim().min(1).max(300);
const Option = z.object({ value: z.string().min(1).max(100), label: Label });

/** A field as stored (the type is checked by the service, which names the offending field). */
export const FormField: z.ZodType<FormFieldT> = z.lazy(() =>
  z.object({
    key: Key,
    type: z.string().max(40) as unknown as z.ZodType<FieldType>,
    label: Label,
    required: z.boolean().optional(),
    options: z.array(Option).max(100).optional(),
    columns: z.array(FormField).max(20).optional(),
    help: z.string().max(500).optional(),
  }),
);
export const FormSection = z.object({ key: Key, title: Label, fields: z.array(FormField).max(80) });
export const FormTemplateConfig = z.object({
  title: Label,
  intro: z.string().max(4000).optional(),
  declaration: z.string().max(4000).optional(),
  sections: z.array(FormSection).max(30),
});

export const COUNTRIES_OF_FORMS = [
  { id: 1, code: 'CL', name: 'Chile', es: 'Chile', pt: 'Chile' },
  { id: 2, code: 'BR', name: 'Brasil', es: 'Brasil', pt: 'Brasil' },
] as const;

export const FormTemplateView = z.object({
  id: z.string(),
  nombre: z.string(),
  configuracion: z.union([FormTemplateConfig, z.object({})]),
  id_pais: z.number().int(),
  formType: FormType.nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export const FormTemplateCreateBody = z.object({
  nombre: z.string().trim().min(1).max(200).optional(),
  configuracion: z.record(z.string(), z.unknown()).optional(),
  id_pais: z.number().int().min(1).max(999).optional(),
  formType: FormType.optional(),
});
export const FormTemplatePatchBody = z.object({
  configuracion: z.record(z.string(), z.unknown()).optional(),
  formType: FormType.nullable().optional(),
  nombre: z.string().trim().min(1).max(200).optional(),
  isActive: z.boolean().optional(),
});
export const FormPreviewBody = z.object({
  country_id: z.number().int().min(1).max(999),
  form_id: z.union([FormType, z.string().uuid()]),
  preview_configuration: z.record(z.string(), z.unknown()).optional(),
});

/** The natural person who signs a company's declaration (issue 25 point 4). */
export const FormSigner = z.object({
  name: z.string(),
  document: z.string(),
  capacity: z.string().describe('legalRepresentative, attorney, director, other: a key of forms:signer.capacities'),
  source: z.enum(['ficha', 'entered']).describe("from the ficha's relations, or typed by the visitor"),
});
export type FormSignerT = z.infer<typeof FormSigner>;

/** The capacities in which a natural person signs for a company (keys of forms:signer.capacities). */
export const SIGNER_CAPACITIES = ['legalRepresentative', 'attorney', 'director', 'other'] as const;
export const SignerCapacity = z.enum(SIGNER_CAPACITIES);
export type SignerCapacityT = z.infer<typeof SignerCapacity>;
/** The forms whose subject is a legal person: a named natural person signs them (issue 25 point 4). */
export const SIGNED_FOR_COMPANY: readonly FormTypeT[] = ['formBF', 'formDOFLegal'];

/** A legal representative the ficha's relations name, offered to the visitor of a company's form. */
export const KnownRepresentative = z.object({ id: z.string().uuid(), name: z.string(), document: z.string() });
export const PublicSignerOptions = z.object({
  representatives: z.array(KnownRepresentative),
  /** the document type a signer's document is checked as (RUT in Chile, CPF in Brazil) */
  documentType: z.string(),
  signer: FormSigner.nullable(),
});
export type PublicSignerOptionsT = z.infer<typeof PublicSignerOptions>;
/** A known representative (representativeId), or a person typed by the visitor (name, document, capacity). */
export const PublicSignerBody = z.object({
  key: z.string().min(1).max(512),
  representativeId: z.string().uuid().optional(),
  name: z.string().max(200).optional(),
  document: z.string().max(40).optional(),
  capacity: SignerCapacity.optional(),
});

/**
 * A difference between a signed declaration and the file (issue 25 point 3): its code (a key of forms:findings) and
 * the values it names; shown in words in the company's language.
 */
export const FINDING_CODES = [
  'pepDeniedButFichaPep',
  'pepDeclaredButFichaNot',
  'ownerMissing',
  'ownerUnknown',
  'ownerPercentage',
  'amountDiffers',
  'currencyDiffers',
  'documentDiffers',
  'signerNotRepresentative',
] as const;
export const FormFinding = z.object({
  code: z.enum(FINDING_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type FormFindingT = z.infer<typeof FormFinding>;

/** Diligence per form (spec 001 §3): required, realized, closed complete or incomplete. */
export const Diligence = z.enum(['required', 'awaitingReview', 'realized', 'closedComplete', 'closedIncomplete']);

/**
 * An officer's review of a signed declaration (issue 25 point 3): accepted (the diligence is realised), or a new
 * declaration asked for, with the reason.
 */
export const FormReviewBody = z
  .object({ decision: z.enum(['accept', 'renew']), reason: z.string().trim().max(1000).optional() })
  .refine((b) => b.decision === 'accept' || (b.reason ?? '').length >= 3, {
    path: ['reason'],
    message: 'a reason is required to ask for a new declaration',
  });
export const FormReview = z.object({
  status: z.enum(['accepted', 'renewalRequested']),
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string().nullable(),
});

export const FormFileView = z.object({ name: z.string(), size: z.number().int(), uploadedAt: z.string() });

export const FormView = z.object({
  id: z.string().uuid(),
  type: FormType,
  operationId: z.string().uuid().nullable(),
  associateIndex: z.number().int().nullable(),
  fichaId: z.string().uuid().nullable(),
  dni: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  language: z.string(),
  status: FormStatus,
  diligence: Diligence.nullable(),
  isActive: z.boolean(),
  signed: z.boolean(),
  BFformStatus: z.enum(['FILLED']).nullable(),
  data: z.record(z.string(), z.unknown()),
  files: z.array(FormFileView),
  lastSentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  filledAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  hasOriginal: z.boolean(),
  hasSigned: z.boolean(),
  sendState: z.enum(['queued', 'delivered', 'failed']).nullable(),
  sendError: z.string().nullable(),
  contentSha256: z.string().nullable(),
  signedSha256: z.string().nullable(),
  createdAt: z.string(),
});
export type FormViewT = z.infer<typeof FormView>;

/** POST /form-xxx: a form for one participant of an operation (not sent yet). */
export const FormCreateBody = z.object({
  consultationId: z.string().uuid(),
  associateIndex: z.number().int().min(0).max(999),
});
/** PATCH /form-xxx/{id}: soft deactivation {isActive:false} (its diligence then closed incomplete), or back. */
/** {isActive:false} deactivates, with the reason the user gave (required, audited; decision 198); true restores. */
export const FormPatchBody = z.object({
  isActive: z.boolean().optional(),
  reason: z.string().max(1000).optional(),
});

/**
 * Why a form is required, or why not (issue 25 point 5): a code (a key of forms:reasons) and the values it names, never
 * a sentence; the web app words it in the reader's language with the house formats. The one function that decides
 * whether a form is required gives these (forms.requirement.ts), so the words cannot disagree with the decision.
 * Values: amounts as numbers with their currency code beside them, days as YYYY-MM-DD, rules by their code.
 * - dofAboveThreshold / dofAtThreshold / dofBelowThreshold: amount, currency (the participant's, in the operation's
 *   currency), threshold, thresholdCurrency (the company's DOF threshold as configured), converted (the amount in
 *   the threshold's currency, null when no conversion was needed) and rateDate (the day of the rate used, or null);
 * - dofEveryAmount: amount, currency (the company's threshold is 0: every participant with an amount declares);
 * - dofRateMissing: amount, currency, threshold, thresholdCurrency, day and missing (the currency without a rate
 *   on that day): the declaration is asked for until the rate is loaded, never guessed;
 * - dofDueDiligence: rule (fatfR10Occasional, cl59Occasional, cl59Wire), thresholdUsd, operationAmount, currency,
 *   amountUsd, rateDate (the operation's due diligence by amount, decision 147);
 * - dofDueDiligencePending: day, currency (no dollar rate for the operation's day yet);
 * - dofNoAmount: the participant has no amount in the operation;
 * - bfLegalPerson, bfRuleOff: a legal person (the BF rule on, or turned off by the company);
 * - pepParticipant: status (direct, consanguineous), until (YYYY-MM-DD or null: no end), source (a PEP source kind
 *   or null), position; pepFormer: until (the day it ended); pepNotPep; pepRuleOff: status;
 * - renewal: lastSigned (YYYY-MM-DD), windowDays, dueOn (the day the window closed);
 * - renewalRequested: by (the officer's name), at (YYYY-MM-DD).
 */
export const FORM_REASON_CODES = [
  'dofAboveThreshold',
  'dofAtThreshold',
  'dofEveryAmount',
  'dofRateMissing',
  'dofDueDiligence',
  'dofDueDiligencePending',
  'bfLegalPerson',
  'pepParticipant',
  'renewal',
  'renewalRequested',
  'dofBelowThreshold',
  'dofNoAmount',
  'bfRuleOff',
  'pepNotPep',
  'pepFormer',
  'pepRuleOff',
] as const;
export const FormReason = z.object({
  code: z.enum(FORM_REASON_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type FormReasonT = z.infer<typeof FormReason>;

/** One form of one participant in the operation's Forms panel. */
export const ParticipantFormEntry = z.object({
  type: FormType,
  status: FormStatus,
  required: z.boolean(),
  diligence: Diligence.nullable(),
  formId: z.string().uuid().nullable(),
  /** false when the participant's newest form of this type was deactivated (its diligence closed incomplete) */
  active: z.boolean(),
  lastSentAt: z.string().nullable(),
  lastSignedAt: z.string().nullable(),
  lastEffectiveDate: z.string().nullable(),
  /** the e-mail of the last send: queued in the outbox, delivered, or refused (the status then rolled back) */
  sendState: z.enum(['queued', 'delivered', 'failed']).nullable(),
  hasOriginal: z.boolean(),
  hasSigned: z.boolean(),
  /** the differences between the signed answers and the file, found at signing (issue 25 point 3) */
  findings: z.array(FormFinding),
  /** the natural person who signed for a company (issue 25 point 4) */
  signer: FormSigner.nullable(),
  review: FormReview.nullable(),
  /** why the form is required (when `required`), else why not (issue 25 point 5); empty when nothing helps */
  reasons: z.array(FormReason),
});
export const ParticipantForms = z.object({
  associateIndex: z.number().int(),
  dni: z.string(),
  name: z.string(),
  personType: z.enum(['natural', 'legal']),
  email: z.string().nullable(),
  fichaId: z.string().nullable(),
  forms: z.array(ParticipantFormEntry),
});
export type ParticipantFormsT = z.infer<typeof ParticipantForms>;

/** The operations whose forms' reasons the operations list and the bulk send show (one page of the list). */
export const OperationFormReasonsBody = z.object({ operationIds: z.array(z.string().uuid()).min(1).max(200) });
/**
 * Why each participant's form is required, or not, per operation (issue 25: the operations list and the bulk send
 * say why, as the Forms panel does): requirementOf's reasons, worded by the web app.
 */
export const OperationFormReasons = z.object({
  operationId: z.string().uuid(),
  forms: z.array(
    z.object({
      associateIndex: z.number().int(),
      name: z.string(),
      type: FormType,
      status: FormStatus,
      required: z.boolean(),
      reasons: z.array(FormReason),
    }),
  ),
});
export type OperationFormReasonsT = z.infer<typeof OperationFormReasons>;

export const SendFormResult = z.object({ sent: z.boolean(), formId: z.string().uuid(), to: z.string() });

export const BulkSendBody = z.object({
  /**
   * the forms to send, by their current status: required ones by default; the operations list adds the already sent
   * ones (sent, opened, filled, signed) when the user confirms a resend, and notRequired when the user confirms sending
   * forms that are not required
   */
  statuses: z.array(FormStatus).min(1).max(6).optional(),
  consultations: z
    .array(
      z.object({
        consultationId: z.string().uuid(),
        associateIndex: z.number().int().min(0).max(999).optional(),
        type: FormType.optional(),
      }),
    )
    .max(500),
});
export const BulkSendResult = z.object({
  success: z.boolean(),
  message: z.string(),
  processed: z.number().int(),
  errors: z.array(
    z.object({
      consultationId: z.string(),
      associateIndex: z.number().int().nullable(),
      message: z.string(),
      /** the operation's code (6 digits), the participant's name and the form, to say which row failed in words */
      codigo: z.string().nullable(),
      name: z.string().nullable(),
      type: FormType.nullable(),
    }),
  ),
});

export const FormRules = z.object({
  dofThreshold: z.number().min(0).max(1e15),
  updateWindowDays: z.number().int().min(1).max(3650),
  bfForLegal: z.boolean(),
  pepForPeps: z.boolean(),
  /** the threshold's currency; null compares the amount in the operation's own currency */
  dofCurrency: z.enum(['USD', 'CLP', 'UF', 'BRL']).nullable(),
});
export const FormRulesPatch = FormRules.partial();

// ------------------------------------------------------------------ public (the visitor of a link)

/**
 * What a declaration declares (issue 25 point 2), fixed when the form is made: the operation (number, reference,
 * date, the participant's amount and currency); for a company, the company and the beneficial owners RegCheck knew
 * (with their participation); the keys of the answers pre-filled from the file.
 */
export const FormSubject = z.object({
  operation: z
    .object({
      codigo: z.number().int(),
      reference: z.string().nullable(),
      date: z.string().nullable().describe('YYYY-MM-DD'),
      amount: z.number(),
      currency: z.string(),
    })
    .nullable(),
  entity: z.object({ name: z.string(), document: z.string() }).nullable(),
  owners: z
    .array(z.object({ name: z.string(), document: z.string(), participation: z.number().nullable() }))
    .nullable()
    .describe('null: not a beneficial-owner declaration'),
  prefilled: z.array(z.string()),
});
export type FormSubjectT = z.infer<typeof FormSubject>;

export const PublicFormView = z.object({
  id: z.string().uuid(),
  type: FormType,
  language: z.string(),
  status: FormStatus,
  companyName: z.string(),
  name: z.string(),
  /** no part of the document is shown: the visitor types it in full (issue 22) */
  identified: z.boolean(),
  template: FormTemplateConfig,
  data: z.record(z.string(), z.unknown()),
  hasPhoto: z.boolean(),
  hasIdPhoto: z.boolean(),
  hasSignature: z.boolean(),
  subject: FormSubject.nullable(),
  /** a company's form: the natural person who signs for it must be named before the photos */
  needsSigner: z.boolean(),
  signer: FormSigner.nullable(),
});
export type PublicFormViewT = z.infer<typeof PublicFormView>;

export const PublicKeyBody = z.object({ key: z.string().min(1).max(512) });
export const PublicIdentifyBody = PublicKeyBody.extend({ dni: z.string().trim().min(1).max(40) });
export const PublicFilledBody = z.object({
  form: z.object({ id: z.string().min(1).max(64), data: z.record(z.string(), z.unknown()) }),
  key: z.string().min(1).max(512),
});
export const PublicSignedBody = z.object({
  form: z.object({ id: z.string().min(1).max(64), signed: z.boolean().optional() }),
  key: z.string().min(1).max(512),
});
export const PublicSignedResult = z.object({
  id: z.string().uuid(),
  status: FormStatus,
  signedAt: z.string(),
  /** the SHA-256 of the signed file (the /public/verify lookup, the webhook) */
  sha256: z.string(),
  /** the SHA-256 of the declared content (answers, photos, signature): the one printed on the PDF's audit page */
  contentSha256: z.string(),
  fileName: z.string(),
  /** the signed PDF, base64: the visitor downloads it at once (the link is spent once signed) */
  pdf: z.string(),
});

export const PUBLIC_IMAGE_KINDS = ['photo', 'idPhoto', 'signature'] as const;
export const PublicImageKind = z.enum(PUBLIC_IMAGE_KINDS);
/** Images of the signing steps: JPEG or PNG, at most 2 MB (spec 001 §5). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * /public/verify: the largest inspector's zip it checks by default (a customer's file carries its documents; the
 * server's VERIFY_ZIP_MAX_MB may set another; decision 256). A PDF stays at the 25 MB of every upload.
 */
export const VERIFY_ZIP_MAX_MB = 512;
/** A photo longer than this (as a data URL) is downscaled in the browser before upload (spec 001 §5, §9). */
export const PHOTO_DOWNSCALE_CHARS = 3_000_000;

/**
 * What /public/verify says of an inspector's file (issue 28): the signed PDF alone, or the zip, each of whose parts
 * is checked against the manifest it carries.
 */
export const InspectionVerify = z.object({
  kind: z.enum(['customer', 'period']),
  companyName: z.string(),
  generatedAt: z.string().nullable(),
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** the manifest is one RegCheck produced (its SHA-256 is a file's); null when a PDF alone was given */
  manifestKnown: z.boolean().nullable(),
  /** the PDF's signature (PAdES) validates and it was made with RegCheck's or the company's key */
  pdfSigned: z.boolean(),
  /** every part of the zip against the manifest: unchanged, changed, missing, or a file the manifest does not list */
  parts: z.array(z.object({ path: z.string(), status: z.enum(['unchanged', 'changed', 'missing', 'extra']) })),
});
export type InspectionVerifyT = z.infer<typeof InspectionVerify>;

export const VerifyResult = z.object({
  valid: z.boolean(),
  signedByRegCheck: z.boolean(),
  integrity: z.boolean(),
  sha256: z.string(),
  form: z
    .object({
      type: FormType,
      name: z.string(),
      dniHint: z.string(),
      companyName: z.string(),
      signedAt: z.string(),
      /**
       * the signature's day (dd/mm/yyyy) and time (HH:MM:SS) in the company's time zone, and whose time it is (the
       * company's country: Chile, or Brasília time), as the PDF writes them (decision 222)
       */
      signedAtLocal: z.object({ date: z.string(), time: z.string(), country: z.enum(['CL', 'BR']) }),
      /** the SHA-256 of the declared content, the one on the PDF's audit page and on the visitor's signed page */
      contentSha256: z.string().nullable(),
    })
    .nullable(),
  /** an inspector's file (its PDF or its zip) instead of a form; null otherwise */
  inspection: InspectionVerify.nullable().optional(),
});

// ------------------------------------------------------------------ e-mail profiles (/tools/mail-profiles)

const ProfileColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1c7ed6');
// a logo is an https address or a small PNG/JPEG data URL (at most ~300 kB)
const ProfileLogo = z
  .string()
  .max(400_000)
  .regex(/^(https:\/\/\S+|data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+)$/, 'an https address or a PNG/JPEG image');
const SsoDomain = z
  .string()
  .max(253)
  .regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/i, 'a domain like example.com');

/** POST /tools/mail-profiles (and, every field optional, PATCH /tools/mail-profiles/{id}). */
export const MailProfileBody = z.object({
  companyName: z.string().trim().min(1).max(200),
  profileName: z.string().trim().min(1).max(120),
  replyEmail: z.string().trim().email().max(254),
  templateType: z.enum(['default', 'specific']).default('default'),
  templateKey: z.string().trim().max(120).nullish(),
  color: ProfileColor.optional(),
  logo: ProfileLogo.nullish(),
  signature: z.string().max(2_000).nullish(),
  ssoDomain: SsoDomain.nullish(),
  active: z.boolean().optional(),
});

export const MailProfileView = z.object({
  id: z.string(),
  companyName: z.string(),
  profileName: z.string(),
  replyEmail: z.string(),
  templateType: z.enum(['default', 'specific']),
  templateKey: z.string().nullable(),
  color: z.string(),
  logo: z.string().nullable(),
  signature: z.string().nullable(),
  ssoDomain: z.string().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type MailProfileViewT = z.infer<typeof MailProfileView>;

// ------------------------------------------------------------------ glosa-formularios (the company's form texts)

/**
 * A glosa of forms (spec 001 §7 "Glosa-formularios: CRUD entity, fields not shown"): a text the company keeps for its
 * forms (a legend, a legal note, the declaration's wording), by a key unique in the company, optionally for one form
 * type and country. Deactivated with {isActive:false}.
 */
export const GlosaBody = z.object({
  clave: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,59}$/, 'letters, digits, _ . -'),
  titulo: z.string().trim().min(1).max(200),
  texto: z.string().trim().min(1).max(8000),
  formType: FormType.nullish(),
  id_pais: z.number().int().min(1).max(999).nullish(),
  isActive: z.boolean().optional(),
});
export const GlosaPatchBody = GlosaBody.partial();
export const GlosaView = z.object({
  id: z.string().uuid(),
  clave: z.string(),
  titulo: z.string(),
  texto: z.string(),
  formType: FormType.nullable(),
  id_pais: z.number().int().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GlosaViewT = z.infer<typeof GlosaView>;

// ------------------------------------------------------------------ the company's own signing key

/** PUT /companies/{companyId}/signing-key: the P12 file in base64 and its password (stored sealed, never answered). */
export const SigningKeyBody = z.object({
  p12: z
    .string()
    .min(16)
    .max(200_000)
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'base64'),
  password: z.string().max(200),
});
export const SigningKeyView = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  fingerprint: z.string().describe('SHA-256 of the certificate (DER), hex'),
  notBefore: z.string(),
  notAfter: z.string(),
  uploadedAt: z.string(),
});
export type SigningKeyViewT = z.infer<typeof SigningKeyView>;

/** The form summary of a ficha (spec 001 §3): one row per form type the ficha has had. */
export const FichaFormSummary = z.object({
  type: FormType,
  formName: z.string(),
  currentStatus: FormStatus,
  active: z.boolean(),
  lastTimeSent: z.string().nullable(),
  lastTimeSignature: z.string().nullable(),
  /** the last signature is in effect until then (signed + the company's declaration update window) */
  lastEffectiveDate: z.string().nullable(),
  formId: z.string().uuid().nullable(),
  operationId: z.string().uuid().nullable(),
  /** why the current form is required again (issue 25 point 5): its renewal window passed, or an officer asked */
  reasons: z.array(FormReason),
});
export type FichaFormSummaryT = z.infer<typeof FichaFormSummary>;
