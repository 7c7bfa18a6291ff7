import type { FormViewT } from '@regcheck/shared/schemas/forms';
import type { FormRow } from '../../db/tables/forms.tables';
import { diligenceOf } from './forms.status';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function formView(f: FormRow): FormViewT {
  return {
    id: f.id,
    type: f.type,
    operationId: f.operationId,
    associateIndex: f.associateIndex,
    fichaId: f.fichaId,
    dni: f.dni,
    name: f.name,
    email: f.email,
    language: f.language,
    status: f.status,
    diligence: f.isActive ? diligenceOf(f.status, true, f.reviewStatus) : 'closedIncomplete',
    isActive: f.isActive,
    signed: f.status === 'signed',
    BFformStatus: f.status === 'filled' || f.status === 'signed' ? 'FILLED' : null,
    data: f.data ?? {},
    files: (f.files ?? []).map((x) => ({ name: x.name, size: x.size, uploadedAt: x.uploadedAt })),
    lastSentAt: iso(f.lastSentAt),
    openedAt: iso(f.openedAt),
    filledAt: iso(f.filledAt),
    signedAt: iso(f.signedAt),
    hasOriginal: !!f.originalKey,
    hasSigned: !!f.signedKey,
    sendState: f.sendState ?? null,
    sendError: f.sendError ?? null,
    contentSha256: f.contentSha256,
    signedSha256: f.signedSha256,
    createdAt: new Date(f.createdAt).toISOString(),
  };
}

/** A document shown to its holder: all but the last four characters masked. */
export function dniHint(dni: string) {
  const plain = dni.replace(/[^0-9A-Za-z]/g, '');
  return plain.length <= 4 ? '****' : `${'*'.repeat(plain.length - 4)}${plain.slice(-4)}`;
}

/** A document compared as typed: digits and letters only, upper case. */
export const sameDocument = (a: string, b: string) =>
  a.replace(/[^0-9A-Za-z]/g, '').toUpperCase() === b.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
