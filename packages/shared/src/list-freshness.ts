import { z } from 'zod';

/*
 * How fresh a screening list is (issue 27, decision 165). The server computes it for the lists page, the dashboard,
 * each screening result and the reports; the screens only put it into words.
 */

export const ListFreshnessState = z.enum(['current', 'stale', 'empty']);

export const ListFreshness = z.object({
  state: ListFreshnessState.describe(
    'empty: no version in force or no entry (the list screens nothing); stale: not confirmed current within twice its expected interval; current otherwise',
  ),
  versionDate: z.string().nullable().describe("date of the list's content (YYYY-MM-DD)"),
  ageDays: z.number().int().nullable().describe('whole days since the version date'),
  lastSuccessAt: z.string().nullable().describe('the last time the list was confirmed current (ISO date-time)'),
  updateIntervalHours: z.number().int().nullable().describe('expected hours between updates (null: kept by hand)'),
});
export type ListFreshnessT = z.infer<typeof ListFreshness>;

const DAY_MS = 86_400_000;

/**
 * A list is empty when nothing is in force or the version has no entry; stale when it has an expected interval and
 * was last confirmed current (the later of its version date and its last successful update) more than twice that
 * interval ago (one missed daily run is tolerated, two are not); current otherwise.
 */
export function listFreshness(
  l: {
    entityCount: number;
    hasVersion: boolean;
    versionDate: Date | null;
    lastSuccessAt: Date | null;
    updateIntervalHours: number | null;
  },
  now = new Date(),
): ListFreshnessT {
  const versionDate = l.versionDate ? l.versionDate.toISOString().slice(0, 10) : null;
  const ageDays = l.versionDate ? Math.max(0, Math.floor((now.getTime() - l.versionDate.getTime()) / DAY_MS)) : null;
  const confirmed = Math.max(l.versionDate?.getTime() ?? 0, l.lastSuccessAt?.getTime() ?? 0);
  let state: ListFreshnessT['state'] = 'current';
  if (!l.hasVersion || l.entityCount === 0) state = 'empty';
  else if (l.updateIntervalHours && (!confirmed || now.getTime() - confirmed > 2 * l.updateIntervalHours * 3_600_000))
    state = 'stale';
  return {
    state,
    versionDate,
    ageDays,
    lastSuccessAt: l.lastSuccessAt?.toISOString() ?? null,
    updateIntervalHours: l.updateIntervalHours,
  };
}
