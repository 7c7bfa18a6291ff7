import { describe, expect, it } from 'vitest';
import { ALLEGATION_STATUSES, nextStatuses } from './allegations';

describe('next statuses of a report (the case page offers these)', () => {
  it('a Ley Karin complaint is never dismissed and is resolved only from investigation', () => {
    for (const s of ALLEGATION_STATUSES) expect(nextStatuses(s, true)).not.toContain('dismissed');
    expect(nextStatuses('received', true)).toEqual(['acknowledged', 'investigating']);
    expect(nextStatuses('acknowledged', true)).toEqual(['investigating']);
    expect(nextStatuses('investigating', true)).toEqual(['resolved']);
    expect(nextStatuses('dismissed', true)).toEqual(['investigating']);
  });

  it('another complaint keeps the general flow, dismissal included', () => {
    expect(nextStatuses('received', false)).toContain('dismissed');
    expect(nextStatuses('acknowledged', false)).toContain('resolved');
  });
});
