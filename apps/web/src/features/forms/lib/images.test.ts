import { describe, expect, it } from 'vitest';
import { fitScale, SMALL, targetOf } from './images';

describe('photo downscaling (spec 001 §5)', () => {
  it('a photo over 3,000,000 characters goes to at most 320x240 at JPEG 0.5', () => {
    expect(targetOf(3_000_001)).toEqual(SMALL);
    expect(targetOf(3_000_000)).not.toEqual(SMALL);
    const s = fitScale(4000, 3000, SMALL);
    expect(Math.round(4000 * s)).toBeLessThanOrEqual(320);
    expect(Math.round(3000 * s)).toBeLessThanOrEqual(240);
    expect(fitScale(100, 50, SMALL)).toBe(1);
  });
});
