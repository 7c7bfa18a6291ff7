/**
 * Every field problem of a form's answers, as the server lists them in its error's details (forms.engine.ts
 * checkAnswers: `{ fields: [{ field, code, params }] }`), worded in the reader's language: field path to message.
 * Undefined when the error lists none.
 */
export function fieldErrorsOf(
  details: unknown,
  tr: (key: string, params?: Record<string, unknown>) => string,
): Record<string, string> | undefined {
  const list = (details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const item of list as { field?: unknown; code?: unknown; params?: unknown }[]) {
    if (typeof item?.field !== 'string' || typeof item.code !== 'string') continue;
    out[item.field] = tr(`forms:errors.${item.code}`, (item.params ?? {}) as Record<string, unknown>);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
