import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, shouldReloadForChunk } from './lazy-page';

describe('shouldReloadForChunk', () => {
  it('reloads at most once a minute', () => {
    expect(shouldReloadForChunk(1_000_000, null)).toBe(true);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 - 10_000)).toBe(false);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 - CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
  });
});
