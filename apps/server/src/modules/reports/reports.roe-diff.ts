import { formatAmount } from '@regcheck/shared/format/index';
import type { UafOperation } from '@regcheck/shared/schemas/operations';
import type { z } from 'zod';

/**
 * What differs between a ROE filing and the same period generated again (decision 127): the operations added since
 * (reportable now, not in the filing), removed (in the filing, no longer reportable: an edited amount or date, or a
 * rate that changed the amount in USD) and changed (the same operation with another amount, date, currency,
 * participants or a deletion mark). Pure: the filing's stored operations against the current ones.
 */

/**
 * An operation as a filing stores it: the UAF list's operation (the shared UafOperation, without the threshold),
 * its currency as stored text, and `deleted` absent in a filing made before it was stored (deleted then means a
 * deletedAt).
 */
export type RoeSnapshotOperation = Omit<z.infer<typeof UafOperation>, 'thresholdUsd' | 'divisa' | 'deleted'> & {
  divisa: string;
  deleted?: boolean;
};

export const ROE_DIFF_FIELDS = [
  'transactionDate',
  'divisa',
  'cashAmount',
  'cashAmountUsd',
  'participants',
  'deleted',
] as const;
export type RoeDiffField = (typeof ROE_DIFF_FIELDS)[number];

export interface RoeChange {
  field: RoeDiffField;
  /** the value as filed and as it is now, in plain words or numbers the screen formats */
  filed: string | number | null;
  current: string | number | null;
}

export interface RoeDiff {
  added: RoeSnapshotOperation[];
  removed: RoeSnapshotOperation[];
  changed: { operation: RoeSnapshotOperation; changes: RoeChange[] }[];
  /** the company's threshold when it differs from the filing's */
  threshold: { filed: number; current: number } | null;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
const cents = (v: number | null) => (v === null ? null : Math.round(v * 100));
/** Who took part (their documents), and how the cash was shared among them. */
const who = (o: RoeSnapshotOperation) =>
  o.participants
    .map((p) => p.dni)
    .sort()
    .join(',');
const shares = (o: RoeSnapshotOperation) =>
  o.participants
    .map((p) => `${p.dni}:${cents(p.efective)}`)
    .sort()
    .join(',');
/** The participants in words: "María José González (12345678-5): 25.000.000; ...". */
const people = (o: RoeSnapshotOperation) =>
  o.participants.map((p) => `${p.name ? `${p.name} (${p.dni})` : p.dni}: ${formatAmount(p.efective)}`).join('; ');

/**
 * The participants changed when other people took part, or when the same people shared the same cash otherwise (a
 * change of the operation's total is already its own change).
 */
const participantsChanged = (a: RoeSnapshotOperation, b: RoeSnapshotOperation) =>
  who(a) !== who(b) || (cents(a.cashAmount) === cents(b.cashAmount) && shares(a) !== shares(b));

/** Deleted (a filing made before `deleted` was stored holds only the date). */
const isDeleted = (o: RoeSnapshotOperation) => o.deleted ?? !!o.deletedAt;
/** A deletion as a change's value: null when in force, its date, or '' when its date was not recorded. */
const deletionValue = (o: RoeSnapshotOperation) => (isDeleted(o) ? (o.deletedAt ?? '') : null);

/** The changes of one operation between the filing and now. */
function changesOf(filed: RoeSnapshotOperation, now: RoeSnapshotOperation): RoeChange[] {
  const out: RoeChange[] = [];
  if (day(filed.transactionDate) !== day(now.transactionDate))
    out.push({ field: 'transactionDate', filed: day(filed.transactionDate), current: day(now.transactionDate) });
  if (filed.divisa !== now.divisa) out.push({ field: 'divisa', filed: filed.divisa, current: now.divisa });
  if (cents(filed.cashAmount) !== cents(now.cashAmount))
    out.push({ field: 'cashAmount', filed: filed.cashAmount, current: now.cashAmount });
  if (cents(filed.cashAmountUsd) !== cents(now.cashAmountUsd))
    out.push({ field: 'cashAmountUsd', filed: filed.cashAmountUsd, current: now.cashAmountUsd });
  if (participantsChanged(filed, now)) out.push({ field: 'participants', filed: people(filed), current: people(now) });
  if (isDeleted(filed) !== isDeleted(now))
    out.push({ field: 'deleted', filed: deletionValue(filed), current: deletionValue(now) });
  return out;
}

export function roeDiff(
  filed: { operations: RoeSnapshotOperation[]; thresholdUsd: number },
  current: { operations: RoeSnapshotOperation[]; thresholdUsd: number },
): RoeDiff {
  const before = new Map(filed.operations.map((o) => [o.id, o]));
  const now = new Map(current.operations.map((o) => [o.id, o]));
  const changed: RoeDiff['changed'] = [];
  for (const o of current.operations) {
    const was = before.get(o.id);
    if (!was) continue;
    const changes = changesOf(was, o);
    if (changes.length) changed.push({ operation: o, changes });
  }
  return {
    added: current.operations.filter((o) => !before.has(o.id)),
    removed: filed.operations.filter((o) => !now.has(o.id)),
    changed,
    threshold:
      filed.thresholdUsd === current.thresholdUsd ? null : { filed: filed.thresholdUsd, current: current.thresholdUsd },
  };
}

/** Whether anything differs. */
export const roeDiffEmpty = (d: RoeDiff) =>
  d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0 && d.threshold === null;
