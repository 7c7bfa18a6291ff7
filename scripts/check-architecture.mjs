#!/usr/bin/env node
// The house rules that a linter cannot see, checked on every `npm run lint` (docs/architecture.md):
//  1. only repositories (`*.repo.ts`) and the database and job layers (`src/db/`, `src/jobs/`) of the server touch
//     Kysely's query builders or raw SQL;
//  2. no dynamic `import()` in server code (it hides cycles);
//  3. no import cycle between files, nor between the server's modules or the web app's features, and a server
//     module reaches another only through its service, policy, events or errors file;
//  4. role tests only in `*.policy.ts` and the access plugin, and no role name compared anywhere (holds() asks the
//     permission table);
//  5. configuration read only in config.ts, no `env === 'test'` branch, no empty catch;
//  6. a file answered only through lib/download.ts (no Content-Disposition written anywhere else, decision 260).
// Usage: node scripts/check-architecture.mjs [root]   (exit 1 and one line per finding when a rule is broken)
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const findings = [];
const rel = (f) => path.relative(root, f).split(path.sep).join('/');

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.d\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

const isTest = (f) => /\.(test|spec)\.tsx?$/.test(f) || /\/test\//.test(rel(f));

/** The source without comments and string contents (template literals keep their `sql` tag). */
function stripComments(src) {
  return src.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const lineOf = (src, index) => src.slice(0, index).split('\n').length;

// ---------------------------------------------------------------- server rules
const serverSrc = path.join(root, 'apps/server/src');
const serverFiles = walk(serverSrc).filter((f) => !isTest(f));
const DB_CALL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|replaceInto|mergeInto)\s*\(|\bsql\s*(<[^`;]*?>)?\s*`|\bsql\.(raw|ref|lit|join|id|table|val)\s*\(/g;
const dbAllowed = (f) => {
  const r = rel(f);
  return r.endsWith('.repo.ts') || r.startsWith('apps/server/src/db/') || r.startsWith('apps/server/src/jobs/');
};
for (const f of serverFiles) {
  const src = stripComments(fs.readFileSync(f, 'utf8'));
  const r = rel(f);
  if (!dbAllowed(f)) {
    for (const m of src.matchAll(DB_CALL)) {
      findings.push(
        `${r}:${lineOf(src, m.index)}: database access outside a repository (${m[0].trim().split('\n')[0]})`,
      );
    }
  }
  for (const m of src.matchAll(/\bimport\s*\(/g)) {
    findings.push(`${r}:${lineOf(src, m.index)}: dynamic import() (import the module, or break the cycle)`);
  }
  if (!r.endsWith('/config.ts') && !r.endsWith('src/server.ts') && !r.endsWith('src/worker.ts')) {
    for (const m of src.matchAll(/\bprocess\.env\b/g)) {
      findings.push(`${r}:${lineOf(src, m.index)}: environment read outside config.ts`);
    }
  }
  for (const m of src.matchAll(/\benv\s*[!=]==?\s*['"]test['"]|['"]test['"]\s*[!=]==?\s*[\w.]*env\b/g)) {
    findings.push(`${r}:${lineOf(src, m.index)}: a branch on the test environment (inject the behaviour)`);
  }
  if (!r.endsWith('src/lib/audit.ts') && !r.endsWith('/audit.repo.ts')) {
    for (const m of src.matchAll(/\binsertAudit\(/g)) {
      findings.push(
        `${r}:${lineOf(src, m.index)}: audit row written around lib/audit.ts (use audit(trx, caller, ...))`,
      );
    }
  }
  for (const m of src.matchAll(/\b(caller|ctxOf|companyOf|callerCompany)\((req|auth)\b/g)) {
    findings.push(`${r}:${lineOf(src, m.index)}: a caller built by hand (use callerOf(req) or tenantCallerOf(req))`);
  }
  for (const m of src.matchAll(/\bcatch\s*(\([^)]*\))?\s*\{\s*\}/g)) {
    findings.push(`${r}:${lineOf(src, m.index)}: empty catch (log it, or say why it is safe to ignore)`);
  }
  for (const m of src.matchAll(/\.catch\(\s*\(\s*\)\s*=>\s*(\{\s*\}|undefined|null)\s*\)/g)) {
    findings.push(`${r}:${lineOf(src, m.index)}: swallowed promise rejection`);
  }
  // a role named in a comparison, anywhere (policies too): a policy asks the permission table (holds), which is
  // where role names live (packages/shared/src/permissions.ts; decision 259)
  for (const m of src.matchAll(/\.role\s*[!=]==?\s*['"`]|['"`]\s*[!=]==?\s*[\w.]*\.role\b/g)) {
    findings.push(`${r}:${lineOf(src, m.index)}: a role name compared (ask the permission table: holds(auth, key))`);
  }
  if (r !== 'apps/server/src/lib/download.ts') {
    // a multipart part a request builds (`Content-Disposition: form-data; ...`) is not an answer's header
    for (const m of src.matchAll(/content-disposition(?!:\s*form-data)/gi)) {
      findings.push(
        `${r}:${lineOf(src, m.index)}: Content-Disposition written by hand (use sendDownload, lib/download.ts)`,
      );
    }
  }
  if (!r.endsWith('.policy.ts') && !r.startsWith('apps/server/src/plugins/')) {
    for (const m of src.matchAll(/\.role\s*[!=]==|[!=]==\s*[\w.]*\.role\b|\bcan\(\s*\{|\bholds\(/g)) {
      findings.push(`${r}:${lineOf(src, m.index)}: role test outside a policy (${m[0].trim()})`);
    }
  }
}

// ---------------------------------------------------------------- import graph and cycles
const IMPORT = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g;

// ---------------------------------------------------------------- web rules
// the web app calls the server one way (app/api/client.ts: JSON, uploads, blobs, downloads; decision 265)
for (const f of walk(path.join(root, 'apps/web/src')).filter((x) => !isTest(x))) {
  const r = rel(f);
  if (r.startsWith('apps/web/src/app/api/')) continue;
  const src = stripComments(fs.readFileSync(f, 'utf8'));
  for (const m of src.matchAll(/(?<![\w.$])fetch\s*\(|new\s+XMLHttpRequest\b/g)) {
    findings.push(`${r}:${lineOf(src, m.index)}: a call to the server outside app/api/client.ts (use api.*)`);
  }
  for (const m of src.matchAll(/createElement\(\s*['"]a['"]\s*\)/g)) {
    findings.push(`${r}:${lineOf(src, m.index)}: a file saved by hand (use saveBlob or api.download)`);
  }
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const cand of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(cand) && fs.statSync(cand).isFile()) return cand;
  }
  const noJs = base.replace(/\.js$/, '');
  for (const cand of [`${noJs}.ts`, `${noJs}.tsx`]) if (fs.existsSync(cand)) return cand;
  return null;
}

/** Value imports only: `import type` and `export type` vanish at run time and make no cycle. */
function graphOf(files) {
  const g = new Map();
  for (const f of files) {
    const src = stripComments(fs.readFileSync(f, 'utf8'));
    const deps = new Set();
    for (const m of src.matchAll(IMPORT)) {
      if (m[2]) continue;
      // `import { type A, type B } from` is type-only too
      const clause = m[0];
      const braces = /\{([^}]*)\}/.exec(clause);
      const onlyTypes =
        braces &&
        !/import\s+[\w$]+\s*,/.test(clause) &&
        braces[1]
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .every((s) => s.startsWith('type '));
      if (onlyTypes) continue;
      const to = resolveImport(f, m[3]);
      if (to) deps.add(to);
    }
    g.set(f, deps);
  }
  return g;
}

/** Tarjan's strongly connected components; every component of more than one node is a cycle. */
function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v)?.has(v) ?? false)) out.push(comp);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

function groupGraph(fileGraph, groupOf) {
  const g = new Map();
  for (const [f, deps] of fileGraph) {
    const a = groupOf(f);
    if (!a) continue;
    if (!g.has(a)) g.set(a, new Set());
    for (const d of deps) {
      const b = groupOf(d);
      if (b && b !== a) g.get(a).add(b);
    }
  }
  return g;
}

/** An example path through a cycle, to say where it goes. */
function exampleEdges(fileGraph, groupOf, comp) {
  const set = new Set(comp);
  const edges = [];
  for (const [f, deps] of fileGraph) {
    const a = groupOf(f);
    if (!set.has(a)) continue;
    for (const d of deps) {
      const b = groupOf(d);
      if (b !== a && set.has(b)) edges.push(`${rel(f)} -> ${rel(d)}`);
    }
  }
  return edges.slice(0, 6).join('; ');
}

/** A server module reaches another only through its service, policy, events or error helpers (value imports). */
const PUBLIC_FACE = /\.(service|policy|events|errors)\.ts$/;
{
  const files = walk(serverSrc).filter((f) => !isTest(f));
  const fg = graphOf(files);
  const moduleOf = (f) => /apps\/server\/src\/modules\/([^/]+)\//.exec(rel(f))?.[1] ?? null;
  for (const [f, deps] of fg) {
    const a = moduleOf(f);
    if (!a) continue;
    for (const d of deps) {
      const b = moduleOf(d);
      if (!b || b === a || PUBLIC_FACE.test(d)) continue;
      if (f.endsWith('.module.ts') && /\.(routes|module)\.ts$/.test(d)) continue;
      findings.push(`${rel(f)}: reaches module ${b} past its service (${rel(d)})`);
    }
  }
}

const areas = [
  { dir: 'apps/server/src', group: /apps\/server\/src\/modules\/([^/]+)\//, what: 'server module' },
  { dir: 'apps/web/src', group: /apps\/web\/src\/features\/([^/]+)\//, what: 'web feature' },
  { dir: 'packages/shared/src', group: null, what: '' },
  { dir: 'packages/screening/src', group: null, what: '' },
];
for (const area of areas) {
  const files = walk(path.join(root, area.dir)).filter((f) => !isTest(f));
  const fg = graphOf(files);
  for (const comp of cycles(fg)) {
    findings.push(`import cycle between files: ${comp.map(rel).sort().join(' <-> ')}`);
  }
  if (area.group) {
    const groupOf = (f) => area.group.exec(rel(f))?.[1] ?? null;
    for (const comp of cycles(groupGraph(fg, groupOf))) {
      findings.push(
        `import cycle between ${area.what}s ${comp.sort().join(' <-> ')} (${exampleEdges(fg, groupOf, comp)})`,
      );
    }
  }
}

if (findings.length) {
  for (const f of findings) console.error(f);
  console.error(`check-architecture: ${findings.length} finding(s); see docs/architecture.md`);
  process.exit(1);
}
console.log('check-architecture: repositories only, no cycles, policies only, config only: ok');
