import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildCatalog, splitCatalog } from './src/app/i18n/catalog-build';

const apiTarget = process.env.REGCHECK_API_URL ?? 'http://127.0.0.1:3000';

/** The lazy chunks the login page needs before its form shows: preloaded from index.html, never in a waterfall. */
const FIRST_PAGE_MODULES = [/\/app\/layouts\/GuestLayout\.tsx$/, /\/features\/auth\/pages\/LoginPage\.tsx$/];

/** The preloader's own modules, kept out of the first chunk (see firstLoad). */
const PRELOADER_MODULES =
  /\/(src\/app\/i18n\/(catalogs|locale)\.ts|shared\/src\/locales\/language\.ts|src\/preload-catalog\.ts)$/;

/** A second entry (src/preload-catalog.ts), run before the main one: see firstLoad. */
const PRELOAD_CATALOG = /\/src\/preload-catalog\.ts$/;

/**
 * Fast first load: index.html preloads the login route's chunks (and their imports, and their styles), and every
 * text asset is written beside itself as .br and .gz, which the server sends to a browser that accepts them.
 */
function firstLoad(): Plugin {
  let outDir = 'dist';
  return {
    name: 'regcheck-first-load',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const closure = (roots: string[]) => {
          const files = new Set<string>();
          const css = new Set<string>();
          const visit = (file: string) => {
            const chunk = bundle[file];
            if (chunk?.type !== 'chunk' || files.has(file)) return;
            files.add(file);
            for (const c of chunk.viteMetadata?.importedCss ?? []) css.add(c);
            for (const i of chunk.imports) visit(i);
          };
          for (const r of roots) visit(r);
          return { files, css };
        };
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = closure(
          chunks.filter((c) => c.isEntry && !PRELOAD_CATALOG.test(c.facadeModuleId ?? '')).map((c) => c.fileName),
        );
        const first = closure(
          chunks.filter((c) => FIRST_PAGE_MODULES.some((re) => re.test(c.facadeModuleId ?? ''))).map((c) => c.fileName),
        );
        const files = [...first.files].filter((f) => !entry.files.has(f));
        const css = [...first.css].filter((f) => !entry.css.has(f));
        // the catalogue preloader runs first, fetching the starting language while the main bundle downloads
        const preloader = chunks.find((c) => PRELOAD_CATALOG.test(c.facadeModuleId ?? ''));
        return [
          ...(preloader
            ? [
                {
                  tag: 'script',
                  attrs: { type: 'module', crossorigin: '', src: `/${preloader.fileName}` },
                  injectTo: 'head-prepend' as const,
                },
              ]
            : []),
          ...files.map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}` },
            injectTo: 'head' as const,
          })),
          ...css.map((f) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: '', href: `/${f}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(dir, e.name);
          return e.isDirectory() ? walk(p) : [p];
        });
      if (!fs.existsSync(outDir)) return;
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|map)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

const LOCALES_DIR = fileURLToPath(new URL('../../packages/shared/src/locales', import.meta.url));
const CATALOG_PREFIX = 'virtual:regcheck-catalog/';

/**
 * Two catalogue modules per interface language: `virtual:regcheck-catalog/<es|pt-BR|en>`, the namespaces the sign-in
 * needs (START_NAMESPACES), and `virtual:regcheck-catalog/rest-<lang>`, every other namespace; each with English
 * filled in where the language lacks a key (packages/shared/src/locales/<lang>/*.json), so the web app loads only the
 * active language, the login page only its first part, and a missing key still shows the English text, never the key.
 */
function localeCatalogs(): Plugin {
  return {
    name: 'regcheck-locale-catalogs',
    resolveId(id) {
      return id.startsWith(CATALOG_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${CATALOG_PREFIX}`)) return null;
      const name = id.slice(CATALOG_PREFIX.length + 1);
      const part = name.startsWith('rest-') ? 'rest' : 'start';
      const { catalog, files } = buildCatalog(LOCALES_DIR, part === 'rest' ? name.slice('rest-'.length) : name);
      for (const f of files) this.addWatchFile(f);
      // JSON.parse of a string: faster for the browser to read than the same object literal
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(splitCatalog(catalog)[part]))});`;
    },
  };
}

export default defineConfig({
  plugins: [react(), localeCatalogs(), firstLoad()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'preload-catalog': fileURLToPath(new URL('./src/preload-catalog.ts', import.meta.url)),
      },
      // Few requests before the sign-in (issue 31 point 4: under 10 on a mobile connection, where each of the six
      // HTTP/1.1 connections' round trips costs 150 ms): what every page runs at start (the entries' static imports,
      // `$initial`: React, the router, Mantine's core, i18n) goes into the entry chunk, and the login route's layout
      // and page with everything they import into one `login` chunk, instead of about 35 chunks of a few kB. The
      // catalogue preloader's own modules stay out of the entry chunk so that it runs before the big chunk arrives.
      // Groups move modules, never copy them: each module (a React context, the i18n instance) exists once.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'first',
              tags: ['$initial'],
              test: (id: string) => !PRELOADER_MODULES.test(id),
              includeDependenciesRecursively: false,
            },
            { name: 'login', test: /\/src\/(app\/layouts\/GuestLayout|features\/auth\/pages\/LoginPage)\.tsx$/ },
          ],
        },
      },
    },
  },
});
