/** Reasons offered for the list of interest; 'other' asks for a free text (spec: reason with an other-reason option). */
export const INTEREST_REASONS = ['pep', 'sanctions', 'adverseMedia', 'fraud', 'judicial', 'other'] as const;

/** The body of POST/PATCH /list-interns from the form (empty optional fields left out, or cleared when editing). */
export function toListInternBody(
  v: { dni: string; name: string; personType: 'natural' | 'legal'; reason: string | null; otherReason: string },
  editing: boolean,
) {
  const clear = editing ? null : undefined;
  return {
    dni: v.dni.trim(),
    name: v.name.trim() || clear,
    personType: v.personType,
    reason: v.reason ?? clear,
    otherReason: v.reason === 'other' ? v.otherReason.trim() || clear : clear,
  };
}
