/** The fields every company list record has: the document, an optional name and the person type. */
export interface DocumentFormValues {
  dni: string;
  name: string;
  personType: 'natural' | 'legal';
}

/** A record's document fields for the form, or empty ones for a new record. */
export function documentFormValues(
  record: { dni?: string; name?: string | null; personType?: 'natural' | 'legal' } | null,
): DocumentFormValues {
  return { dni: record?.dni ?? '', name: record?.name ?? '', personType: record?.personType ?? 'natural' };
}

/** Saving needs a document (the server checks the rest). */
export function validate(v: { dni: string }): { dni?: 'required' } {
  return v.dni.trim() ? {} : { dni: 'required' };
}

/** The document fields of the body: the empty name left out on create, cleared (null) when editing. */
export function documentPayload(v: DocumentFormValues, editing: boolean) {
  return { dni: v.dni.trim(), name: v.name.trim() || (editing ? null : undefined), personType: v.personType };
}
