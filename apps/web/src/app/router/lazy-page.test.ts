import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, lazyPage, preloadPages, shouldReloadForChunk } from './lazy-page';

describe('shouldReloadForChunk', () => {
  it('reloads at most once a minute', () => {
    expect(shouldReloadForChunk(1_000_000, null)).toBe(true);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 - 10_000)).toBe(false);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 - CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
  });
});

const LoginPage = () => createElement('h1', null, 'Iniciar sesión');
const OtherPage = () => createElement('p', null, 'other');

describe('lazyPage and preloadPages', () => {
  it('loads the pages of an address before the first render, which then shows them without a fallback', async () => {
    let loads = 0;
    const Login = lazyPage(async () => {
      loads += 1;
      return { LoginPage };
    }, 'LoginPage');
    const Other = lazyPage(async () => ({ OtherPage }), 'OtherPage');
    const routes = [
      { path: '/login', element: createElement(Login) },
      { path: '/other', element: createElement(Other) },
    ];
    // rendered for the first time after preloadPages: the page itself, no fallback in between
    await preloadPages(routes, { pathname: '/login' });
    const shown = renderToString(createElement(Suspense, { fallback: 'cargando' }, createElement(Login)));
    expect(shown).toContain('<h1>Iniciar sesión</h1>');
    expect(shown).not.toContain('cargando');
    expect(loads).toBe(1);
    expect(renderToString(createElement(Suspense, { fallback: 'cargando' }, createElement(Other)))).toContain(
      'cargando',
    );
  });
});
