import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, paginationRange } from './pagination';
import { INCOME_BANDS, incomeBandFor, SOCIOECONOMIC_LEVELS } from './socioeconomic';

describe('pagination', () => {
  it('has the spec page sizes', () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(25);
  });

  it('computes from/to for the footer text', () => {
    expect(paginationRange(1, 25, 60)).toEqual({ from: 1, to: 25 });
    expect(paginationRange(3, 25, 60)).toEqual({ from: 51, to: 60 });
    expect(paginationRange(9, 25, 60)).toEqual({ from: 51, to: 60 });
    expect(paginationRange(0, 25, 60)).toEqual({ from: 1, to: 25 });
    expect(paginationRange(1, 25, 0)).toEqual({ from: 0, to: 0 });
  });

  it('property: from <= to <= count and the window never exceeds the page size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 1000 }),
        fc.constantFrom(...PAGE_SIZES),
        fc.integer({ min: 0, max: 10_000 }),
        (page, size, count) => {
          const { from, to } = paginationRange(page, size, count);
          if (count === 0) {
            expect({ from, to }).toEqual({ from: 0, to: 0 });
            return;
          }
          expect(from).toBeGreaterThanOrEqual(1);
          expect(to).toBeLessThanOrEqual(count);
          expect(to - from + 1).toBeLessThanOrEqual(size);
          expect((from - 1) % size).toBe(0);
        },
      ),
    );
  });
});

describe('socioeconomic', () => {
  it('has the spec bands and levels', () => {
    expect(INCOME_BANDS.map((b) => [b.min, b.max])).toEqual([
      [2_500_000, null],
      [1_500_000, 2_499_999],
      [700_000, 1_499_999],
      [0, 699_999],
    ]);
    expect(SOCIOECONOMIC_LEVELS).toEqual(['AB', 'C1A', 'C1B', 'C2', 'C3', 'D', 'E', 'z']);
  });

  it('places incomes at the band edges', () => {
    expect(incomeBandFor(2_500_000)?.key).toBe('gte2500000');
    expect(incomeBandFor(2_499_999.5)?.key).toBe('1500000-2499999');
    expect(incomeBandFor(700_000)?.key).toBe('700000-1499999');
    expect(incomeBandFor(699_999)?.key).toBe('lt700000');
    expect(incomeBandFor(0)?.key).toBe('lt700000');
    expect(incomeBandFor(-1)).toBeUndefined();
  });

  it('property: every non-negative income falls in exactly one band', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (income) => {
        const hits = INCOME_BANDS.filter((b) => income >= b.min && (b.max === null || income <= b.max));
        expect(hits).toHaveLength(1);
        expect(incomeBandFor(income)).toBe(hits[0]);
      }),
    );
  });
});
