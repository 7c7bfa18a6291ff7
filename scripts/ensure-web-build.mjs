#!/usr/bin/env node
// Builds the web app when apps/web/dist is missing or older than any of its sources, so the end-to-end tests
// (which use the server's production mode, serving apps/web/dist) never run against a stale bundle.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(root, 'apps/web/dist');
const distIndex = path.join(distDir, 'index.html');
const sources = [
  'apps/web/src',
  'packages/shared/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const built = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));

if (built && built >= newestSource) {
  console.log('web build is up to date');
} else {
  console.log(built ? 'web sources changed since the last build: building' : 'no web build: building');
  const result = spawnSync('npm', ['run', 'build', '-w', '@regcheck/web', '--', '--outDir', distDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
