import { PUBLIC_LISTS } from '@regcheck/shared/schemas/lists';

/**
 * Lists published by an international organisation (the UN Security Council, Interpol, the FATF) open under
 * /regcheck/lists/internationalOrganizations/{id}; every other list under /regcheck/lists/screeningGlobal/{id}
 * (decision 73). Both show the same screen.
 */
export const INTERNATIONAL_ORGANIZATION_LISTS = new Set(['onu', 'interpol', 'gafi']);

export function listPath(listId: string): string {
  const area = INTERNATIONAL_ORGANIZATION_LISTS.has(listId) ? 'internationalOrganizations' : 'screeningGlobal';
  return `/regcheck/lists/${area}/${encodeURIComponent(listId)}`;
}

export function entityPath(listId: string, entityId: string): string {
  return `/regcheck/lists/screeningGlobal/${encodeURIComponent(listId)}/expandedDetail/${encodeURIComponent(entityId)}`;
}

/** Whether the super administrator edits the list's entries one by one (the spec's public lists and risk cities). */
export function entriesEditable(listId: string): boolean {
  return (PUBLIC_LISTS as readonly string[]).includes(listId) || listId === 'risk-cities';
}

/** The fields the entry form offers for a list (gafi and rtp are countries, keywords words, risk cities cities). */
export function entryFields(
  listId: string,
): (
  | 'name'
  | 'aliases'
  | 'schema'
  | 'dni'
  | 'country'
  | 'nationality'
  | 'reason'
  | 'word'
  | 'city'
  | 'region'
  | 'programs'
  | 'remarks'
)[] {
  if (listId === 'gafi' || listId === 'rtp') return ['country', 'name', 'reason', 'remarks'];
  if (listId === 'keywords') return ['word', 'reason'];
  if (listId === 'risk-cities') return ['city', 'region', 'country', 'reason'];
  return ['name', 'aliases', 'schema', 'dni', 'nationality', 'country', 'programs', 'reason', 'remarks'];
}
