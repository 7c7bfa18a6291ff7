import { createHash } from 'node:crypto';
import type { FichaListasT } from '@regcheck/shared';
import { EXCLUDED_FROM_TOTAL, type ScreenHit, type ScreenResult } from './screening.adapter';

type ListEntry = FichaListasT['lists'][number];
type Hit = ListEntry['hits'][number];

/** What listas read of a screening hit: the search module's ScreenHit, or any hit with these parts. */
export type HitInput = Pick<ScreenHit, 'entityId' | 'name' | 'matchedName' | 'score'> & {
  explanation: unknown;
  /** the list entry, when the service gives it (it makes the dismissal hash) */
  entity?: unknown;
};

/** A dismissal holds while the list entry keeps the hash it had when dismissed. */
export interface Dismissal {
  listId: string;
  entityId: string;
  entryHash: string;
  reason: string;
}

export const dismissalKey = (listId: string, entityId: string) => `${listId}\u0001${entityId}`;

/** Hash of a list entry's content (names, identifiers, dates, countries...): changes when the entry changes. */
export function entryHash(hit: Pick<HitInput, 'entityId' | 'name' | 'entity'>): string {
  const e = (hit.entity ?? { id: hit.entityId, names: [hit.name] }) as Record<string, unknown>;
  const stable = {
    id: e.id ?? hit.entityId,
    names: e.names,
    identifiers: e.identifiers,
    birthDates: e.birthDates,
    countries: e.countries,
    programs: e.programs,
    remarks: e.remarks,
  };
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex').slice(0, 32);
}

function toHit(h: HitInput, dismissals: Map<string, Dismissal>, listId: string): Hit {
  const hash = entryHash(h);
  const d = dismissals.get(dismissalKey(listId, h.entityId));
  const dismissed = !!d && d.entryHash === hash;
  return {
    entityId: h.entityId,
    name: h.name,
    matchedName: h.matchedName,
    score: h.score,
    explanation: h.explanation,
    entryHash: hash,
    ...(dismissed ? { dismissed: true, dismissedReason: d.reason } : {}),
  };
}

/** total = lists with a coincidence, excluding the corporate mesh and the low-risk CNPJ validator. */
export function totalOf(lists: ListEntry[]): number {
  return lists.filter((l) => l.coincidence && !EXCLUDED_FROM_TOTAL.has(l.listId)).length;
}

function finish(entry: Omit<ListEntry, 'coincidence'>): ListEntry {
  return { ...entry, coincidence: entry.hits.some((h) => !h.dismissed) };
}

/** The spec's `listas` from a screening result, with dismissed hits marked (they do not make a coincidence). */
export function listasFromResult(
  result: ScreenResult,
  dismissals: Map<string, Dismissal>,
  dni: string,
  personType: 'natural' | 'legal',
): FichaListasT {
  const lists = result.lists.map((l) =>
    finish({ listId: l.listId, listName: l.listName, hits: l.hits.map((h) => toHit(h, dismissals, l.listId)) }),
  );
  return { total: totalOf(lists), error: false, lastChecked: result.lastChecked, dni, personType, lists };
}

export function failedListas(
  previous: FichaListasT | null,
  dni: string,
  personType: 'natural' | 'legal',
): FichaListasT {
  return {
    ...(previous ?? { total: 0, lists: [] }),
    error: true,
    lastChecked: new Date().toISOString(),
    dni,
    personType,
  };
}

/**
 * Merges the hits of one list into stored `listas` (monitoring): entries of `changedIds` (or the whole list for
 * 'all') are replaced by `hits`. Returns the new listas and the hits that are new alerts: not there before
 * (or with another entry hash) and not dismissed.
 */
export function mergeListHits(
  previous: FichaListasT | null,
  listId: string,
  listName: string,
  hits: HitInput[],
  changedIds: Set<string> | 'all',
  dismissals: Map<string, Dismissal>,
  dni: string,
  personType: 'natural' | 'legal',
): { listas: FichaListasT; alerts: Hit[] } {
  const lists = [...(previous?.lists ?? [])];
  const idx = lists.findIndex((l) => l.listId === listId);
  const old = idx >= 0 ? (lists[idx] as ListEntry) : undefined;
  const kept = (old?.hits ?? []).filter((h) => changedIds !== 'all' && !changedIds.has(h.entityId));
  const fresh = hits.map((h) => toHit(h, dismissals, listId));
  const before = new Map((old?.hits ?? []).map((h) => [h.entityId, h.entryHash]));
  const alerts = fresh.filter((h) => !h.dismissed && before.get(h.entityId) !== h.entryHash);
  const entry = finish({ listId, listName, hits: [...kept, ...fresh].sort((a, b) => b.score - a.score) });
  if (idx >= 0) lists[idx] = entry;
  else lists.push(entry);
  return {
    listas: {
      total: totalOf(lists),
      error: previous?.error ?? false,
      lastChecked: new Date().toISOString(),
      dni,
      personType,
      lists,
    },
    alerts,
  };
}

/** The hit of stored listas for one entry of one list (undefined when the ficha has no such hit). */
export function findHit(listas: FichaListasT | null | undefined, listId: string, entityId: string): Hit | undefined {
  return listas?.lists.find((l) => l.listId === listId)?.hits.find((h) => h.entityId === entityId);
}

/** Marks one hit dismissed (or not) in stored listas and recomputes coincidences and total. */
export function applyDismissal(listas: FichaListasT, d: Dismissal): FichaListasT {
  const lists = listas.lists.map((l) =>
    l.listId !== d.listId
      ? l
      : finish({
          ...l,
          hits: l.hits.map((h) =>
            h.entityId === d.entityId && h.entryHash === d.entryHash
              ? { ...h, dismissed: true, dismissedReason: d.reason }
              : h,
          ),
        }),
  );
  return { ...listas, lists, total: totalOf(lists) };
}
