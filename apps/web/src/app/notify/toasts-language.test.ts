import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, resources } from '@regcheck/shared/locales/index';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27, point 4: every toast the app shows reads in the reader's language. A toast is shown only through
 * app/notify/notify.ts (notifySuccess, notifyError, notifyForbidden); its text is a catalogue text (`t('ns:key')`),
 * a server error (translated by the server in the Accept-Language the client sends, or the client's own
 * errors:NETWORK / errors:INTERNAL) or a variable holding one of those; never a sentence written in the code. Each
 * catalogue key a toast names has its own text in es, pt-BR and en (no fallback to another language), and the
 * Spanish and Portuguese texts are not the English one.
 */
const SRC = path.resolve(__dirname, '../..');
const TOAST = /(?<![\w$.])(notifySuccess|notifyError|notifyForbidden)\(/g;
const SHOW = /notifications\.show\(/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The text between the call's parentheses (balanced, strings skipped). */
function argumentsOf(text: string, open: number): string {
  let depth = 1;
  let quote: string | null = null;
  for (let i = open; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth += 1;
    else if (c === ')' && --depth === 0) return text.slice(open, i);
  }
  return text.slice(open);
}

/** The argument with its translation calls removed (`t('…', {…})`, `i18n.t(…)`), balanced. */
function withoutTranslations(arg: string): string {
  let out = arg;
  for (;;) {
    const m = /(?<![\w$])(?:i18n\.)?t\(/.exec(out);
    if (!m) return out;
    const open = m.index + m[0].length;
    const inner = argumentsOf(out, open);
    out = `${out.slice(0, m.index)}T${out.slice(open + inner.length + 1)}`;
  }
}

interface Toast {
  at: string;
  arg: string;
}

function toasts(): Toast[] {
  return sources(SRC).flatMap((f) => {
    const text = fs.readFileSync(f, 'utf8');
    return [...text.matchAll(TOAST)]
      .filter((m) => !text.slice(Math.max(0, (m.index ?? 0) - 20), m.index).includes('function '))
      .map((m) => ({
        at: `${path.relative(SRC, f)}:${text.slice(0, m.index).split('\n').length}`,
        arg: argumentsOf(text, (m.index ?? 0) + m[0].length),
      }));
  });
}

const native = (locale: string, ns: string, key: string): string | undefined => {
  let node: unknown = resources[locale as (typeof LOCALES)[number]]?.[ns];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
};

describe('every toast in the reader language', () => {
  const all = toasts();

  it('the toasts are read: every screen that confirms or fails shows it through the one helper', () => {
    expect(all.length).toBeGreaterThan(200);
    const direct = sources(SRC).filter(
      (f) => !f.endsWith(path.join('notify', 'notify.ts')) && SHOW.test(fs.readFileSync(f, 'utf8')),
    );
    expect(direct.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('no toast says a sentence written in the code: its text comes from the catalogue or a translated error', () => {
    const literal = all.filter(({ arg }) => {
      const rest = withoutTranslations(arg)
        // comparisons with an error's code (error.code !== 'INTERNAL') are not shown
        .replace(/[!=]==\s*(['"])[^'"]*\1/g, '');
      return /(['"`])[^'"`]*[A-Za-zÀ-ÿ]{2}[^'"`]*\1/.test(rest);
    });
    expect(literal.map((x) => `${x.at} ${x.arg.trim()}`)).toEqual([]);
  });

  it('every key a toast names has its own text in es, pt-BR and en, the Spanish and Portuguese not left in English', () => {
    const keys = new Set<string>();
    for (const { arg } of all)
      for (const m of arg.matchAll(/(?<![\w$])(?:i18n\.)?t\(\s*(['"])([\w-]+):([\w.-]+)\1/g))
        keys.add(`${m[2]}:${m[3]}`);
    // keys chosen by a condition: t(x ? 'a:b' : 'a:c')
    for (const { arg } of all)
      for (const m of arg.matchAll(/[?:]\s*(['"])([\w-]+):([\w.-]+)\1/g)) keys.add(`${m[2]}:${m[3]}`);
    expect(keys.size).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const k of keys) {
      const [ns = '', key = ''] = k.split(':');
      const text = Object.fromEntries(LOCALES.map((l) => [l, native(l, ns, key) ?? native(l, ns, `${key}_one`)]));
      for (const l of LOCALES) if (!text[l]) problems.push(`${l} ${k}: missing`);
      for (const l of LOCALES.filter((x) => x !== 'en'))
        if (text[l] && text[l] === text.en) problems.push(`${l} ${k}: same as English "${text.en}"`);
    }
    expect(problems).toEqual([]);
  });

  it("the client's own failure texts (network down, an answer it cannot read) exist in the three languages", () => {
    for (const l of LOCALES) {
      expect(native(l, 'errors', 'NETWORK'), l).toBeTruthy();
      expect(native(l, 'errors', 'INTERNAL'), l).toBeTruthy();
      expect(native(l, 'common', 'close'), l).toBeTruthy();
    }
    expect(native('es', 'errors', 'NETWORK')).not.toBe(native('en', 'errors', 'NETWORK'));
    expect(native('pt-BR', 'errors', 'NETWORK')).not.toBe(native('en', 'errors', 'NETWORK'));
  });
});
