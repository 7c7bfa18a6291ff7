#!/usr/bin/env node
// Makes sure the browser tests have a Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium. When neither is
// there and this is root on a machine with apt-get, installs Debian's chromium package and says so; otherwise stops
// with one line saying what to run. `npm test` calls it before Playwright.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const present = (p) => {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

if (!present(wanted)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
    console.error(
      `No Chromium at ${wanted}: run \`sudo apt-get update && sudo apt-get install -y chromium\` (or set CHROMIUM_PATH), then npm test again.`,
    );
    process.exit(1);
  }
  console.log("No Chromium found: installing Debian's chromium package for the browser tests (apt-get)...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed: install Chromium by hand (apt-get install chromium) and run npm test again.`,
      );
      process.exit(1);
    }
  }
  if (!present(wanted)) {
    console.error(`Chromium was installed but ${wanted} is still missing: set CHROMIUM_PATH to its executable.`);
    process.exit(1);
  }
  console.log(`Chromium installed at ${wanted}.`);
}
