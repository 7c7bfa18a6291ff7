#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or stale, then runs the server in this same process
// (so that Ctrl-C and SIGTERM reach it directly and it shuts down gracefully).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (!process.argv.includes('--no-build')) {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-web-build.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);
