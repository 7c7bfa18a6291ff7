import { describe, expect, it } from 'vitest';
import { fitScale, photoFromFile, photoTypeOf, SMALL, targetOf } from './images';

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

describe('a file chosen as a photo (issue 25 point 6: clear photo errors)', () => {
  it('is a JPEG or a PNG by its first bytes, whatever its name or declared type', () => {
    expect(photoTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(photoTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(photoTypeOf(new TextEncoder().encode('%PDF-1.7\n'))).toBeNull();
    expect(photoTypeOf(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull();
    expect(photoTypeOf(new Uint8Array([]))).toBeNull();
  });

  it('a PDF or a text chosen as a photo is refused with the words of forms:public.photoNotImage, never shown', async () => {
    const pdf = new Blob(['%PDF-1.7\n1 0 obj<<>>endobj\n'], { type: 'image/jpeg' });
    expect(await photoFromFile(pdf)).toEqual({ problem: 'photoNotImage' });
    expect(await photoFromFile(new Blob(['hello'], { type: 'text/plain' }))).toEqual({ problem: 'photoNotImage' });
  });
});
