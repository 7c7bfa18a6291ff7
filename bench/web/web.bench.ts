// First-load benchmark: npm run bench:web (issue 16; issue 31 point 4)
// Builds the web app when it is stale (scripts/ensure-web-build.mjs, into WEB_BENCH_DIST or apps/web/dist), starts the
// server in production mode on a fresh data folder, then for each network profile WEB_RUNS (10) times launches a cold
// Chromium (new browser, new profile, cache disabled), opens /login and waits for the e-mail field to be visible.
// Profiles (WEB_PROFILES, default "mobile,loopback"):
//   mobile   - Chromium's own network emulation through CDP (Network.emulateNetworkConditions): 150 ms of latency on
//              every request, 1.6 Mbps down, 750 kbps up (a slow 4G / fast 3G phone); HTTP/1.1 as the server speaks it
//   loopback - no emulation: the server on this machine, no latency
// Inside the timer: from the navigation's start to the e-mail field visible: the HTML, every script, stylesheet,
// catalogue and API request the sign-in page makes, their parsing and execution, the first render. Outside: TLS (the
// server speaks plain HTTP here), DNS, the browser's own start.
// Requests "before sign-in": every http(s) request the page makes until the network is idle after the field shows.
// Prints each run and, per profile, the medians of the time, the bytes transferred (encoded, as on the wire), the
// requests and the JS among the bytes ("JS before sign-in"). WEB_BENCH_REQUESTS=1 also lists each run's requests.
// Targets: mobile: field visible under 2.5 s, under 10 requests; loopback: under 0.5 s (issue 31); under 300 kB and
// JS under 250 kB (issue 16).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT, startChild } from '../../apps/server/test/child-server';
import { CHROMIUM_ARGS, DESKTOP_CHROMIUM } from '../../e2e/support/chromium';
import { machineLoad } from '../support/machine';

const RUNS = Number(process.env.WEB_RUNS ?? 10);
const PROFILES = (process.env.WEB_PROFILES ?? 'mobile,loopback').split(',').filter(Boolean);
/** Chromium's network emulation of each profile (bytes per second; null: none). */
const NETWORK: Record<string, { latency: number; down: number; up: number } | null> = {
  mobile: { latency: 150, down: 1_600_000 / 8, up: 750_000 / 8 },
  loopback: null,
};
const TARGET_MS: Record<string, number> = { mobile: 2500, loopback: 500 };
const TARGET_REQUESTS = 10;
/** WEB_BENCH_REQUESTS=1 lists every request of each run: start and end (page clock), kB on the wire, type, path. */
const LIST = process.env.WEB_BENCH_REQUESTS === '1';
const DIST = path.resolve(process.env.WEB_BENCH_DIST ?? path.join(ROOT, 'apps/web/dist'));
// the desktop Chromium users have, with the browser tests' flags (nothing reaching out to the network)
const CHROMIUM = process.env.CHROMIUM_PATH || DESKTOP_CHROMIUM;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

async function main() {
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, E2E_WEB_DIST: DIST },
  });
  if (build.status !== 0) throw new Error('the web build failed');
  const load = machineLoad('bench:web');
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const server = await startChild({ NODE_ENV: 'production', DATA_DIR: data, WEB_DIST: DIST, RATE_LIMIT_MAX: '100000' });
  const summary: string[] = [];
  try {
    for (const profile of PROFILES) {
      const net = NETWORK[profile];
      if (net === undefined) throw new Error(`unknown profile ${profile} (mobile, loopback)`);
      const runs: { ms: number; bytes: number; requests: number; jsBytes: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
        try {
          const context = await browser.newContext({ locale: 'es-CL', viewport: { width: 1440, height: 900 } });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
          if (net)
            await cdp.send('Network.emulateNetworkConditions', {
              offline: false,
              latency: net.latency,
              downloadThroughput: net.down,
              uploadThroughput: net.up,
              connectionType: 'cellular4g',
            });
          let bytes = 0;
          let jsBytes = 0;
          const requested = new Set<string>();
          const responses = new Map<string, { url: string; type: string }>();
          const sizes = new Map<string, { kB: number; type: string }>();
          cdp.on('Network.requestWillBeSent', (e) => {
            if (/^https?:/.test(e.request.url)) requested.add(e.requestId);
          });
          cdp.on('Network.responseReceived', (e) => {
            responses.set(e.requestId, { url: e.response.url, type: e.type });
          });
          cdp.on('Network.loadingFinished', (e) => {
            bytes += e.encodedDataLength;
            const r = responses.get(e.requestId);
            const isJs = r !== undefined && (r.type === 'Script' || /\.m?js(\?|$)/.test(new URL(r.url).pathname));
            if (isJs) jsBytes += e.encodedDataLength;
            if (r) sizes.set(r.url, { kB: e.encodedDataLength / 1024, type: r.type });
          });
          const start = performance.now();
          await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
          await page.locator('input[type="email"]').waitFor({ state: 'visible', timeout: 60_000 });
          const ms = performance.now() - start;
          await page.waitForLoadState('networkidle');
          const requests = requested.size;
          runs.push({ ms, bytes, requests, jsBytes });
          console.log(
            `${profile} run ${i + 1}: ${ms.toFixed(0)} ms to the e-mail field, ${(bytes / 1024).toFixed(1)} kB in ` +
              `${requests} requests (JS ${(jsBytes / 1024).toFixed(1)} kB)`,
          );
          if (LIST) {
            // the page's own clock: when each request started and ended, from the navigation's start
            const timings = await page.evaluate(() =>
              performance.getEntriesByType('resource').map((r) => ({
                url: r.name,
                start: r.startTime,
                end: (r as unknown as { responseEnd: number }).responseEnd,
              })),
            );
            const fcp = await page.evaluate(
              () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
            );
            for (const t of timings) {
              const size = sizes.get(t.url);
              console.log(
                `  ${t.start.toFixed(0).padStart(5)} -> ${t.end.toFixed(0).padStart(5)} ms ` +
                  `${(size?.kB ?? 0).toFixed(1).padStart(6)} kB ${(size?.type ?? '?').padEnd(10)} ${new URL(t.url).pathname}`,
              );
            }
            console.log(`  first contentful paint at ${fcp.toFixed(0)} ms`);
          }
        } finally {
          await browser.close();
        }
      }
      const ms = median(runs.map((r) => r.ms));
      const worst = Math.max(...runs.map((r) => r.ms));
      const kb = median(runs.map((r) => r.bytes)) / 1024;
      const jsKb = median(runs.map((r) => r.jsBytes)) / 1024;
      const requests = median(runs.map((r) => r.requests));
      const target = TARGET_MS[profile] ?? 0;
      summary.push(
        `${profile.padEnd(9)} median ${ms.toFixed(0)} ms to a visible e-mail field (slowest of ${RUNS}: ${worst.toFixed(0)} ms; ` +
          `target < ${target} ms: ${ms < target ? 'met' : 'MISSED'}), ${requests} requests` +
          (profile === 'mobile'
            ? ` (target < ${TARGET_REQUESTS}: ${requests < TARGET_REQUESTS ? 'met' : 'MISSED'})`
            : '') +
          `, ${kb.toFixed(1)} kB (target < 300), JS before sign-in ${jsKb.toFixed(1)} kB (target < 250)`,
      );
    }
  } finally {
    await server.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
  console.log(`\nbench:web (${RUNS} cold runs per profile, build ${path.relative(ROOT, DIST) || DIST})`);
  for (const line of summary) console.log(line);
  load.end();
}

await main();
