/** The `where` of a company list (blacklist, list of interest) searched by document or name; {} without a term. */
export function recordSearchWhere(term: string): Record<string, unknown> {
  return term ? { or: [{ dni: { ilike: term } }, { name: { ilike: term } }] } : {};
}
