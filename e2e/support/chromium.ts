import fs from 'node:fs';

/**
 * Debian's Chromium, headless, with nothing reaching out to the network (the specs that add flags spread it). The specs
 * run in Debian's chromium-headless-shell when it is installed (decision 309): the same Chromium build (Blink, V8, the
 * same fonts and rendering) without the desktop browser's windows and its own pages, as Playwright runs headless
 * Chromium by default; it took a fifth less CPU than the desktop Chromium for the same 61 tests (569 against 707 CPU s,
 * 1 December 2026). playwright.config.ts's DESKTOP_SPECS run in the desktop Chromium (/usr/bin/chromium), so that the
 * browser users have is driven too, and the web benchmark loads pages in it. CHROMIUM_PATH puts everything on one
 * executable. Its own module: importing playwright.config.ts would create the browser tests' temporary folders.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const DESKTOP_CHROMIUM = '/usr/bin/chromium';
const executable = (p: string) => {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 (Debian's package of 1 December 2026) preloads two WebUI renderers per window for the address
  // bar's suggestion popups (chrome://omnibox-popup.top-chrome/), which a test never opens: a context and its page
  // cost a fifth more with them (2.5 against 2.0 s at load 10)
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || (executable(HEADLESS_SHELL) ? HEADLESS_SHELL : DESKTOP_CHROMIUM),
  args: CHROMIUM_ARGS,
};
export const DESKTOP_LAUNCH = { executablePath: process.env.CHROMIUM_PATH || DESKTOP_CHROMIUM, args: CHROMIUM_ARGS };
