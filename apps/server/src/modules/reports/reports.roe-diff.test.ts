import { describe, expect, it } from 'vitest';
import { type RoeSnapshotOperation, roeDiff, roeDiffEmpty } from './reports.roe-diff';

const op = (over: Partial<RoeSnapshotOperation> = {}): RoeSnapshotOperation => ({
  id: 'a',
  codigo: 1,
  codigoFormatted: '000001',
  transactionDate: '2025-08-05T12:00:00.000Z',
  divisa: 'CLP',
  cashAmount: 20_000_000,
  cashAmountUsd: 21_000.5,
  participants: [
    { dni: '11111111-1', name: 'Ana Soto', efective: 12_000_000 },
    { dni: '22222222-2', name: 'Luis Mena', efective: 8_000_000 },
  ],
  deletedAt: null,
  deletedByName: null,
  ...over,
});
const diffOf = (filed: RoeSnapshotOperation[], now: RoeSnapshotOperation[], threshold = 10_000) =>
  roeDiff({ operations: filed, thresholdUsd: 10_000 }, { operations: now, thresholdUsd: threshold });

describe('what differs between a ROE filing and its period now', () => {
  it('nothing, for the same operations (a date at another hour of the same day is the same date)', () => {
    const d = diffOf([op()], [op({ transactionDate: '2025-08-05T20:00:00.000Z' })]);
    expect(roeDiffEmpty(d)).toBe(true);
  });

  it('participants: another person, or the same cash shared otherwise, named in words; a new total alone is not', () => {
    const other = op({
      participants: [
        { dni: '11111111-1', name: 'Ana Soto', efective: 12_000_000 },
        { dni: '33333333-3', name: 'Rosa Vidal', efective: 8_000_000 },
      ],
    });
    expect(diffOf([op()], [other]).changed[0]?.changes).toEqual([
      {
        field: 'participants',
        filed: 'Ana Soto (11111111-1): 12.000.000; Luis Mena (22222222-2): 8.000.000',
        current: 'Ana Soto (11111111-1): 12.000.000; Rosa Vidal (33333333-3): 8.000.000',
      },
    ]);
    const reshared = op({
      participants: [
        { dni: '11111111-1', name: 'Ana Soto', efective: 10_000_000 },
        { dni: '22222222-2', name: 'Luis Mena', efective: 10_000_000 },
      ],
    });
    expect(diffOf([op()], [reshared]).changed[0]?.changes.map((c) => c.field)).toEqual(['participants']);
    const bigger = op({
      cashAmount: 24_000_000,
      participants: [
        { dni: '11111111-1', name: 'Ana Soto', efective: 16_000_000 },
        { dni: '22222222-2', name: 'Luis Mena', efective: 8_000_000 },
      ],
    });
    expect(diffOf([op()], [bigger]).changed[0]?.changes.map((c) => c.field)).toEqual(['cashAmount']);
  });

  it('added, removed, deleted since the filing and a new threshold', () => {
    const d = diffOf(
      [op(), op({ id: 'b', codigo: 2 })],
      [op({ deletedAt: '2025-09-01T10:00:00.000Z', deletedByName: 'CL admin' }), op({ id: 'c', codigo: 3 })],
      12_500,
    );
    expect(d.added.map((o) => o.id)).toEqual(['c']);
    expect(d.removed.map((o) => o.id)).toEqual(['b']);
    expect(d.changed).toEqual([
      {
        operation: expect.objectContaining({ id: 'a' }),
        changes: [{ field: 'deleted', filed: null, current: '2025-09-01T10:00:00.000Z' }],
      },
    ]);
    expect(d.threshold).toEqual({ filed: 10_000, current: 12_500 });
  });
});
