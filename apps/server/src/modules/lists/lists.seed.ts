import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../../plugins/context';
import { runImport, startImport } from './lists.import';
import type { ListFileFormat } from './lists.parse';
import * as repo from './lists.repo';

/** Where the shipped list snapshots live (apps/server/data/lists). */
export const SNAPSHOT_DIR = path.resolve(import.meta.dirname, '../../../data/lists');

/** Labels are shown as they are on every page (the hit drawer's list version): a list's acronym and its date only. */
export const SNAPSHOTS: { sourceId: string; file: string; format: ListFileFormat; label: string }[] = [
  { sourceId: 'ofac', file: 'ofac-sdn-2024-05-03.csv.gz', format: 'ofac-csv', label: 'OFAC SDN 2024-05-03' },
  {
    sourceId: 'onu',
    file: 'un-consolidated-2026-02-27.xml.gz',
    format: 'un-xml',
    label: 'UNSC 2026-02-27',
  },
];

/**
 * Imports the shipped OFAC and UN snapshots for each list that has no version yet, so that screening works on the
 * first start. Runs the import right away (a few seconds) rather than waiting for the job runner; the queued job
 * then finds the version done and does nothing.
 */
export async function seedShippedLists(deps: AppDeps, only?: string[]) {
  const done: { sourceId: string; versionId: number; ms: number }[] = [];
  for (const s of SNAPSHOTS) {
    if (only && !only.includes(s.sourceId)) continue;
    if (await repo.hasAnyVersion(deps.db, s.sourceId)) continue;
    const file = path.join(SNAPSHOT_DIR, s.file);
    if (!fs.existsSync(file)) continue;
    const t0 = Date.now();
    const v = await startImport(deps, null, {
      sourceId: s.sourceId,
      content: fs.readFileSync(file),
      format: s.format,
      label: s.label,
      origin: 'snapshot',
      // the snapshot's own date: a shipped OFAC file of May 2024 is not current because it was imported today
      publishedAt: new Date(`${/\d{4}-\d{2}-\d{2}/.exec(s.file)?.[0] ?? ''}T00:00:00Z`),
    });
    await runImport(deps, v.id);
    done.push({ sourceId: s.sourceId, versionId: v.id, ms: Date.now() - t0 });
  }
  return done;
}
