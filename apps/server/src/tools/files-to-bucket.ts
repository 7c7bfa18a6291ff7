import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStore } from '../lib/files';

/**
 * `npm run files:to-bucket` (tools/files-to-bucket-cli.ts): moves an installation's files from the local folder (DATA_DIR/files) to the S3-compatible
 * bucket of its S3_* settings (issue 29, decision 195). Every file is streamed up, read back from the bucket and
 * compared by SHA-256 with the local copy; a file already in the bucket with the same hash is skipped, so the command
 * can run again after an interruption. Local files are removed only with --remove-local, and only those verified.
 */

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
  /** keys that did not arrive intact, with the reason */
  failed: { key: string; reason: string }[];
  /** local files removed after verification (--remove-local) */
  removed: number;
}

async function sha256(store: FileStore, key: string): Promise<string | null> {
  const file = await store.getStream(key);
  if (!file) return null;
  const hash = createHash('sha256');
  for await (const chunk of file.stream as Readable) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Copies every key of `from` into `to`, verified by hash; `onFile` hears each key as it is done. */
export async function copyFiles(
  from: FileStore,
  to: FileStore,
  opts: {
    removeSource?: boolean;
    onFile?: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void;
    /** keys left where they are, not counted */
    leave?: (key: string) => boolean;
  } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0, failed: [], removed: 0 };
  for await (const key of from.list()) {
    if (opts.leave?.(key)) continue;
    try {
      const source = await sha256(from, key);
      if (source === null) continue; // removed meanwhile
      let outcome: 'copied' | 'skipped';
      if ((await sha256(to, key)) === source) outcome = 'skipped';
      else {
        const file = await from.getStream(key);
        if (!file) continue;
        await to.putStream(key, file.stream);
        const arrived = await sha256(to, key);
        if (arrived !== source) throw new Error(`SHA-256 ${arrived ?? 'missing'} in the bucket, ${source} here`);
        report.bytes += file.size;
        outcome = 'copied';
      }
      report[outcome] += 1;
      opts.onFile?.(key, outcome);
      if (opts.removeSource) {
        await from.remove(key);
        report.removed += 1;
      }
    } catch (err) {
      report.failed.push({ key, reason: err instanceof Error ? err.message : String(err) });
      opts.onFile?.(key, 'failed');
    }
  }
  return report;
}
