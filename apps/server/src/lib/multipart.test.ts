import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepSpooledZips } from './multipart';

describe('sweepSpooledZips', () => {
  it('removes the temporary zips older than the limit, leaves a recent one and other files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rc-sweep-'));
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of ['verify-old.zip', 'verify-new.zip', 'other-old.bin']) writeFileSync(path.join(dir, name), 'x');
    utimesSync(path.join(dir, 'verify-old.zip'), old, old);
    utimesSync(path.join(dir, 'other-old.bin'), old, old);
    try {
      expect(await sweepSpooledZips(dir)).toBe(1);
      expect(readdirSync(dir).sort()).toEqual(['other-old.bin', 'verify-new.zip']);
    } finally {
      // the folder goes with the test (it was left in the system's temporary folder, one per run)
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a folder that does not exist yet is nothing to sweep', async () => {
    expect(await sweepSpooledZips(path.join(os.tmpdir(), 'rc-sweep-none', 'tmp'))).toBe(0);
  });
});
