#!/usr/bin/env node
// Makes sure the browser tests have their Chromium: CHROMIUM_PATH when set (every spec runs in it), else Debian's two
// packages of it, chromium (/usr/bin/chromium, the desktop browser) and chromium-headless-shell (the same build without
// the desktop's windows, which most specs run in: playwright.config.ts, decision 309). When a package is missing and
// this is root on a machine with apt-get, installs it and says so; otherwise stops with one line saying what to run
// (the headless shell alone may be missing: the specs then all run in the desktop Chromium). `npm test` calls it
// before Playwright.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const DESKTOP = '/usr/bin/chromium';
const SHELL = '/usr/bin/chromium-headless-shell';
const present = (p) => {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

if (process.env.CHROMIUM_PATH) {
  if (!present(process.env.CHROMIUM_PATH)) {
    console.error(`No Chromium at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}: point it to a Chromium executable.`);
    process.exit(1);
  }
  process.exit(0);
}

const missing = [...(present(DESKTOP) ? [] : ['chromium']), ...(present(SHELL) ? [] : ['chromium-headless-shell'])];
if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    if (present(DESKTOP)) {
      console.log(
        `No ${SHELL}: every spec runs in ${DESKTOP} (\`sudo apt-get install -y chromium-headless-shell\` makes the run lighter).`,
      );
      process.exit(0);
    }
    console.error(
      `No Chromium at ${DESKTOP}: run \`sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\` (or set CHROMIUM_PATH), then npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(' and ')} for the browser tests (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed: install them by hand (apt-get install ${missing.join(' ')}) and run npm test again.`,
      );
      process.exit(1);
    }
  }
  for (const p of [DESKTOP, SHELL])
    if (!present(p)) {
      console.error(`Chromium was installed but ${p} is still missing: set CHROMIUM_PATH to a Chromium executable.`);
      process.exit(1);
    }
  console.log(`Chromium installed at ${DESKTOP} and ${SHELL}.`);
}
