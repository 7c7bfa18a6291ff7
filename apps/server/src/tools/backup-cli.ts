import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config';
import { humanBytes, type Manifest } from './archive';
import { takeBackup } from './backup';
import { checkBackup, restoreBackup } from './restore';

/**
 * `npm run backup [-- options]` and `npm run restore -- --from <archive> [options]` (docs/operating.md, "Backups").
 * The target comes from the same settings as the server (DATA_DIR, DATABASE_URL); flags override them.
 */

const HELP = {
  backup: `npm run backup -- [options]    one archive: database + DATA_DIR/files + manifest (SHA-256 of each part)
  --out <file.tar|folder>   where to write it (default DATA_DIR/backups/regcheck-<backend>-<time>.tar)
  --data-dir <folder>       the data folder (default: DATA_DIR, else ./data); embedded database in <folder>/db
  --database-url <url>      back up this PostgreSQL database with pg_dump (default: DATABASE_URL; unset = embedded)
  -h, --help                this help`,
  restore: `npm run restore -- --from <archive> [options]    checks the hashes, then restores into an empty target
  --from <file.tar>         the archive written by npm run backup (required)
  --data-dir <folder>       the data folder to restore into (default: DATA_DIR, else ./data)
  --database-url <url>      restore into this empty PostgreSQL database with pg_restore (default: DATABASE_URL)
  --force                   replace a non-empty target (embedded folders are kept beside as *.replaced-<time>)
  --check                   only verify the archive's hashes and print its manifest; restore nothing
  -h, --help                this help`,
};

function summary(m: Manifest) {
  const counts = Object.entries(m.counts)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  return [
    `  taken      ${m.createdAt} by RegCheck ${m.appVersion} (${m.backend === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, ${m.database})`,
    `  migrations ${m.migrations.count}, latest ${m.migrations.latest ?? '(none)'}`,
    `  rows       ${counts}`,
    `  files      ${m.files.count} (${humanBytes(m.files.bytes)})`,
  ].join('\n');
}

function settings(values: { 'data-dir'?: string; 'database-url'?: string }): Config {
  const config = loadConfig();
  return {
    ...config,
    dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : config.dataDir,
    databaseUrl: values['database-url'] ?? config.databaseUrl,
  };
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') {
    process.stdout.write(`${HELP.backup}\n\n${HELP.restore}\n`);
    return command === undefined || command === '--help' || command === '-h' ? 0 : 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string' },
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean' },
      check: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP[command]}\n`);
    return 0;
  }
  const config = settings(values);
  // everything this writes (archive, work folders, restored database and files) is personal data: owner only
  process.umask(0o077);
  if (command === 'backup') {
    const { file, manifest } = await takeBackup(config, { out: values.out });
    const size = Object.values(manifest.parts).reduce((s, p) => s + p.bytes, 0);
    process.stdout.write(`Backup written: ${file} (${humanBytes(size)})\n${summary(manifest)}\n`);
    process.stdout.write('Copy it off this machine; check it with: npm run restore -- --check --from <file>\n');
    return 0;
  }
  if (!values.from) {
    process.stderr.write(`--from <archive> is required\n${HELP.restore}\n`);
    return 2;
  }
  if (values.check) {
    const manifest = await checkBackup(values.from);
    process.stdout.write(
      `The backup is sound (every part matches its SHA-256): ${values.from}\n${summary(manifest)}\n`,
    );
    return 0;
  }
  const r = await restoreBackup(config, { from: values.from, force: values.force });
  const where = r.manifest.backend === 'pglite' ? `the embedded database ${r.database}` : `database ${r.database}`;
  process.stdout.write(`Restored ${values.from} into ${where} and ${r.files}\n${summary(r.manifest)}\n`);
  for (const aside of r.keptAside) process.stdout.write(`  the replaced folder is kept at ${aside}\n`);
  process.stdout.write('Start the server on it; it applies any newer migrations at start.\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`${process.argv[2] ?? 'backup'} failed: ${err.message}\n`);
    process.exit(1);
  },
);
