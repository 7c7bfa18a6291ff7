import type { Blacklist } from '../api/screening-api';
import { type DocumentFormValues, documentFormValues, documentPayload } from './document-form';

/** What the create/edit form of the blacklist holds. */
export interface BlacklistFormValues extends DocumentFormValues {
  reasonId: string | null;
  comment: string;
}

/** The form's values for a record, or empty ones for a new record. */
export function toFormValues(record: Blacklist | null): BlacklistFormValues {
  return { ...documentFormValues(record), reasonId: record?.reasonId ?? null, comment: record?.comment ?? '' };
}

/** The body of POST /blacklists, or of PATCH /blacklists/{id} when editing (empty fields cleared). */
export function toPayload(v: BlacklistFormValues, editing: boolean) {
  return {
    ...documentPayload(v, editing),
    reasonId: v.reasonId ?? (editing ? null : undefined),
    comment: v.comment.trim() || (editing ? null : undefined),
  };
}
