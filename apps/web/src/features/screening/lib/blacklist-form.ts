import type { Blacklist } from '../api/screening-api';

/** What the create/edit form of the blacklist holds. */
export interface BlacklistFormValues {
  dni: string;
  name: string;
  personType: 'natural' | 'legal';
  reasonId: string | null;
  comment: string;
}

/** The form's values for a record, or empty ones for a new record. */
export function toFormValues(record: Blacklist | null): BlacklistFormValues {
  return {
    dni: record?.dni ?? '',
    name: record?.name ?? '',
    personType: record?.personType ?? 'natural',
    reasonId: record?.reasonId ?? null,
    comment: record?.comment ?? '',
  };
}

/** Saving needs a document (the server checks the rest). */
export function validate(v: { dni: string }): { dni?: 'required' } {
  return v.dni.trim() ? {} : { dni: 'required' };
}

/** The body of POST /blacklists, or of PATCH /blacklists/{id} when editing (empty fields cleared). */
export function toPayload(v: BlacklistFormValues, editing: boolean) {
  return {
    dni: v.dni.trim(),
    name: v.name.trim() || (editing ? null : undefined),
    personType: v.personType,
    reasonId: v.reasonId ?? (editing ? null : undefined),
    comment: v.comment.trim() || (editing ? null : undefined),
  };
}
