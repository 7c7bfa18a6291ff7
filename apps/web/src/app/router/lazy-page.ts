import { type ComponentType, createElement, type FunctionComponent, isValidElement, lazy, useState } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
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

/**
 * What a page behind the sign-in or a public link needs besides its chunk: the second part of the language's
 * catalogue (i18n.ts, ensureCompleteCatalog; set by main.tsx, so this module stays free of the catalogue).
 */
let pageTexts: () => Promise<void> = () => Promise.resolve();
export function setPageTextsLoader(load: () => Promise<void>): void {
  pageTexts = load;
}

/** A lazy page: a component, and a way to load its chunk before it renders. */
export type LazyPage = FunctionComponent<Record<string, unknown>> & { preload: () => Promise<void> };

interface PageChunk {
  /** the page's component once its chunk has loaded */
  loaded?: ComponentType<Record<string, unknown>>;
  /** React.lazy over the same chunk, for a page rendered before it loaded */
  Lazy: ComponentType<Record<string, unknown>>;
}

/** Renders a loaded page directly, otherwise through React.lazy; chosen once per mounted page, so the component
 * under it (and its state) never changes. */
function PageView({ chunk, props }: { chunk: PageChunk; props: Record<string, unknown> }) {
  const [Direct] = useState(() => chunk.loaded);
  return Direct ? createElement(Direct, props) : createElement(chunk.Lazy, props);
}

/**
 * React.lazy for a named export: `lazyPage(() => import('./pages/LoginPage'), 'LoginPage', { guest: true })`; a page
 * that is not a guest one also waits for the rest of the catalogue. A page whose chunk is
 * already loaded renders at once: React keeps a Suspense fallback on screen at least 300 ms, which a first page
 * loaded before the first render (preloadPages) never pays.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  options: { /** a sign-in page: its texts are in the catalogue's first part */ guest?: boolean } = {},
): LazyPage {
  let loading: Promise<ComponentType<Record<string, unknown>>> | undefined;
  const fetchPage = () => {
    // the chunk download is work the loading bar shows, also when React keeps the old page during the transition
    loading ??= withBusy(() =>
      Promise.all([importWithReload(load), options.guest ? undefined : pageTexts()]).then(([module]) => module),
    ).then(
      (module) => {
        chunk.loaded = module[name] as ComponentType<Record<string, unknown>>;
        return chunk.loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const chunk: PageChunk = { Lazy: lazy(async () => ({ default: await fetchPage() })) };
  const view = (props: Record<string, unknown>) => createElement(PageView, { chunk, props });
  return Object.assign(view, { preload: () => fetchPage().then(() => undefined) });
}

/**
 * Loads the lazy pages and layouts of an address before the first render, so the first page shows without a
 * fallback in between (their chunks are already on the way: index.html preloads the login route's).
 */
export async function preloadPages(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const pages = (matchRoutes(routes, location) ?? []).flatMap(({ route }) => {
    const type = isValidElement(route.element) ? (route.element.type as Partial<LazyPage>) : undefined;
    return typeof type?.preload === 'function' ? [type.preload()] : [];
  });
  await Promise.all(pages);
}
