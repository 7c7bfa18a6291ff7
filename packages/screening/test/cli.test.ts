import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLD, parseCsv } from '../src/index';
import { fixtures, listsDir, repoRoot } from './paths';

const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const cli = path.join(repoRoot, 'packages/screening/src/cli.ts');
const run = (...args: string[]) => execFileSync(tsx, [cli, ...args], { cwd: repoRoot, encoding: 'utf8' });

describe('screen CLI', () => {
  it('threshold prints just the number', () => {
    expect(run('threshold').trim()).toBe(String(DEFAULT_THRESHOLD));
  });

  it('pairs appends a score column and keeps every other column, CSV-quoted', () => {
    const out = run('pairs', path.join(fixtures, 'pairs.csv'));
    const rows = parseCsv(out);
    expect(rows[0]).toEqual(['id', 'name1', 'name2', 'schema', 'note', 'score']);
    expect(rows[1]?.slice(0, 5)).toEqual(['1', 'José Pérez', 'JOSE PEREZ', 'Person', 'accents, case']);
    expect(rows[2]?.[4]).toBe('different "tree"');
    expect(Number(rows[1]?.[5])).toBe(1);
    expect(Number(rows[2]?.[5])).toBeLessThan(DEFAULT_THRESHOLD);
    expect(Number(rows[3]?.[5])).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(rows[1]?.[5]).toMatch(/^\d\.\d{4}$/);
  });

  it('search writes one JSON line per query, best first, above the threshold', () => {
    const out = run(
      'search',
      '--list',
      path.join(listsDir, 'un/consolidated-2026-02-27.xml'),
      '--list',
      path.join(fixtures, 'company-list.csv'),
      '--queries',
      path.join(fixtures, 'queries.csv'),
      '--top',
      '3',
    );
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0].query).toEqual({
      full_name: 'ERIC BADEGE',
      date_of_birth: '1971',
      nationality: 'CD',
      schema: 'Person',
    });
    expect(lines[0].results[0]).toMatchObject({ name: 'ERIC BADEGE', list: 'onu' });
    expect(lines[0].results[0].explanation.summary).toContain('exact');
    expect(lines[1].results[0]).toMatchObject({ id: '12.345.678-5', list: 'company-list' });
    expect(lines[2].results[0]).toMatchObject({ name: 'Inversiones El Roble SpA' });
    for (const l of lines) {
      expect(l.results.length).toBeLessThanOrEqual(3);
      const scores = l.results.map((r: { score: number }) => r.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      expect(scores.every((s: number) => s >= DEFAULT_THRESHOLD)).toBe(true);
    }
  });
});
