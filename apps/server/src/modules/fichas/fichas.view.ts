import { type FichaListasT, type FichaViewT, reviewStateOf } from '@regcheck/shared';
import { formatDocument, isFileWithoutDocument } from '@regcheck/shared/documents/index';
import type { FichaRow } from '../../db/tables/fichas.tables';
import { reviewDay } from './fichas.reviews';
import { fullNameOf, type PersonType } from './fichas.validation';

/** The presenters of fichas: how a stored row is shown by the API, the audit rows and the export. */

export const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());
/** A jsonb column as stored (PGlite may hand it over as text). */
export const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The document type of a ficha, with its defaults. */
export function dniTypeOf(r: FichaRow) {
  const t = json<{ country?: string; person?: PersonType; document?: string }>(r.dniType) ?? {};
  return { country: t.country ?? '', person: t.person ?? r.personType, document: t.document ?? '' };
}

/** The document as shown: formatted for its type; empty for a ficha without a document. */
export function dniDisplay(dni: string, document: string) {
  return isFileWithoutDocument(dni) ? '' : formatDocument(document, dni);
}

/**
 * A ficha row as it is stored in the audit rows (`ficha.created`, `ficha.updated`, ...): the API's FichaView without
 * what depends on the day it is read (reviewState), so that an audit row holds only what changed.
 */
export function toFichaRecord(r: FichaRow): Omit<FichaViewT, 'reviewState'> {
  const dniType = dniTypeOf(r);
  const listas = json<FichaListasT | null>(r.listas);
  return {
    id: r.id,
    companyId: r.companyId,
    dni: r.dni,
    dniType,
    dniFormatted: dniDisplay(r.dni, dniType.document),
    withoutDocument: isFileWithoutDocument(r.dni),
    personType: r.personType,
    fullName: fullNameOf(r),
    name: r.name,
    fatherName: r.fatherName,
    motherName: r.motherName,
    socialReason: r.socialReason,
    fantasyName: r.fantasyName,
    gender: (r.gender as 'female' | 'male' | null) ?? null,
    nationality: r.nationality,
    countryOfResidence: r.countryOfResidence,
    birthDate: iso(r.birthDate),
    email: r.email,
    phone: r.phone,
    address: r.address,
    fiscalAddress: r.fiscalAddress,
    city: r.city,
    commune: r.commune,
    region: r.region,
    zipCode: r.zipCode,
    position: r.position,
    employer: r.employer,
    maritalStatus: r.maritalStatus,
    income: num(r.income),
    sales: num(r.sales),
    businessType: r.businessType,
    businessRelationshipPurpose: r.businessRelationshipPurpose,
    comments: r.comments,
    tags: json<{ name: string }[]>(r.tags) ?? [],
    files: (
      json<{ name: string; url: string; active: boolean; uploadedAt?: string; size?: number }[]>(r.files) ?? []
    ).map((f) => ({ name: f.name, url: f.url, active: f.active, uploadedAt: f.uploadedAt, size: f.size })),
    calculatedRisk: r.calculatedRisk,
    effectiveRisk: r.effectiveRisk,
    overwrittenRisk: r.overwrittenRisk,
    overwrittenRiskReason: r.overwrittenRiskReason,
    risk: r.risk,
    riskScore: num(r.riskScore),
    riskReasons: json<FichaViewT['riskReasons']>(r.riskReasons) ?? [],
    pepStatus: r.pepStatus,
    pepLevel: (r.pepLevel as 1 | 2 | null) ?? null,
    pepExpiration: iso(r.pepExpiration),
    pep: json<FichaViewT['pep']>(r.pepDetail) ?? null,
    pepDeclared: {
      status: r.pepDeclaredStatus ?? null,
      level: (r.pepDeclaredLevel as 1 | 2 | null) ?? null,
      expiration: iso(r.pepDeclaredExpiration),
    },
    status: r.status,
    identificadorFicha: r.identificadorFicha,
    personId: r.personId,
    lastDOFDate: iso(r.lastDofDate),
    listas,
    corporateStructure: json<FichaViewT['corporateStructure']>(r.corporateStructure) ?? null,
    lastReviewedAt: iso(r.lastReviewedAt),
    lastReviewOutcome: (r.lastReviewOutcome as FichaViewT['lastReviewOutcome']) ?? null,
    nextReviewAt: reviewDay(r.nextReviewAt),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    createdBy: r.createdBy,
    updatedBy: r.updatedBy,
    deletedBy: r.deletedBy,
    deletedDate: iso(r.deletedDate),
  };
}

/** A ficha row as the API answers it (FichaView): the stored record and where its periodic review stands today. */
export function toFichaView(r: FichaRow): FichaViewT {
  return { ...toFichaRecord(r), reviewState: reviewStateOf(reviewDay(r.nextReviewAt)) };
}

/** The minimal projection of pickers (FichaPublicView). */
export function toPublicView(r: FichaRow) {
  const dniType = dniTypeOf(r);
  return {
    id: r.id,
    dni: r.dni,
    dniFormatted: dniDisplay(r.dni, dniType.document),
    dniType,
    personType: r.personType,
    fullName: fullNameOf(r),
    risk: r.risk,
    status: r.status,
  };
}

/** A related person (or a ficha this one is related to) as GET /fichas-clientes/with-relations shows it. */
export function toRelatedView(r: {
  relationshipId: string;
  relationType: string;
  participation: number | null;
  fichaId: string;
  dni: string;
  dniType: unknown;
  personType: PersonType;
  name: string | null;
  fatherName: string | null;
  motherName: string | null;
  socialReason: string | null;
  risk: 'low' | 'medium' | 'high' | null;
  listasTotal: number | null;
}) {
  const t = json<{ document?: string }>(r.dniType) ?? {};
  return {
    relationshipId: r.relationshipId,
    relationType: r.relationType,
    participation: num(r.participation),
    fichaId: r.fichaId,
    dni: r.dni,
    dniFormatted: dniDisplay(r.dni, t.document ?? ''),
    personType: r.personType,
    fullName: fullNameOf(r),
    risk: r.risk,
    listasTotal: Number(r.listasTotal ?? 0),
  };
}
