import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, NAMESPACES, resources } from '@regcheck/shared/locales/index';
import { describe, expect, it } from 'vitest';

/**
 * Every translation key the web app names literally exists in es, pt-BR and en, whatever its namespace:
 * `t('key')`, `t("key")`, `i18n.t('key')` and `i18nKey="key"`, the namespace taken from an `ns:` prefix or else from
 * the nearest `useTranslation('ns')` above the call (i18next's default namespace, common, without one), plus any
 * quoted `'ns:key'` literal (route titles, sidebar labels, validation keys). A key built at run time cannot be
 * checked whole; its literal head (`t(\`fichas:personType.${type}\`)`) must name a group of keys in every language.
 */
const SRC = path.resolve(__dirname, '../..');
const DEFAULT_NS = 'common';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

interface FoundKeys {
  /** `ns:key` of every literal key. */
  keys: Set<string>;
  /** `ns:group` of the literal heads of keys built at run time. */
  groups: Set<string>;
  /** How many literal t() / i18nKey uses were read. */
  calls: number;
}

const USE_TRANSLATION = /useTranslation\(\s*(?:\[\s*)?['"]([\w-]+)['"]/g;
const LITERAL_CALL = /(?<![\w$])(i18n\.)?t\(\s*(['"])([^'"\n]+)\2|i18nKey=(['"])([^'"\n]+)\4/g;
const TEMPLATE_CALL = /(?<![\w$])(?:i18n\.)?t\(\s*`([^`$]*)\$\{/g;

/** Adds the keys of one source text. */
function keysOf(text: string, namespaces: readonly string[], found: FoundKeys): void {
  const uses = [...text.matchAll(USE_TRANSLATION)].map((m) => ({ at: m.index ?? 0, ns: m[1] ?? DEFAULT_NS }));
  const nsAt = (at: number) => {
    let ns = uses[0]?.ns ?? DEFAULT_NS;
    for (const u of uses) if (u.at < at) ns = u.ns;
    return ns;
  };
  const qualify = (key: string, at: number) => (key.includes(':') ? key : `${nsAt(at)}:${key}`);
  for (const m of text.matchAll(LITERAL_CALL)) {
    found.calls += 1;
    const key = m[3] ?? m[5] ?? '';
    // the app's i18n instance translates in the default namespace, whatever the component around it uses
    found.keys.add(m[1] && !key.includes(':') ? `${DEFAULT_NS}:${key}` : qualify(key, m.index ?? 0));
  }
  for (const m of text.matchAll(TEMPLATE_CALL)) {
    const head = (m[1] ?? '').replace(/\.$/, '');
    const full = qualify(head, m.index ?? 0);
    if (head !== '' && !full.endsWith(':') && (m[1] ?? '').endsWith('.')) found.groups.add(full);
  }
  const quoted = new RegExp(`['"\`](${namespaces.join('|')}):([A-Za-z0-9_.-]+)['"\`]`, 'g');
  for (const m of text.matchAll(quoted)) found.keys.add(`${m[1]}:${m[2]}`);
}

function lookup(catalog: unknown, keyPath: string): unknown {
  return keyPath
    .split('.')
    .reduce<unknown>((cur, part) => (cur as Record<string, unknown> | undefined)?.[part], catalog);
}

function resolve(locale: (typeof LOCALES)[number], full: string): unknown {
  const i = full.indexOf(':');
  return lookup(resources[locale][full.slice(0, i)], full.slice(i + 1));
}

describe('the key scanner', () => {
  it('qualifies keys by prefix, by the nearest useTranslation, or by the default namespace', () => {
    const found: FoundKeys = { keys: new Set(), groups: new Set(), calls: 0 };
    keysOf(
      `i18n.t('x.y');
       function A() { const { t } = useTranslation('screening'); t('consult.title'); t("fichas:list.title"); }
       function B() { const { t } = useTranslation(['auth', 'errors']); t('login.title'); t(\`risk.\${r}\`); }
       const r = { titleKey: 'shell:routes.hall' }; <Trans i18nKey="errors:INTERNAL" />`,
      ['shell', 'errors'],
      found,
    );
    expect([...found.keys].sort()).toEqual([
      'auth:login.title',
      'common:x.y',
      'errors:INTERNAL',
      'fichas:list.title',
      'screening:consult.title',
      'shell:routes.hall',
    ]);
    expect([...found.groups]).toEqual(['auth:risk']);
    expect(found.calls).toBe(5);
  });
});

describe('translation keys used by the web app', () => {
  const found: FoundKeys = { keys: new Set(), groups: new Set(), calls: 0 };
  for (const file of sourceFiles(SRC)) keysOf(fs.readFileSync(file, 'utf8'), NAMESPACES, found);

  it('reads every literal key of the sources', () => {
    expect(found.calls).toBeGreaterThan(600);
    expect(found.keys.size).toBeGreaterThan(500);
  });

  it('names only known namespaces', () => {
    const unknown = [...found.keys, ...found.groups].filter((k) => !NAMESPACES.includes(k.split(':')[0] ?? ''));
    expect(unknown).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`exist in ${locale}`, () => {
      // a key read with a count is stored in its plural forms (i18next: `key_one`, `key_other`)
      const missing = [...found.keys].filter(
        (k) => typeof resolve(locale, k) !== 'string' && typeof resolve(locale, `${k}_other`) !== 'string',
      );
      expect(missing).toEqual([]);
    });
    it(`key groups built at run time exist in ${locale}`, () => {
      const missing = [...found.groups].filter((k) => {
        const group = resolve(locale, k);
        return group === null || typeof group !== 'object';
      });
      expect(missing).toEqual([]);
    });
  }
});
