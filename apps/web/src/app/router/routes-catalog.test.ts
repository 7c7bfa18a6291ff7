import fs from 'node:fs';
import path from 'node:path';
import { resources } from '@regcheck/shared/locales/index';
import { describe, expect, it } from 'vitest';

// every translation key the web sources name literally ('ns:key.path') exists in the three languages
const SRC = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

function lookup(catalog: unknown, keyPath: string): unknown {
  return keyPath
    .split('.')
    .reduce<unknown>((cur, part) => (cur as Record<string, unknown> | undefined)?.[part], catalog);
}

describe('translation keys used by the web app', () => {
  const keys = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/'(common|auth|shell|errors):([A-Za-z0-9_.-]+)'/g)) keys.add(`${m[1]}:${m[2]}`);
  }

  it('finds the route titles', () => {
    expect(keys.size).toBeGreaterThan(100);
  });

  for (const locale of ['es', 'en', 'pt-BR'] as const) {
    it(`exist in ${locale}`, () => {
      const missing = [...keys].filter((k) => {
        const [ns, keyPath] = k.split(':') as [string, string];
        return typeof lookup(resources[locale][ns], keyPath) !== 'string';
      });
      expect(missing).toEqual([]);
    });
  }
});
