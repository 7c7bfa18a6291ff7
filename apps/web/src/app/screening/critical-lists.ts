/** A list as the screening settings show it: may the company mark it critical, and is it critical now. */
export interface CriticalListRow {
  listId: string;
  /** the name the server gives (the catalogue translates the lists it knows) */
  name: string;
  kind: 'sanctions' | 'pep' | 'risk' | 'company';
  critical: boolean;
  /** sanctions lists are always critical: the company cannot unmark them */
  locked: boolean;
}

/** The company's own lists, screened beside the global ones. */
const COMPANY_LISTS = [
  { id: 'blacklist', name: 'Blacklist' },
  { id: 'interest', name: 'List of interest' },
];
const KIND_ORDER: CriticalListRow['kind'][] = ['sanctions', 'pep', 'risk', 'company'];

/**
 * The lists of the settings card: the global lists, then the company's own ones, sanctions first. A sanctions list is
 * critical and locked; another is critical when the company marked it. A marked id that no list carries any more
 * stays in the rows, so the administrator can see it and unmark it.
 */
export function criticalListRows(
  sources: readonly { id: string; name: string; kind: CriticalListRow['kind'] }[],
  criticalLists: readonly string[],
): CriticalListRow[] {
  const marked = new Set(criticalLists);
  const rows: CriticalListRow[] = sources.map((s) => ({
    listId: s.id,
    name: s.name,
    kind: s.kind,
    critical: s.kind === 'sanctions' || marked.has(s.id),
    locked: s.kind === 'sanctions',
  }));
  for (const c of COMPANY_LISTS)
    if (!rows.some((r) => r.listId === c.id))
      rows.push({ listId: c.id, name: c.name, kind: 'company', critical: marked.has(c.id), locked: false });
  for (const id of criticalLists)
    if (!rows.some((r) => r.listId === id))
      rows.push({ listId: id, name: id, kind: 'risk', critical: true, locked: false });
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => KIND_ORDER.indexOf(a.r.kind) - KIND_ORDER.indexOf(b.r.kind) || a.i - b.i)
    .map(({ r }) => r);
}

/** The ids to store: the marked lists that are not sanctions lists (those are critical whatever is stored). */
export function criticalListsToStore(rows: readonly CriticalListRow[]): string[] {
  return rows.filter((r) => r.critical && !r.locked).map((r) => r.listId);
}
