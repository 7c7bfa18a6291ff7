import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES, NAMESPACES, resources } from '@regcheck/shared/locales/index';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCatalog, START_NAMESPACES, splitCatalog } from './catalog-build';

const LOCALES_DIR = path.resolve(__dirname, '../../../../../packages/shared/src/locales');

describe('the per-language catalogue the web app loads', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-build-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const write = (lang: string, ns: string, texts: unknown) => {
    fs.mkdirSync(path.join(tmp, lang), { recursive: true });
    fs.writeFileSync(path.join(tmp, lang, `${ns}.json`), JSON.stringify(texts));
  };

  it('shows the English text, never the raw key, where a language lacks a key or a namespace', () => {
    write('en', 'common', { save: 'Save', menu: { open: 'Open', close: 'Close' } });
    write('en', 'auth', { login: { title: 'Log in' } });
    write('es', 'common', { save: 'Guardar', menu: { open: 'Abrir' } });
    const es = buildCatalog(tmp, 'es');
    expect(es.catalog).toEqual({
      common: { save: 'Guardar', menu: { open: 'Abrir', close: 'Close' } },
      auth: { login: { title: 'Log in' } },
    });
    // both folders are watched: editing either rebuilds the catalogue
    expect(es.files.map((f) => path.relative(tmp, f)).sort()).toEqual([
      'en/auth.json',
      'en/common.json',
      'es/common.json',
    ]);
    expect(buildCatalog(tmp, 'en').catalog).toEqual({
      common: { save: 'Save', menu: { open: 'Open', close: 'Close' } },
      auth: { login: { title: 'Log in' } },
    });
  });

  it('refuses a language that has no folder', () => {
    expect(() => buildCatalog(tmp, 'fr')).toThrow(/no locale folder/);
  });

  it('carries every namespace of each language, in that language', () => {
    for (const lang of LOCALES) {
      const { catalog } = buildCatalog(LOCALES_DIR, lang);
      expect(Object.keys(catalog).sort()).toEqual([...NAMESPACES].sort());
      expect(catalog).toEqual(resources[lang]);
    }
    expect((buildCatalog(LOCALES_DIR, 'es').catalog.auth as { login: { submit: string } }).login.submit).toBe(
      'Ingresar',
    );
    expect((buildCatalog(LOCALES_DIR, 'pt-BR').catalog.auth as { login: { submit: string } }).login.submit).toBe(
      'Entrar',
    );
  });
});

describe('the web bundle', () => {
  const SRC = path.resolve(__dirname, '../..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return sources(p);
      return /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [p] : [];
    });

  it('never takes every language at once: the app imports the language helpers, not the catalogs', () => {
    // @regcheck/shared/locales/index (and the @regcheck/shared barrel) carry all three languages' texts
    const offenders = sources(SRC).filter((f) =>
      /from\s+'@regcheck\/shared(\/locales\/index)?'/.test(fs.readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('splits a language in what the sign-in needs and the rest, losing no namespace', () => {
    const { catalog } = buildCatalog(LOCALES_DIR, 'es');
    const { start, rest } = splitCatalog(catalog);
    expect(Object.keys(start).sort()).toEqual([...START_NAMESPACES].sort());
    expect({ ...start, ...rest }).toEqual(catalog);
    expect(Object.keys(rest)).toEqual(expect.arrayContaining(['fichas', 'operations', 'forms', 'allegations']));
    // the sign-in's part is a small share of the texts
    expect(JSON.stringify(start).length).toBeLessThan(JSON.stringify(catalog).length / 5);
  });

  it('gives every guest page (sign-in, recovery, error pages) only namespaces of the first part', () => {
    const guestFiles = [
      'features/auth/pages/LoginPage.tsx',
      'features/auth/pages/RecoverPasswordPage.tsx',
      'features/auth/pages/RestorePasswordPage.tsx',
      'features/auth/pages/SsoCallbackPage.tsx',
      'app/layouts/GuestLayout.tsx',
      'features/system/pages/NotFoundPage.tsx',
      'features/system/pages/ErrorPage.tsx',
    ];
    for (const file of guestFiles) {
      const source = fs.readFileSync(path.join(SRC, file), 'utf8');
      const used = [
        ...source.matchAll(/['"]([a-zA-Z]+):[a-zA-Z]/g),
        ...source.matchAll(/useTranslation\(\[?'([a-zA-Z]+)'/g),
      ]
        .map((m) => m[1] as string)
        .filter((ns) => ns !== 'http' && ns !== 'https');
      expect(
        used.filter((ns) => !START_NAMESPACES.includes(ns)),
        file,
      ).toEqual([]);
    }
  });
});
