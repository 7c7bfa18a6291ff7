import type { AllegationActivityView, AllegationDetailView } from '@regcheck/shared/schemas/allegations';
import type { TFunction } from 'i18next';

type StatusChange = AllegationDetailView['history'][number];

/** One line of a report's history: a status change (with its reason) or a staff user's act, oldest first. */
export type HistoryEntry =
  | { type: 'status'; at: string; change: StatusChange }
  | { type: 'activity'; at: string; activity: AllegationActivityView };

/** The status changes and the staff's acts of a report in one list, in the order they happened. */
export function historyEntries(r: Pick<AllegationDetailView, 'history' | 'activity'>): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    ...r.history.map((change) => ({ type: 'status' as const, at: change.createdAt, change })),
    ...r.activity.map((activity) => ({ type: 'activity' as const, at: activity.createdAt, activity })),
  ];
  // a stable sort: at the same instant a status change reads before what was done with it
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** A staff user's act in words, in the reader's language ("María Pérez abrió la denuncia"). */
export function activitySentence(t: TFunction, a: AllegationActivityView): string {
  const name = a.userName;
  const k = (key: string) => `allegations:detail.activity.${key}`;
  switch (a.kind) {
    case 'viewed':
      return t(k('viewed'), { name });
    case 'assigned':
      if (!a.assigneeName) return t(k('unassigned'), { name, previous: a.previousAssigneeName ?? '' });
      return a.previousAssigneeName
        ? t(k('reassigned'), { name, previous: a.previousAssigneeName, assignee: a.assigneeName })
        : t(k('assigned'), { name, assignee: a.assigneeName });
    case 'file_downloaded':
      return a.fileName ? t(k('fileDownloaded'), { name, file: a.fileName }) : t(k('fileGone'), { name });
    case 'exported':
      return t(k('exported'), { name });
  }
}
