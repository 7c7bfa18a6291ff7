import { defaultDocumentType, normalizeDocument, validateDocument } from '@regcheck/shared/documents/index';
import { isOwnershipPercentage, validatePercentage } from '@regcheck/shared/format/percentage';
import { isValidPersonName } from '@regcheck/shared/format/person-name';
import { type FormErrors, isValidCompanyName, type PersonIdentityValues } from './ficha-form';

/** The relation types the forms add (spec 000 §3); a PEP's relations (decision 170): spouse, relative, associate. */
export const FORM_RELATION_TYPES = [
  'representant',
  'beneficiary',
  'effectiveControl',
  'partners',
  'spouse',
  'relative',
  'associate',
] as const;
export type FormRelationType = (typeof FORM_RELATION_TYPES)[number];

/** A related person typed in the form, not yet sent (or sent: relationshipId). */
export interface RelatedDraft extends PersonIdentityValues {
  key: string;
  relationType: FormRelationType;
  participation: string;
  relationshipId?: string;
}

/** A related person already saved on the ficha, as the edit form lists it. */
export interface ExistingRelated {
  relationshipId: string;
  relationType: string;
  fullName: string;
  dni: string;
  dniFormatted: string;
  participation: number | null;
}

let seq = 0;
/** A new, empty related person of a relation type, documented in the company's country. */
export function emptyFormValues(type: FormRelationType, country: string): RelatedDraft {
  seq += 1;
  return {
    key: `d${Date.now()}${seq}`,
    relationType: type,
    personType: 'natural',
    country,
    documentType: defaultDocumentType(country, 'natural'),
    dni: '',
    name: '',
    fatherName: '',
    motherName: '',
    socialReason: '',
    participation: '',
  };
}

/**
 * A saved related person as form values, so a new one can be checked against it (same document and relation
 * type): keyed by its relationship id, 'effectivecontrol' read as 'effectiveControl'.
 */
export function toFormValues(e: ExistingRelated, companyCountry: string): RelatedDraft {
  return {
    ...emptyFormValues(e.relationType as FormRelationType, companyCountry),
    key: e.relationshipId,
    relationType: (e.relationType === 'effectivecontrol' ? 'effectiveControl' : e.relationType) as FormRelationType,
    documentType: 'ID',
    dni: e.dni,
  };
}

/** Whether a relation type carries an ownership percentage, and whether it is required. */
export function percentageRule(type: FormRelationType): 'required' | 'optional' | 'none' {
  if (type === 'beneficiary' || type === 'partners') return 'required';
  if (type === 'effectiveControl') return 'optional';
  return 'none';
}

/** Only partners may be legal persons; representatives and beneficial owners are natural persons. */
export function allowsLegalPerson(type: FormRelationType): boolean {
  return type === 'partners';
}

/** A document compared across formats: 12.345.678-5 and 12345678-5 are the same person. */
export function sameDocument(aType: string, a: string, bType: string, b: string): boolean {
  const na = normalizeDocument(aType, a)
    .replace(/[^0-9A-Z]/gi, '')
    .toUpperCase();
  const nb = normalizeDocument(bType, b)
    .replace(/[^0-9A-Z]/gi, '')
    .toUpperCase();
  return na !== '' && na === nb;
}

/**
 * Checks a related person before it joins the list: a valid document, not the participant's own, not already in
 * the list with the same relation, natural unless a partner, names with & / - only, and for ownership a
 * percentage of 0-100 with 2 decimals that is more than 1 and less than 100.
 */
export function validate(
  draft: RelatedDraft,
  participant: { documentType: string; dni: string },
  others: readonly RelatedDraft[],
): FormErrors {
  const errors: FormErrors = {};
  const doc = validateDocument({
    country: draft.country,
    personType: draft.personType,
    type: draft.documentType,
    value: draft.dni,
  });
  if (draft.dni.trim() === '') errors.dni = { key: 'form.errors.required' };
  else if (!doc.valid) {
    errors.dni = {
      key: `errors.${doc.error}`,
      params: {
        field: draft.documentType,
        dni: draft.dni,
        document: draft.documentType,
        personType: draft.personType,
        country: draft.country,
      },
    };
  } else if (sameDocument(draft.documentType, draft.dni, participant.documentType, participant.dni)) {
    errors.dni = { key: 'errors.RELATED_SAME_DNI' };
  } else if (
    others.some(
      (o) =>
        o.key !== draft.key &&
        o.relationType === draft.relationType &&
        sameDocument(o.documentType, o.dni, draft.documentType, draft.dni),
    )
  ) {
    errors.dni = {
      key: draft.relationType === 'representant' ? 'errors.LEGAL_REP_ALREADY_ADDED' : 'errors.PERSON_ALREADY_ADDED',
    };
  }
  if (draft.personType === 'legal' && !allowsLegalPerson(draft.relationType)) {
    errors.personType = { key: 'errors.LEGAL_PERSON_NOT_ALLOWED' };
  }
  if (draft.personType === 'natural') {
    if (draft.name.trim() === '') errors.name = { key: 'form.errors.required' };
    else if (!isValidPersonName(draft.name)) errors.name = { key: 'form.errors.name' };
    if (draft.fatherName.trim() === '') errors.fatherName = { key: 'form.errors.required' };
    else if (!isValidPersonName(draft.fatherName)) errors.fatherName = { key: 'form.errors.name' };
    if (draft.motherName.trim() !== '' && !isValidPersonName(draft.motherName))
      errors.motherName = { key: 'form.errors.name' };
  } else if (draft.socialReason.trim() === '') errors.socialReason = { key: 'form.errors.required' };
  else if (!isValidCompanyName(draft.socialReason)) errors.socialReason = { key: 'form.errors.companyName' };
  const rule = percentageRule(draft.relationType);
  if (rule !== 'none' && (rule === 'required' || draft.participation.trim() !== '')) {
    const p = validatePercentage(draft.participation);
    if (!p.valid) errors.participation = { key: `errors.${p.error}`, params: { field: '%' } };
    else if (rule === 'required' && !isOwnershipPercentage(p.value)) {
      errors.participation = { key: 'errors.OWNERSHIP_PERCENTAGE', params: { field: '%' } };
    }
  }
  return errors;
}

/** The body of POST /ficha-relationship for a draft. */
export function toPayload(fichaId: string, d: RelatedDraft) {
  const natural = d.personType === 'natural';
  const p = validatePercentage(d.participation);
  return {
    fichaId,
    relationType: d.relationType,
    personType: d.personType,
    documentType: d.documentType,
    dni: normalizeDocument(d.documentType, d.dni),
    name: natural ? d.name.trim() : null,
    fatherName: natural ? d.fatherName.trim() : null,
    motherName: natural ? d.motherName.trim() || null : null,
    socialReason: natural ? null : d.socialReason.trim(),
    country: d.country,
    countryDocument: d.country,
    participation: percentageRule(d.relationType) !== 'none' && p.valid ? p.value : null,
  };
}
