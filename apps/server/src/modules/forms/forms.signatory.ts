import type { Locale } from '@regcheck/shared';
import { translate } from '@regcheck/shared';
import { defaultDocumentType, validateDocument } from '@regcheck/shared/documents/country-documents';
import { displayDni } from '@regcheck/shared/documents/display';
import {
  type FormSignerT,
  type FormTypeT,
  SIGNED_FOR_COMPANY,
  type SIGNER_CAPACITIES,
} from '@regcheck/shared/schemas/forms';
import type { Executor } from '../../db/tenant';
import { formError } from './forms.errors';
import { documentShown, nameOf } from './forms.subject';
import * as sRepo from './forms.subject.repo';

/**
 * The natural person who signs a company's declaration (issue 25 point 4, decision 189). The BF and the legal DOF
 * are declared by a legal person; a named person signs for it: a legal representative the ficha's relations know
 * (offered to the visitor, marked as known), or a person the visitor enters, whose document is checked with its
 * check digit for the company's country (RUT in Chile, CPF in Brazil) and who stays "declared, not verified". The
 * photos and the drawn signature that follow are that person's; the PDF and its audit page name them for the company.
 */

export const needsSigner = (type: FormTypeT) => SIGNED_FOR_COMPANY.includes(type);

/** The document type a signer's document is read as: a natural person's of the company's country. */
export const signerDocumentType = (country: string | null | undefined) => defaultDocumentType(country, 'natural');

const bare = (d: string) => d.replace(/[^0-9a-z]/gi, '').toUpperCase();

/** The ficha's legal representatives, as the visitor sees them (name and formatted document). */
export async function knownRepresentatives(ex: Executor, companyId: string, fichaId: string | null) {
  if (!fichaId) return [];
  const rows = await sRepo.representativesOf(ex, companyId, fichaId);
  return rows.map((r) => ({ id: r.id, name: nameOf(r), document: documentShown(r.dni, r.dniType), dni: r.dni }));
}

export interface SignerChoice {
  representativeId?: string;
  name?: string;
  document?: string;
  capacity?: (typeof SIGNER_CAPACITIES)[number];
}

/**
 * The signer a visitor chose: a known representative by its id (refused when the ficha does not name it), or a
 * person entered by hand (name, document of the company's country with its check digit, capacity). An entered
 * document that is a known representative's is that representative (known, with the file's name).
 */
export async function chooseSigner(
  ex: Executor,
  companyId: string,
  fichaId: string | null,
  country: string | null | undefined,
  b: SignerChoice,
): Promise<FormSignerT> {
  const known = await knownRepresentatives(ex, companyId, fichaId);
  if (b.representativeId) {
    const r = known.find((k) => k.id === b.representativeId);
    if (!r) throw formError('FORM_SIGNER_UNKNOWN_REPRESENTATIVE', { field: 'representativeId' });
    return { name: r.name, document: r.document, capacity: 'legalRepresentative', source: 'ficha' };
  }
  const name = (b.name ?? '').trim().replace(/\s+/g, ' ');
  if (name.length < 3) throw formError('FORM_SIGNER_NAME_REQUIRED', { field: 'name' });
  const type = signerDocumentType(country);
  const doc = validateDocument({ country, personType: 'natural', type, value: b.document ?? '' });
  if (!doc.valid) throw formError('FORM_SIGNER_DOCUMENT_INVALID', { field: 'document', params: { type } });
  if (!b.capacity) throw formError('FORM_SIGNER_CAPACITY_REQUIRED', { field: 'capacity' });
  const same = known.find((k) => bare(k.dni) === bare(doc.normalized));
  if (same) return { name: same.name, document: same.document, capacity: 'legalRepresentative', source: 'ficha' };
  return { name, document: doc.formatted, capacity: b.capacity, source: 'entered' };
}

/** "Firmado por <name>, <document>, <capacity>, en representación de <company>, <RUT/CNPJ>", in the form's language. */
export function signedForLine(locale: Locale, s: FormSignerT, company: { name: string; document: string }) {
  return translate(locale, 'forms:pdf.signedFor', {
    name: s.name,
    document: displayDni(s.document),
    capacity: translate(locale, `forms:signer.capacities.${s.capacity}`),
    company: company.name,
    companyDocument: company.document,
  });
}
