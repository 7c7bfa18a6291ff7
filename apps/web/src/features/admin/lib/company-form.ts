import { checkCompanyTaxId, formatCompanyTaxId } from '@regcheck/shared/documents/index';
import { findCountry } from '@regcheck/shared/reference/index';

export const COMPANY_LANGUAGES = ['es', 'br', 'en'] as const;
export type CompanyLanguage = (typeof COMPANY_LANGUAGES)[number];
export const CHANNEL_STATUSES = ['active', 'inactive'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

/** The fields of the create and edit forms, as the inputs hold them. */
export interface CompanyFormValues {
  name: string;
  country: string;
  /** '' leaves the language to the server (it follows the country) */
  language: CompanyLanguage | '';
  massiveBulks: boolean;
  allegationsChannelStatus: ChannelStatus;
  /** the company's own RUT (Chile) or CNPJ (Brazil), as typed; '' when none */
  taxId: string;
}

export const COMPANY_FIELDS = [
  'name',
  'country',
  'language',
  'massiveBulks',
  'allegationsChannelStatus',
  'taxId',
] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

export const NAME_MAX = 200;

export function emptyCompanyForm(): CompanyFormValues {
  return { name: '', country: '', language: '', massiveBulks: false, allegationsChannelStatus: 'inactive', taxId: '' };
}

/** The form's values for an existing company. */
export function toFormValues(c: {
  name: string;
  country: string;
  language: string;
  massiveBulks: boolean;
  allegationsChannelStatus: string;
  settings?: Record<string, unknown>;
}): CompanyFormValues {
  const language = (COMPANY_LANGUAGES as readonly string[]).includes(c.language) ? (c.language as CompanyLanguage) : '';
  const country = findCountry(c.country)?.code ?? c.country;
  return {
    name: c.name,
    country,
    language,
    massiveBulks: c.massiveBulks,
    allegationsChannelStatus: c.allegationsChannelStatus === 'active' ? 'active' : 'inactive',
    taxId: formatCompanyTaxId(country, c.settings?.taxId),
  };
}

/** Client checks, mirroring CompanyCreateBody: the i18n key of each field's error. */
export function validate(v: CompanyFormValues): Partial<Record<CompanyField, string>> {
  const errors: Partial<Record<CompanyField, string>> = {};
  const name = v.name.trim();
  if (!name) errors.name = 'admin:validation.required';
  else if (name.length > NAME_MAX) errors.name = 'admin:validation.nameTooLong';
  if (!v.country) errors.country = 'admin:validation.required';
  else if (!/^[A-Za-z]{2}$/.test(v.country) || !findCountry(v.country)) errors.country = 'admin:validation.country';
  // the check digits of the country's document (the server checks the same: COMPANY_TAX_ID_INVALID)
  if (v.taxId.trim() && !errors.country && !checkCompanyTaxId(v.country, v.taxId).valid)
    errors.taxId = 'admin:validation.taxId';
  return errors;
}

/** The body of POST /companies and PATCH /companies/:id (language omitted when not chosen). */
export function toPayload(v: CompanyFormValues) {
  return {
    name: v.name.trim(),
    country: v.country.toUpperCase(),
    ...(v.language ? { language: v.language } : {}),
    massiveBulks: v.massiveBulks,
    allegationsChannelStatus: v.allegationsChannelStatus,
    settings: { taxId: v.taxId.trim() },
  };
}

/** The form field a server error names ('name', 'body.name', '/country'), or null when it names none. */
export function companyFieldOf(field: string | undefined | null): CompanyField | null {
  if (!field) return null;
  if (/(^|[./])settings[./]taxId$/.test(field)) return 'taxId';
  const last =
    field
      .replace(/^\/+/, '')
      .replace(/^body\./, '')
      .split(/[./]/)[0] ?? '';
  return (COMPANY_FIELDS as readonly string[]).includes(last) ? (last as CompanyField) : null;
}
