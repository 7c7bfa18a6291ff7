#!/usr/bin/env node
// The house rules that a linter cannot see, checked on every `npm run lint` (docs/architecture.md):
//  1. only repositories (`*.repo.ts`) and the database and job layers (`src/db/`, `src/jobs/`) of the server touch
//     Kysely's query builders or raw SQL, or import a Kysely value (`import type` is fine);
//  2. no dynamic `import()` in server code (it hides cycles);
//  3. no import cycle between files, type-only imports included, nor between the server's modules or the web app's
//     features; a server module is reached from outside only through its face, modules/<x>/index.ts (decision 263);
//     lib/, db/ and plugins/ import no module (decision 264). Imports are read from the TypeScript scanner's tokens:
//     `import`, `import type`, `export ... from`, `import x = require()`, `import('x')` types;
//  4. role tests only in `*.policy.ts` and the access plugin, and no role name compared anywhere (holds() asks the
//     permission table);
//  5. configuration read only in config.ts (`process.env`, `const { env } = process`), no `env === 'test'` branch, no
//     empty catch;
//  6. a server source file stays under 400 lines, or is named in OVER_BUDGET with its reason;
//  7. a file answered only through lib/download.ts (no Content-Disposition written anywhere else, decision 260);
//  8. no listener list held by a file of the server (a module-level Set or Map of listeners): a module declares its
//     listeners in its registration and they live on the application's bus, jobs/events.ts (decision 281).
// Usage: node scripts/check-architecture.mjs [root]   (exit 1 and one line per finding when a rule is broken)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LanguageVariant, SyntaxKind } from 'typescript/unstable/ast';
import { computeLineStarts, createScanner } from 'typescript/unstable/ast/scanner';

// A server source file stays under 400 lines; these are over it, each for its reason (also written at its top).
const LINE_BUDGET = 400;
const OVER_BUDGET = {
  'modules/auth/auth.service.ts': 'sign-in, the challenge, sessions, recovery and password changes are one life cycle',
  'modules/bulk-loads/bulk-loads.job.ts': 'the two passes of a load share their batch state; to split: the batch step',
  'modules/fichas/fichas.pep.repo.ts': 'every source of the PEP status, read together by the PEP jobs (decision 170)',
  'modules/fichas/fichas.rating.service.ts': "the rating's settings, beneficial owners and review periods; to split",
  'modules/fichas/fichas.service.ts': 'the audited changes of a ficha, each in its transaction, and the face helpers',
  'modules/forms/forms.public.ts': 'the public signing flow, one step after the other behind one link check',
  'modules/inspection/inspection.customer.ts': "the sections of the customer's file, in the order a person reads them",
  'modules/lists/lists.index.ts': 'the index state, its loading and saving are one lifecycle under one serial queue',
  'modules/lists/lists.parse.ts': 'the readers of every list format; to split by format',
  'modules/monitoring/monitoring.service.ts': "the sweep of a changed list over the company's fichas and its alerts",
  'modules/operations/operations.repo.ts': 'the operation and its participants are written together',
  'modules/people/people.import.service.ts': "the Brazil PEP list's import and its report of every line",
  'modules/people/people.service.ts': "the register's changes, each audited; to split: reads and writes",
  'modules/relationships/relationships.service.ts': "a ficha's relations, each change rating the ficha again",
};

/**
 * What importsOf read, by file, kept while the source is unchanged: the tests run the check many times on one copy
 * of the sources, each time with one file planted or changed.
 */
const IMPORTS_CACHE = new Map();

/** Every finding of the rules above for the sources under root, one line each (none: the rules hold). */
export function checkArchitecture(root) {
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
    // a listener list held by the file (process-wide, shared by every application of the process): the bus holds them
    if (r !== 'apps/server/src/jobs/events.ts') {
      const HELD =
        /^(?:export\s+)?(?:const|let|var)\s+(\w+)[^=\n]*=\s*(?:\{[^}]*?)?new\s+(?:Set|Map)\s*<([^>\n]*(?:=>[^>\n]*)?)>/gm;
      for (const m of src.matchAll(HELD)) {
        if (/listener|subscriber|handler|callback|hook/i.test(`${m[1]} ${m[2]}`) || m[2].trim().startsWith('(')) {
          findings.push(
            `${r}:${lineOf(src, m.index)}: a listener list held by the file (${m[1]}); declare listeners in the module's registration (deps.bus)`,
          );
        }
      }
    }
    if (!r.endsWith('.policy.ts') && !r.startsWith('apps/server/src/plugins/')) {
      for (const m of src.matchAll(/\.role\s*[!=]==|[!=]==\s*[\w.]*\.role\b|\bcan\(\s*\{|\bholds\(/g)) {
        findings.push(`${r}:${lineOf(src, m.index)}: role test outside a policy (${m[0].trim()})`);
      }
    }
  }

  // ---------------------------------------------------------------- imports, read from the compiler's tokens
  // TypeScript 7 ships its scanner as a JavaScript API (its parser runs in the native compiler), so the imports are read
  // from the scanner's tokens: comments, strings, template literals and regular expressions are the compiler's own, and
  // `import`, `import type`, `export ... from`, `import x = require()` and `import()` are read as statements.
  const K = SyntaxKind;
  const REGEX_AFTER_KEYWORD = new Set([
    K.ReturnKeyword,
    K.TypeOfKeyword,
    K.InstanceOfKeyword,
    K.InKeyword,
    K.OfKeyword,
    K.NewKeyword,
    K.DeleteKeyword,
    K.VoidKeyword,
    K.ThrowKeyword,
    K.CaseKeyword,
    K.DoKeyword,
    K.ElseKeyword,
    K.YieldKeyword,
    K.AwaitKeyword,
  ]);
  const endsExpression = (k) =>
    k === K.Identifier ||
    k === K.NumericLiteral ||
    k === K.BigIntLiteral ||
    k === K.StringLiteral ||
    k === K.RegularExpressionLiteral ||
    k === K.NoSubstitutionTemplateLiteral ||
    k === K.TemplateTail ||
    k === K.CloseParenToken ||
    k === K.CloseBracketToken ||
    k === K.PlusPlusToken ||
    k === K.MinusMinusToken ||
    (k >= K.FirstKeyword && k <= K.LastKeyword && !REGEX_AFTER_KEYWORD.has(k));

  /** The file's tokens (kind, text, line, depth in braces), trivia left out. */
  function tokensOf(text) {
    const s = createScanner(true, LanguageVariant.Standard, text);
    const lineStarts = computeLineStarts(text);
    const lineOfPos = (pos) => {
      let lo = 0;
      let hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid] <= pos) lo = mid;
        else hi = mid - 1;
      }
      return lo + 1;
    };
    const out = [];
    const braces = [];
    let prev = null;
    let lastEnd = -1;
    for (;;) {
      let k = s.scan();
      if (k === K.EndOfFile) break;
      if (s.getTokenEnd() <= lastEnd) {
        // JSX text (`<th>#</th>`) is not a token of the standard scanner: step over the character it stops on
        s.resetTokenState(lastEnd + 1);
        lastEnd++;
        continue;
      }
      lastEnd = s.getTokenEnd();
      if ((k === K.SlashToken || k === K.SlashEqualsToken) && (prev === null || !endsExpression(prev))) {
        k = s.reScanSlashToken();
      }
      const depth = braces.length;
      if (k === K.OpenBraceToken) braces.push('{');
      else if (k === K.TemplateHead) braces.push('`');
      else if (k === K.CloseBraceToken) {
        if (braces.at(-1) === '`') {
          k = s.reScanTemplateToken(false);
          if (k === K.TemplateTail) braces.pop();
        } else braces.pop();
      }
      out.push({ k, text: s.getTokenText(), value: s.getTokenValue(), line: lineOfPos(s.getTokenStart()), depth });
      prev = k;
    }
    return out;
  }

  /**
   * Every import of a file: `{ spec, typeOnly, line }`. `typeOnly` is true for `import type`, `export type ... from`,
   * `import { type A, type B }` and `typeof import('x')`, which vanish at run time.
   */
  function importsOf(file) {
    const text = fs.readFileSync(file, 'utf8');
    const known = IMPORTS_CACHE.get(file);
    if (known?.text === text) return known.result;
    const result = readImports(text);
    IMPORTS_CACHE.set(file, { text, result });
    return result;
  }

  function readImports(text) {
    const toks = tokensOf(text);
    const out = [];
    const at = (i) => toks[i] ?? { k: K.EndOfFile };
    const isString = (t) => t.k === K.StringLiteral || t.k === K.NoSubstitutionTemplateLiteral;
    /** From token i (the clause's start) to its `from 'x'`: the index of the string, and whether all names are types. */
    const clause = (i) => {
      let typeOnly = true;
      let names = 0;
      let level = 0;
      let elementStart = true;
      for (let j = i; j < toks.length; j++) {
        const t = toks[j];
        if (t.k === K.FromKeyword && level === 0 && isString(at(j + 1)))
          return { str: j + 1, typeOnly: typeOnly && names > 0 };
        if (t.k === K.SemicolonToken || (level === 0 && t.k === K.ImportKeyword)) return null;
        if (t.k === K.OpenBraceToken) {
          level++;
          elementStart = true;
          continue;
        }
        if (t.k === K.CloseBraceToken) {
          level--;
          if (level === 0 && at(j + 1).k !== K.FromKeyword) return null;
          continue;
        }
        if (level === 0) {
          typeOnly = false; // a default import or `* as ns`
          names++;
          continue;
        }
        if (t.k === K.CommaToken) {
          elementStart = true;
          continue;
        }
        if (elementStart) {
          names++;
          if (
            !(
              t.k === K.TypeKeyword &&
              at(j + 1).k !== K.CommaToken &&
              at(j + 1).k !== K.CloseBraceToken &&
              at(j + 1).k !== K.AsKeyword
            )
          )
            typeOnly = false;
          elementStart = false;
        }
      }
      return null;
    };
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i];
      const before = at(i - 1);
      if (before.k === K.DotToken || before.k === K.QuestionDotToken) continue;
      if (t.k === K.ImportKeyword) {
        const n = at(i + 1);
        if (n.k === K.OpenParenToken) {
          if (isString(at(i + 2)))
            out.push({
              spec: at(i + 2).value,
              typeOnly: before.k === K.TypeOfKeyword,
              line: t.line,
              dynamic: before.k !== K.TypeOfKeyword,
            });
          continue;
        }
        if (n.k === K.DotToken) continue; // import.meta
        if (isString(n)) {
          out.push({ spec: n.value, typeOnly: false, line: t.line });
          continue;
        }
        const typeWord = n.k === K.TypeKeyword && at(i + 2).k !== K.FromKeyword && at(i + 2).k !== K.CommaToken;
        const start = typeWord ? i + 2 : i + 1;
        if (at(start).k === K.Identifier && at(start + 1).k === K.EqualsToken && at(start + 2).k === K.RequireKeyword) {
          if (isString(at(start + 4))) out.push({ spec: at(start + 4).value, typeOnly: typeWord, line: t.line });
          continue;
        }
        const c = clause(start);
        if (c) out.push({ spec: toks[c.str].value, typeOnly: typeWord || c.typeOnly, line: t.line });
        continue;
      }
      if (t.k === K.ExportKeyword) {
        const n = at(i + 1);
        const typeWord = n.k === K.TypeKeyword && (at(i + 2).k === K.OpenBraceToken || at(i + 2).k === K.AsteriskToken);
        const start = typeWord ? i + 2 : i + 1;
        if (at(start).k !== K.OpenBraceToken && at(start).k !== K.AsteriskToken) continue;
        const c = clause(start);
        if (c)
          out.push({
            spec: toks[c.str].value,
            typeOnly: typeWord || (at(start).k === K.OpenBraceToken && c.typeOnly),
            line: t.line,
          });
      }
    }
    return { toks, imports: out };
  }

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

  const parsed = new Map();
  const parse = (f) => {
    if (!parsed.has(f)) parsed.set(f, importsOf(f));
    return parsed.get(f);
  };

  /** Every import edge between files, type-only ones included: a cycle of types is still a cycle (decision 264). */
  function graphOf(files) {
    const g = new Map();
    for (const f of files) {
      const deps = new Set();
      for (const i of parse(f).imports) {
        // a lazy `import()` (the web app's pages) loads later and closes no circle; the server has none (rule 2)
        if (i.dynamic) continue;
        const to = resolveImport(f, i.spec);
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

  // ---------------------------------------------------------------- server layers and module faces
  // A server module's face is its `index.ts` (decision 263): every file outside modules/<x>/ reaches <x> only through
  // modules/<x>/index.ts. lib/, db/ and plugins/ are below the modules and import none of them, not even a type
  // (decision 264). Kysely values (`sql`, expression helpers) only in repositories, db/ and jobs/; `import type` is fine.
  {
    const moduleOf = (f) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(rel(f))?.[1] ?? null;
    const layerOf = (f) => /^apps\/server\/src\/(lib|db|plugins)\//.exec(rel(f))?.[1] ?? null;
    const isFace = (f) => /^apps\/server\/src\/modules\/[^/]+\/index\.ts$/.test(rel(f));
    for (const f of serverFiles) {
      const r = rel(f);
      const a = moduleOf(f);
      const layer = layerOf(f);
      for (const i of parse(f).imports) {
        if (i.spec === 'kysely' && !i.typeOnly && !dbAllowed(f)) {
          findings.push(`${r}:${i.line}: a Kysely value imported outside a repository (import type is fine)`);
        }
        const to = resolveImport(f, i.spec);
        if (!to) continue;
        const b = moduleOf(to);
        if (!b) continue;
        if (layer) {
          findings.push(
            `${r}:${i.line}: ${layer}/ imports module ${b} (${rel(to)}); move it down or pass it in AppDeps`,
          );
        } else if (b !== a && !isFace(to)) {
          findings.push(
            `${r}:${i.line}: reaches module ${b}'s inner file ${rel(to)} (import '${b}' through its index.ts)`,
          );
        }
      }
    }
  }

  // ---------------------------------------------------------------- web feature faces
  // A web feature reaches another only through its index.ts (decision 268), as a server module does; the app shell
  // (app/) may load a feature's pages and routes directly (lazy pages), a feature's tests their own feature's files.
  {
    const featureOf = (f) => /^apps\/web\/src\/features\/([^/]+)\//.exec(rel(f))?.[1] ?? null;
    const isFeatureFace = (f) => /^apps\/web\/src\/features\/[^/]+\/index\.tsx?$/.test(rel(f));
    for (const f of walk(path.join(root, 'apps/web/src'))) {
      const a = featureOf(f);
      if (!a) continue;
      for (const i of parse(f).imports) {
        // a lazy page (`import('../x/pages/Page')`) is a chunk of its own, loaded by a routes file: not through an index
        if (i.dynamic) continue;
        const to = resolveImport(f, i.spec);
        if (!to) continue;
        const b = featureOf(to);
        if (b && b !== a && !isFeatureFace(to)) {
          findings.push(
            `${rel(f)}:${i.line}: reaches feature ${b}'s inner file ${rel(to)} (import it through its index.ts)`,
          );
        }
      }
    }
  }

  // ---------------------------------------------------------------- the environment, read only in config.ts
  // `process.env.X`, `process['env']` and `const { env } = process`, read from the tokens (comments and strings aside).
  for (const f of serverFiles) {
    const r = rel(f);
    if (r === 'apps/server/src/config.ts') continue;
    const toks = parse(f).toks;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i];
      if (t.text !== 'process' || toks[i - 1]?.k === SyntaxKind.DotToken) continue;
      const n1 = toks[i + 1];
      const n2 = toks[i + 2];
      const member =
        (n1?.k === SyntaxKind.DotToken && n2?.text === 'env') ||
        (n1?.k === SyntaxKind.OpenBracketToken && n2?.value === 'env');
      let destructured = false;
      if (toks[i - 1]?.k === SyntaxKind.EqualsToken && toks[i - 2]?.k === SyntaxKind.CloseBraceToken) {
        for (let j = i - 3, level = 0; j >= 0; j--) {
          if (toks[j].k === SyntaxKind.CloseBraceToken) level++;
          else if (toks[j].k === SyntaxKind.OpenBraceToken) {
            if (level === 0) break;
            level--;
          } else if (level === 0 && toks[j].text === 'env') destructured = true;
        }
      }
      if (member || destructured) findings.push(`${r}:${t.line}: environment read outside config.ts`);
    }
  }

  // ---------------------------------------------------------------- line budget
  for (const f of serverFiles) {
    const r = rel(f);
    const lines = fs.readFileSync(f, 'utf8').split('\n').length;
    if (lines > LINE_BUDGET && !(r.replace('apps/server/src/', '') in OVER_BUDGET)) {
      findings.push(
        `${r}: ${lines} lines, over the budget of ${LINE_BUDGET} (split it, or name it in OVER_BUDGET with why)`,
      );
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

  return findings;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const findings = checkArchitecture(path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..')));
  if (findings.length) {
    for (const f of findings) console.error(f);
    console.error(`check-architecture: ${findings.length} finding(s); see docs/architecture.md`);
    process.exit(1);
  }
  console.log('check-architecture: repositories only, no cycles, policies only, config only, listeners on the bus: ok');
}
