import { type ComponentType, lazy } from 'react';
import { withBusy } from '../loading/busy';

const RELOAD_KEY = 'regcheck.chunkReloadAt';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/**
 * After a deploy, an open tab may ask for a chunk that no longer exists. Reload the page to get the new build,
 * at most once a minute so a chunk that is really broken shows the error page instead of a reload loop.
 */
export function shouldReloadForChunk(now: number, lastReload: number | null): boolean {
  return lastReload === null || Number.isNaN(lastReload) || now - lastReload >= CHUNK_RELOAD_INTERVAL_MS;
}

function lastReloadAt(): number | null {
  try {
    const v = localStorage.getItem(RELOAD_KEY);
    return v ? Number(v) : null;
  } catch {
    return null;
  }
}

async function importWithReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    const now = Date.now();
    if (!shouldReloadForChunk(now, lastReloadAt())) throw error;
    try {
      localStorage.setItem(RELOAD_KEY, String(now));
    } catch {
      throw error;
    }
    window.location.reload();
    // the page is going away; never settle so nothing renders an error meanwhile
    return new Promise<M>(() => {});
  }
}

/** React.lazy for a named export: `lazyPage(() => import('./pages/LoginPage'), 'LoginPage')`. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async () => {
    // the chunk download is work the loading bar shows, also when React keeps the old page during the transition
    const module = await withBusy(() => importWithReload(load));
    return { default: module[name] as ComponentType };
  });
}
