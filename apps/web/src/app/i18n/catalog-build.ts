// Build-time code (vite.config.ts, localeCatalogs): never imported by the app.
import fs from 'node:fs';
import path from 'node:path';

/** `lang` over `base`, key by key: a key the language lacks keeps the base (English) text. */
export function withFallback(base: unknown, lang: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (!isObject(base) || !isObject(lang)) return lang ?? base;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(lang)) out[k] = withFallback(base[k], v);
  return out;
}

/** Every namespace of one language folder (`<dir>/<lang>/<ns>.json`), and the files read. */
function readLanguage(dir: string, lang: string): { catalog: Record<string, unknown>; files: string[] } {
  const folder = path.join(dir, lang);
  if (!fs.existsSync(folder)) throw new Error(`no locale folder ${folder}`);
  const files = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(folder, f));
  const catalog: Record<string, unknown> = {};
  for (const file of files) catalog[path.basename(file, '.json')] = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { catalog, files };
}

/**
 * The catalogue the web app loads for one language: all its namespaces, with the English text wherever it lacks a
 * key (i18next's fallback to en, done at build time so that only one language travels), and the files it came from.
 */
export function buildCatalog(dir: string, lang: string): { catalog: Record<string, unknown>; files: string[] } {
  const en = readLanguage(dir, 'en');
  if (lang === 'en') return en;
  const own = readLanguage(dir, lang);
  return {
    catalog: withFallback(en.catalog, own.catalog) as Record<string, unknown>,
    files: [...en.files, ...own.files],
  };
}

/**
 * The namespaces a visitor needs before signing in (the sign-in, recovery and error pages, the shell's loading bar):
 * the catalogue's first part. Everything else comes in the second part, which the app fetches with the first page
 * behind the sign-in or a public link (lazy-page.ts), so the login page carries about a tenth of the texts.
 */
export const START_NAMESPACES = ['common', 'auth', 'errors', 'shell', 'roles', 'system'];

/** A language's catalogue in its two parts: what the sign-in needs, and the rest. */
export function splitCatalog(catalog: Record<string, unknown>): {
  start: Record<string, unknown>;
  rest: Record<string, unknown>;
} {
  const start: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [ns, texts] of Object.entries(catalog)) (START_NAMESPACES.includes(ns) ? start : rest)[ns] = texts;
  return { start, rest };
}
