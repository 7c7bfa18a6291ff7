import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArchitecture } from '../../../scripts/check-architecture.mjs';

// The house rules of docs/architecture.md are checked by scripts/check-architecture.mjs in `npm run lint`. These
// tests run it on a temporary copy of the sources: the copy passes as it is, and each planted leak makes it fail
// with a line naming the file.
const repo = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'packages/screening/src'];

/** The script as `npm run lint` runs it: its exit code and what it printed. */
function runScript(root: string) {
  const r = spawnSync(process.execPath, [path.join(repo, 'scripts/check-architecture.mjs'), root], {
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/**
 * The same rules called in this process (the script's checkArchitecture, which the script prints): each run reads
 * again only the files changed since the last (about 0.2 against 2 s a run).
 */
function check(root: string) {
  const findings = checkArchitecture(root);
  return { status: findings.length ? 1 : 0, out: findings.join('\n') };
}

describe('the architecture check', () => {
  let root: string;
  const plant = (rel: string, text: string) => {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return () => fs.rmSync(file);
  };
  const append = (rel: string, text: string) => {
    const file = path.join(root, rel);
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `${before}\n${text}\n`);
    return () => fs.writeFileSync(file, before);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-arch-'));
    for (const dir of SOURCES) fs.cpSync(path.join(repo, dir), path.join(root, dir), { recursive: true });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('passes on the sources as they are', () => {
    const r = runScript(root);
    expect(r.out).toContain('ok');
    expect(r.status).toBe(0);
    expect(check(root)).toEqual({ status: 0, out: '' });
  });

  it('prints each finding and exits 1', () => {
    const undo = plant('apps/server/src/modules/zz-env/zz-env.service.ts', 'export const x = process.env.X;\n');
    const r = runScript(root);
    undo();
    expect(r.status).toBe(1);
    expect(r.out).toContain('zz-env.service.ts:1: environment read outside config.ts');
    expect(r.out).toContain('check-architecture: 1 finding(s)');
  });

  it('fails on a query written outside a repository', () => {
    const undo = plant(
      'apps/server/src/modules/fichas/fichas.leak.ts',
      "import type { Executor } from '../../db/tenant';\nexport const leak = (db: Executor) => db.selectFrom('fichas').selectAll().execute();\n",
    );
    const r = check(root);
    undo();
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/fichas\.leak\.ts:2: database access outside a repository \(\.selectFrom\(/);
  });

  it('fails on raw SQL in a service, and accepts the same in a repository', () => {
    const text = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";
    let undo = plant('apps/server/src/modules/tags/tags.raw.ts', text);
    const inService = check(root);
    undo();
    undo = plant('apps/server/src/modules/tags/tags.raw.repo.ts', text);
    const inRepo = check(root);
    undo();
    expect(inService.status).toBe(1);
    expect(inService.out).toContain('tags.raw.ts:2: database access outside a repository');
    expect(inRepo.status).toBe(0);
  });

  it('fails on an import cycle between two server modules', () => {
    const undoA = plant(
      'apps/server/src/modules/zz-a/zz-a.service.ts',
      "import { b } from '../zz-b/zz-b.service';\nexport const a = () => b;\n",
    );
    const undoB = plant(
      'apps/server/src/modules/zz-b/zz-b.service.ts',
      "import { a } from '../zz-a/zz-a.service';\nexport const b = () => a;\n",
    );
    const r = check(root);
    undoA();
    undoB();
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/import cycle between server modules zz-a <-> zz-b/);
  });

  it("fails on an import of another module's inner file, in every form, and accepts its index (decision 263)", () => {
    const undo = plant(
      'apps/server/src/modules/tags/tags.sneaky.ts',
      [
        "import { findFicha } from '../fichas/fichas.repo';",
        "import type { FichaRow } from '../../db/tables/fichas.tables';",
        "import type { RatingSettings } from '../fichas/fichas.rating.service';",
        "export { fichasAccess } from '../fichas/fichas.policy';",
        "export type { FichasEvent } from '../fichas/fichas.events';",
        'export const f = (r: FichaRow, s: RatingSettings) => [findFicha, r, s];',
        '',
      ].join('\n'),
    );
    const inner = check(root);
    undo();
    const undoFace = plant(
      'apps/server/src/modules/tags/tags.polite.ts',
      [
        "import { fichasAccess, type RatingSettings } from '../fichas';",
        "// import { findFicha } from '../fichas/fichas.repo';",
        "/* export { fichasAccess } from '../fichas/fichas.policy'; */",
        'export const said = "import { findFicha } from \'../fichas/fichas.repo\';";',
        'export const f = (s: RatingSettings) => [fichasAccess, s];',
        '',
      ].join('\n'),
    );
    const face = check(root);
    undoFace();
    expect(inner.status).toBe(1);
    expect(inner.out).toContain("tags.sneaky.ts:1: reaches module fichas's inner file");
    expect(inner.out).toContain("tags.sneaky.ts:3: reaches module fichas's inner file");
    expect(inner.out).toContain("tags.sneaky.ts:4: reaches module fichas's inner file");
    expect(inner.out).toContain("tags.sneaky.ts:5: reaches module fichas's inner file");
    // the table interfaces live in db/ (below the modules), which any module may import
    expect(inner.out).not.toContain('tags.sneaky.ts:2:');
    expect(face.out).toBe('');
    expect(face.status).toBe(0);
  });

  it('fails on lib/, db/ or plugins/ importing a module, even a type or through its index (decision 264)', () => {
    const undoLib = plant(
      'apps/server/src/lib/zz-layer.ts',
      "import type { FichaView } from '../modules/fichas';\nexport type V = FichaView;\n",
    );
    const undoDb = plant(
      'apps/server/src/db/zz-layer.ts',
      "export type { FichasEvent } from '../modules/fichas/fichas.events';\n",
    );
    const undoPlugin = plant(
      'apps/server/src/plugins/zz-layer.ts',
      "import { authenticate } from '../modules/auth';\nexport const a = authenticate;\n",
    );
    const r = check(root);
    for (const u of [undoLib, undoDb, undoPlugin]) u();
    expect(r.status).toBe(1);
    expect(r.out).toContain('lib/zz-layer.ts:1: lib/ imports module fichas');
    expect(r.out).toContain('db/zz-layer.ts:1: db/ imports module fichas');
    expect(r.out).toContain('plugins/zz-layer.ts:1: plugins/ imports module auth');
  });

  it('fails on a Kysely value imported outside a repository, and accepts a type', () => {
    let undo = plant(
      'apps/server/src/modules/tags/tags.kysely.ts',
      "import { expressionBuilder, type Kysely } from 'kysely';\nexport const e = [expressionBuilder] as unknown as Kysely<never>;\n",
    );
    const value = check(root);
    undo();
    undo = plant(
      'apps/server/src/modules/tags/tags.kysely.ts',
      "import type { Kysely } from 'kysely';\nexport type K = Kysely<never>;\n",
    );
    const typeOnly = check(root);
    undo();
    expect(value.status).toBe(1);
    expect(value.out).toContain('tags.kysely.ts:1: a Kysely value imported outside a repository');
    expect(typeOnly.status).toBe(0);
  });

  it('fails on a cycle between modules through different files, type-only imports included', () => {
    const undoA = plant(
      'apps/server/src/modules/zz-a/zz-a.service.ts',
      "import { bHelper } from '../zz-b/zz-b.policy';\nexport const a = () => bHelper;\nexport const aHelper = 1;\n",
    );
    const undoB1 = plant('apps/server/src/modules/zz-b/zz-b.policy.ts', 'export const bHelper = 2;\n');
    const undoB2 = plant(
      'apps/server/src/modules/zz-b/zz-b.service.ts',
      "import { aHelper } from '../zz-a/zz-a.service';\nexport const b = () => aHelper;\n",
    );
    const valueCycle = check(root);
    undoB2();
    const undoB3 = plant(
      'apps/server/src/modules/zz-b/zz-b.service.ts',
      "import type { aHelper } from '../zz-a/zz-a.service';\nexport const b = (x: typeof aHelper) => x;\n",
    );
    const typeOnly = check(root);
    for (const u of [undoA, undoB1, undoB3]) u();
    expect(valueCycle.status).toBe(1);
    expect(valueCycle.out).toContain('import cycle between server modules zz-a <-> zz-b');
    expect(typeOnly.status).toBe(1);
    expect(typeOnly.out).toContain('import cycle between server modules zz-a <-> zz-b');
  });

  it('fails on a circle of type-only imports between two files of one module', () => {
    const undoA = plant(
      'apps/server/src/modules/tags/tags.zz-one.ts',
      "import type { Two } from './tags.zz-two';\nexport interface One { two: Two }\n",
    );
    const undoB = plant(
      'apps/server/src/modules/tags/tags.zz-two.ts',
      "import { type One } from './tags.zz-one';\nexport interface Two { one: One }\n",
    );
    const r = check(root);
    undoA();
    undoB();
    expect(r.status).toBe(1);
    expect(r.out).toContain(
      'import cycle between files: apps/server/src/modules/tags/tags.zz-one.ts <-> apps/server/src/modules/tags/tags.zz-two.ts',
    );
  });

  it('fails on the environment read around config.ts, destructured or indexed, and on a file over 400 lines', () => {
    const undoEnv = plant(
      'apps/server/src/modules/tags/tags.env.ts',
      [
        "// process.env.LIMIT is read in config.ts, and 'process.env' in a string is no read",
        "export const said = 'process.env.LIMIT';",
        'const { env } = process;',
        "export const limit = env.LIMIT ?? process['env'].LIMIT;",
        '',
      ].join('\n'),
    );
    const undoLong = plant('apps/server/src/modules/tags/tags.long.ts', 'export const a = 1;\n'.repeat(401));
    const r = check(root);
    undoEnv();
    undoLong();
    expect(r.status).toBe(1);
    expect(r.out).not.toContain('tags.env.ts:1:');
    expect(r.out).not.toContain('tags.env.ts:2:');
    expect(r.out).toContain('tags.env.ts:3: environment read outside config.ts');
    expect(r.out).toContain('tags.env.ts:4: environment read outside config.ts');
    expect(r.out).toContain('tags.long.ts: 402 lines, over the budget of 400');
  });

  it('fails on a dynamic import, an environment read, a test branch, an empty catch and a role test', () => {
    const undo = plant(
      'apps/server/src/modules/tags/tags.smells.ts',
      [
        'export async function f(auth: { role: string }, env: string) {',
        "  const m = await import('node:path');",
        '  const limit = process.env.LIMIT;',
        "  if (env === 'test') return m;",
        '  try { JSON.parse(String(limit)); } catch {}',
        "  return auth.role === 'superAdmin';",
        '}',
        '',
      ].join('\n'),
    );
    const r = check(root);
    undo();
    expect(r.status).toBe(1);
    expect(r.out).toContain('tags.smells.ts:2: dynamic import()');
    expect(r.out).toContain('tags.smells.ts:3: environment read outside config.ts');
    expect(r.out).toContain('tags.smells.ts:4: a branch on the test environment');
    expect(r.out).toContain('tags.smells.ts:5: empty catch');
    expect(r.out).toContain('tags.smells.ts:6: role test outside a policy');
  });

  it('fails on a Content-Disposition written outside lib/download.ts', () => {
    const undo = plant(
      'apps/server/src/modules/tags/tags.download.ts',
      [
        "import type { FastifyReply } from 'fastify';",
        'export const send = (reply: FastifyReply, name: string, bytes: Buffer) =>',
        '  reply.header(\'Content-Disposition\', `attachment; filename="${name}"`).send(bytes);',
        '',
      ].join('\n'),
    );
    const r = check(root);
    undo();
    expect(r.status).toBe(1);
    expect(r.out).toContain('tags.download.ts:3: Content-Disposition written by hand (use sendDownload');
  });

  it('fails on a listener list held by a file, in a Set, a Map or an object of them, and accepts one in a function (decision 281)', () => {
    const undo = plant(
      'apps/server/src/modules/tags/tags.events.ts',
      [
        'type TagListener = (id: string) => Promise<void>;',
        'const listeners = new Set<TagListener>();',
        'export const byKind = { added: new Set<(id: string) => void>(), removed: new Set<TagListener>() };',
        'export let hooks = new Map<string, TagListener>();',
        '// one per call, dropped with it: not held by the file',
        'export function once() {',
        '  const seen = new Set<TagListener>();',
        '  return seen.size + listeners.size;',
        '}',
        'const seenIds = new Set<string>();',
        'export const count = () => seenIds.size;',
        '',
      ].join('\n'),
    );
    const r = check(root);
    undo();
    expect(r.status).toBe(1);
    const held = r.out.split('\n').filter((l) => l.includes('a listener list held by the file'));
    expect(held.map((l) => l.split(': a listener')[0])).toEqual([
      'apps/server/src/modules/tags/tags.events.ts:2',
      'apps/server/src/modules/tags/tags.events.ts:3',
      'apps/server/src/modules/tags/tags.events.ts:4',
    ]);
    expect(r.out).toContain("declare listeners in the module's registration (deps.bus)");
  });

  it('accepts a role test in a policy file that asks the permission table', () => {
    const undo = plant(
      'apps/server/src/modules/tags/tags.extra.policy.ts',
      "import { holds } from '../../plugins/policy';\nexport const mayClean = (auth: never) => holds(auth, 'superadmin');\n",
    );
    const r = check(root);
    undo();
    expect(r.status).toBe(0);
  });

  it('fails on a web feature reaching another feature past its index.ts (decision 268)', () => {
    const undo = plant(
      'apps/web/src/features/manuals/components/Sneaky.tsx',
      "import { PeriodPicker } from '../../reports/components/PeriodPicker';\nimport { usersApi } from '../../users';\nexport const a = [PeriodPicker, usersApi];\nexport const lazy = () => import('../../reports/pages/CoafPage');\n",
    );
    const r = check(root);
    undo();
    expect(r.status).toBe(1);
    expect(r.out).toContain("Sneaky.tsx:1: reaches feature reports's inner file");
    expect(r.out).not.toContain('Sneaky.tsx:2');
    expect(r.out).not.toContain('Sneaky.tsx:4');
  });

  it('fails on a web call to the server or a file saved outside the one API client (decision 265)', () => {
    const undo = plant(
      'apps/web/src/features/manuals/api/sneaky.ts',
      "export const a = () => fetch('/api/users/me');\nexport const b = () => new XMLHttpRequest();\nexport const c = () => document.createElement('a');\nexport const ok = (q: { prefetch(): void }) => q.prefetch();\n",
    );
    const r = check(root);
    undo();
    expect(r.status).toBe(1);
    expect(r.out).toContain('sneaky.ts:1: a call to the server outside app/api/client.ts');
    expect(r.out).toContain('sneaky.ts:2: a call to the server outside app/api/client.ts');
    expect(r.out).toContain('sneaky.ts:3: a file saved by hand');
    expect(r.out).not.toContain('sneaky.ts:4');
  });

  it('fails on a role name compared, even in a policy file (decision 259)', () => {
    const undo = plant(
      'apps/server/src/modules/tags/tags.extra.policy.ts',
      "export const mayClean = (auth: { role: string }) => auth.role === 'superAdmin';\nexport const isAdmin = (c: { auth: { role: string } }) => 'admin' !== c.auth.role;\n",
    );
    const r = check(root);
    undo();
    expect(r.status).toBe(1);
    expect(r.out).toContain('tags.extra.policy.ts:1: a role name compared');
    expect(r.out).toContain('tags.extra.policy.ts:2: a role name compared');
  });

  it('fails on an audit row written around lib/audit.ts and on a cycle between web features', () => {
    const undoAudit = append(
      'apps/server/src/modules/health/health.routes.ts',
      "import { insertAudit } from '../../db/audit.repo';\nexport const sneaky = insertAudit;\nvoid insertAudit(null as never, null as never);",
    );
    const undoA = plant(
      'apps/web/src/features/zz-a/zz-a.ts',
      "import { b } from '../zz-b/zz-b';\nexport const a = () => b;\n",
    );
    const undoB = plant(
      'apps/web/src/features/zz-b/zz-b.ts',
      "import { a } from '../zz-a/zz-a';\nexport const b = () => a;\n",
    );
    const r = check(root);
    for (const u of [undoAudit, undoA, undoB]) u();
    expect(r.status).toBe(1);
    expect(r.out).toContain('health.routes.ts');
    expect(r.out).toContain('audit row written around lib/audit.ts');
    expect(r.out).toMatch(/import cycle between web features zz-a <-> zz-b/);
  });
});
