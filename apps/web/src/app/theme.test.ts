import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DROPDOWN_MAX_HEIGHT, theme } from './theme';

const SRC = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('selects keep their value (issue 27)', () => {
  it('every Select keeps its chosen option when it is clicked again: the project default turns deselection off', () => {
    const defaults = theme.components?.Select?.defaultProps as Record<string, unknown> | undefined;
    expect(defaults?.allowDeselect).toBe(false);
    expect(defaults?.maxDropdownHeight).toBe(DROPDOWN_MAX_HEIGHT);
  });

  it('no select turns deselection back on: a select meant to be emptied says `clearable` and empties by its ×', () => {
    const offenders = sources(SRC)
      .filter((f) => !f.endsWith(`${path.sep}theme.ts`))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(SRC, f)}:${i + 1}` }))
          .filter(({ line }) => /allowDeselect/.test(line))
          .map(({ at, line }) => `${at} ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the app is rendered with this theme', () => {
    const app = fs.readFileSync(path.join(SRC, 'app', 'App.tsx'), 'utf8');
    expect(app).toMatch(/<MantineProvider theme=\{theme\}/);
  });
});
