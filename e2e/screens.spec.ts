import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type Credentials, DEMO_PASSWORD, demoUser, loginThroughForm } from './support/users';

/**
 * Issue 16, the screens harness: opens every registered route (the route table of
 * apps/web/src/app/router/routes-table.test.ts, with the demo's real ids put in) as each demo role, saves a
 * screenshot per page into SCREENS_DIR (test-results/screens, kept by CI) and fails on what a reader would notice:
 * a console error or an uncaught exception, a failed request the page does not expect, text overflowing a badge,
 * a table cell or a button, raw JSON or translation-key-like text, English tell-tale words on a Spanish or
 * Portuguese page, and a serious or critical axe-core violation.
 *
 * Bounded for CI: by default every route once per role in es at 1440x900, and a fixed subset in pt-BR and en and
 * at 1280x800. SCREENS_FULL=1 runs every route for every role in every language at both sizes.
 */

const FULL = process.env.SCREENS_FULL === '1';
const OUT = path.resolve(process.env.SCREENS_DIR ?? 'test-results/screens');
const ALL_ROLES = ['admin', 'frontdesk', 'auditor', 'userMonitoring'];
/** To look at a part while working on it: SCREENS_ROLES=admin,auditor and SCREENS_PATHS=<regular expression>. */
const ROLES = process.env.SCREENS_ROLES ? process.env.SCREENS_ROLES.split(',') : ALL_ROLES;
const ONLY = process.env.SCREENS_PATHS ? new RegExp(process.env.SCREENS_PATHS) : null;
type Lang = 'es' | 'pt-BR' | 'en';
const USER_LANG: Record<Lang, string> = { es: 'es', 'pt-BR': 'br', en: 'en' };
const SIZES = { wide: { width: 1440, height: 900 }, narrow: { width: 1280, height: 800 } };

/** The registered paths, as the route-table test lists them (one source: a route added there is checked here). */
function registeredPaths(): string[] {
  const file = path.resolve('apps/web/src/app/router/routes-table.test.ts');
  const s = fs.readFileSync(file, 'utf8');
  const open = s.indexOf('[', s.indexOf('const SPEC_PATHS = ['));
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '[') depth++;
    else if (s[i] === ']' && --depth === 0) {
      // the literal is plain JavaScript (strings, template literals, .map): evaluated, not parsed by hand
      return new Function(`return ${s.slice(open, i + 1)}`)() as string[];
    }
  }
  throw new Error(`no SPEC_PATHS in ${file}`);
}

const GUEST = (p: string) => p === '/login' || p.startsWith('/login/') || p.startsWith('/recover') || p === '/en';
const PUBLIC = (p: string) => p.startsWith('/public/');
/** A path holding a made-up id: the API may answer 404 for it, as it would for a stale link. */
const SAMPLE_ID = (p: string) => p.split('/').some((s) => /^\d+$|^tok123$|^[cf]1$|^11111111-1$|%40/.test(s));

/** English words that must not appear on a Spanish or Portuguese page. */
const ENGLISH = [
  'Save',
  'Cancel',
  'Delete',
  'Loading',
  'Search',
  'Submit',
  'Close',
  'Settings',
  'Choose File',
  'No file chosen',
  'Nothing found',
  'Rows per page',
  'Previous',
  'Download',
  'Upload',
  'Page not found',
  'Required',
  'Something went wrong',
];
const ENGLISH_RE = new RegExp(`\\b(${ENGLISH.join('|')})\\b`);
/** A translation key ('fichas:risk.low') or a code with a camel-case side of a dot ('customerType.natural'). */
const KEY_LIKE =
  /\b[a-z][a-zA-Z]*:[a-z][a-zA-Z]*\.[a-zA-Z.]+\b|\b[a-z]+[A-Z][a-zA-Z]*\.[a-z][a-zA-Z]+\b|\b[a-z]+\.[a-z]+[A-Z][a-zA-Z]*\b/;

interface Visit {
  role: string;
  lang: Lang;
  size: keyof typeof SIZES;
  path: string;
}

interface Demo {
  fichaId: string;
  run: string;
  operationId: string;
}

async function apiLogin(request: APIRequestContext, who: Credentials) {
  const res = await request.post('/api/users/login', { data: who });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/** Real ids of the demo company for the routes that take one. */
async function demoIds(request: APIRequestContext): Promise<Demo> {
  const token = await apiLogin(request, demoUser('admin', 'cl'));
  const headers = { Authorization: `Bearer ${token}` };
  const ops = await request.post('/api/informes/tabla-consultas', { headers, data: { limit: 1, skip: 0 } });
  expect(ops.ok(), await ops.text()).toBeTruthy();
  const op = ((await ops.json()) as { data: { id: string; associates: { dni: string }[] }[] }).data[0];
  const filter = encodeURIComponent(JSON.stringify({ where: { personType: 'legal' }, limit: 1 }));
  const fichas = await request.get(`/api/fichas-clientes?filter=${filter}`, { headers });
  const ficha = ((await fichas.json()) as { id: string; dni: string }[])[0];
  if (!op || !ficha) throw new Error('the demo data has no operation or no legal ficha');
  return { fichaId: ficha.id, run: op.associates[0]?.dni ?? ficha.dni, operationId: op.id };
}

function withIds(p: string, d: Demo): string {
  return p
    .replace('/home/records/11111111-1/', `/home/records/${encodeURIComponent(d.run)}/`)
    .replace(/\/operationDetail\/9(\/|$)/, `/operationDetail/${d.operationId}$1`);
}

/** A user of the role in the language (the demo user for es; for pt-BR and en one created with that language). */
async function userFor(request: APIRequestContext, role: string, lang: Lang): Promise<Credentials> {
  if (lang === 'es') return demoUser(role, 'cl');
  const token = await apiLogin(request, demoUser('admin', 'cl'));
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = { email: `screens.${stamp}@example.test`, password: DEMO_PASSWORD };
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Pantallas ${role}`, email: user.email, role, password: user.password, lang: USER_LANG[lang] },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return user;
}

/** What is wrong on the page now, in words (empty: nothing). */
async function problemsOf(page: Page, lang: Lang): Promise<string[]> {
  const found = await page.evaluate(() => {
    const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
    const overflow = [
      ...document.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label, td, th, button'),
    ]
      .filter((e) => visible(e) && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'auto')
      .map((e) => (e.textContent ?? '').trim().slice(0, 40))
      .filter(Boolean);
    // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what a reader sees (textContent is not)
    return { overflow, text: document.body.innerText };
  });
  const out: string[] = [];
  for (const t of [...new Set(found.overflow)]) out.push(`text cut: "${t}"`);
  const text = found.text.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  if (text.includes('{"')) out.push('raw JSON in the page');
  const key = KEY_LIKE.exec(text);
  if (key) out.push(`key-like text: "${key[0]}"`);
  if (lang !== 'en') {
    const en = ENGLISH_RE.exec(text);
    if (en) out.push(`English word on a ${lang} page: "${en[0]}"`);
  }
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
    out.push(`axe ${v.impact} ${v.id}: ${v.help} (${v.nodes.length}; first: ${String(v.nodes[0]?.target ?? '')})`);
  return out;
}

async function sweep(browser: Browser, request: APIRequestContext, visits: Visit[], signedIn: boolean) {
  const problems: string[] = [];
  const groups = new Map<string, Visit[]>();
  for (const v of visits.filter((x) => !ONLY || ONLY.test(x.path)))
    groups.set(`${v.role}|${v.lang}|${v.size}`, [...(groups.get(`${v.role}|${v.lang}|${v.size}`) ?? []), v]);
  for (const [, list] of groups) {
    const first = list[0];
    if (!first) continue;
    const context = await browser.newContext({
      viewport: SIZES[first.size],
      locale: first.lang === 'pt-BR' ? 'pt-BR' : first.lang === 'en' ? 'en-US' : 'es-CL',
    });
    const page = await context.newPage();
    let current = '';
    const events: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') events.push(`console error: ${m.text().slice(0, 160)}`);
    });
    page.on('pageerror', (e) => events.push(`uncaught: ${e.message.slice(0, 160)}`));
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (r.status() < 400 || !url.pathname.startsWith('/api')) return;
      if (r.status() === 404 && SAMPLE_ID(current)) return;
      if (r.status() === 401 && !signedIn) return;
      events.push(`${r.request().method()} ${url.pathname} answered ${r.status()}`);
    });
    if (signedIn) {
      await page.goto('/login');
      await loginThroughForm(page, await userFor(request, first.role, first.lang));
      await expect(page).toHaveURL(/\/hall$/);
    }
    for (const v of list) {
      current = v.path;
      events.length = 0;
      await page.goto(v.path);
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      // settled: no loading bar (a lazy page or a request under way), no skeleton, no spinner
      await page
        .waitForFunction(
          () => !document.querySelector('[data-testid="loading-bar"], .mantine-Skeleton-root, .mantine-Loader-root'),
          undefined,
          { timeout: 15_000 },
        )
        .catch(() => undefined);
      await page.waitForTimeout(200);
      const landed = new URL(page.url()).pathname;
      const name = `${v.role}${v.path.replace(/[^A-Za-z0-9-]+/g, '_')}.png`;
      const dir = path.join(OUT, `${v.lang}-${SIZES[v.size].width}x${SIZES[v.size].height}`);
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, name), fullPage: true });
      const where = `${v.lang} ${SIZES[v.size].width} ${v.role} ${v.path}${landed !== v.path ? ` (-> ${landed})` : ''}`;
      for (const p of [...events, ...(await problemsOf(page, v.lang))]) problems.push(`${where}: ${p}`);
    }
    await context.close();
  }
  return problems;
}

const SUBSET = (d: Demo) => [
  '/hall',
  '/home/fichas',
  `/home/fichas/${d.fichaId}`,
  '/home/history',
  '/home/records/consulta',
  `/home/records/operationDetail/${d.operationId}`,
  `/home/records/${encodeURIComponent(d.run)}/historial`,
  `/home/records/${encodeURIComponent(d.run)}/transaction`,
];

test.describe('every screen reads like a product', () => {
  // one test per role, run side by side by the workers
  test.describe.configure({ mode: 'parallel', timeout: FULL ? 3 * 60 * 60_000 : 30 * 60_000 });

  for (const role of ROLES)
    test(`signed in as ${role}: every route (es, 1440x900)${role === 'admin' ? ', and a subset in pt-BR, en and at 1280x800' : ''}`, async ({
      browser,
      request,
    }) => {
      const demo = await demoIds(request);
      const home = registeredPaths()
        .filter((p) => !GUEST(p) && !PUBLIC(p))
        .map((p) => withIds(p, demo));
      const paths = [...new Set([...home, `/home/fichas/${demo.fichaId}`])];
      const visits: Visit[] = [];
      const langs: Lang[] = FULL ? ['es', 'pt-BR', 'en'] : ['es'];
      const sizes = FULL ? (['wide', 'narrow'] as const) : (['wide'] as const);
      for (const lang of langs)
        for (const size of sizes) for (const p of paths) visits.push({ role, lang, size, path: p });
      if (!FULL && role === 'admin') {
        for (const lang of ['pt-BR', 'en'] as const)
          for (const p of SUBSET(demo)) visits.push({ role, lang, size: 'wide', path: p });
        for (const p of SUBSET(demo)) visits.push({ role, lang: 'es', size: 'narrow', path: p });
      }
      const problems = await sweep(browser, request, visits, true);
      expect(problems, `${problems.length} problems; screenshots in ${OUT}`).toEqual([]);
    });

  test('signed out: the sign-in, recovery and public pages', async ({ browser, request }) => {
    const paths = registeredPaths().filter((p) => GUEST(p) || PUBLIC(p));
    const langs: Lang[] = FULL ? ['es', 'pt-BR', 'en'] : ['es'];
    const visits: Visit[] = langs.flatMap((lang) =>
      paths.map((p) => ({ role: 'visitor', lang, size: 'wide' as const, path: p })),
    );
    const problems = await sweep(browser, request, visits, false);
    expect(problems, `${problems.length} problems; screenshots in ${OUT}`).toEqual([]);
  });
});
