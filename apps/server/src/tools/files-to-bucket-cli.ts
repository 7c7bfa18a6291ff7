import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { localFileStore } from '../lib/files';
import { s3FileStore } from '../lib/files-s3';
import { copyFiles } from './files-to-bucket';

/** `npm run files:to-bucket [-- options]`: DATA_DIR/files into the bucket of the S3_* settings (files-to-bucket.ts). */
async function main() {
  const { values } = parseArgs({
    options: {
      'remove-local': { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(`npm run files:to-bucket -- [options]   copies DATA_DIR/files into the bucket of FILE_STORE=s3 and S3_*
  --data-dir <folder>   the data folder (default: DATA_DIR, else ./data)
  --remove-local        remove each local file once its copy in the bucket is verified
  -h, --help            this help`);
    return;
  }
  const loaded = loadConfig();
  const config = { ...loaded, dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : loaded.dataDir };
  if (config.files.kind !== 's3') {
    console.error('files:to-bucket: set FILE_STORE=s3 and the S3_* settings of the bucket first (docs/operating.md)');
    process.exitCode = 2;
    return;
  }
  const from = localFileStore(path.join(config.dataDir, 'files'));
  const to = s3FileStore(config.files);
  const r = await copyFiles(from, to, { removeSource: values['remove-local'] });
  console.log(
    `files:to-bucket: ${r.copied} copied (${(r.bytes / 1e6).toFixed(1)} MB), ${r.skipped} already there, ` +
      `${r.failed.length} failed${values['remove-local'] ? `, ${r.removed} local files removed` : ''}`,
  );
  for (const f of r.failed) console.error(`  ${f.key}: ${f.reason}`);
  if (r.failed.length) process.exitCode = 1;
}

await main();
