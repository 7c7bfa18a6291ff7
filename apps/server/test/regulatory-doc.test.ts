import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/regulatory.md names, for every rule the product enforces, the test that proves it. A rule whose named test
 * file or test title does not exist (renamed, deleted, mistyped) fails here, so the table never claims a proof
 * that is gone.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const doc = fs.readFileSync(path.join(ROOT, 'docs/regulatory.md'), 'utf8');

/** The table's rows: the rule's first words and its Test column. */
function rows() {
  return doc
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Rule') && !l.startsWith('| ---'))
    .map((l) => {
      const cells = l.split(' | ');
      return { rule: (cells[0] ?? '').slice(2, 70), tests: (cells.at(-1) ?? '').replace(/ \|$/, '') };
    });
}

/** `path: "title", "title"; path` → each file with the titles it must hold. */
function namedTests(column: string) {
  // a title may hold '; ' itself: a new part starts with a path
  return column.split(/; (?=(?:apps|packages|e2e)\/)/).map((part) => {
    const [file = '', titles = ''] = part.split(/: (?=")/);
    return { file: file.trim(), titles: [...titles.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string) };
  });
}

describe('docs/regulatory.md', () => {
  it('lists rules, each with at least one test file', () => {
    expect(rows().length).toBeGreaterThan(0);
    for (const r of rows()) expect(namedTests(r.tests).length, r.rule).toBeGreaterThan(0);
  });

  it('names only test files and test titles that exist', () => {
    const missing: string[] = [];
    for (const r of rows())
      for (const { file, titles } of namedTests(r.tests)) {
        const p = path.join(ROOT, file);
        if (!/\.(test|spec)\.tsx?$/.test(file) || !fs.existsSync(p)) {
          missing.push(`${r.rule}: no test file ${file}`);
          continue;
        }
        const text = fs.readFileSync(p, 'utf8');
        for (const title of titles) if (!text.includes(title)) missing.push(`${r.rule}: no test "${title}" in ${file}`);
      }
    expect(missing).toEqual([]);
  });
});
