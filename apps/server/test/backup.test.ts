import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { rutCheckDigit } from '@regcheck/shared/documents/index';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { bootstrap, demoEmail } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { PGLITE_EXTENSIONS } from '../src/db/database';
import { createRuntime, startFeatures, stopRuntime } from '../src/runtime';
import { takeBackup } from '../src/tools/backup';
import { checkBackup, restoreBackup } from '../src/tools/restore';
import { createTestApp } from './harness';
import { startS3 } from './s3-server';
import { DEMO_PASSWORD, TEST_ENV } from './test-env';

// `npm run backup` and `npm run restore` (apps/server/src/tools): records and an uploaded PDF survive a backup and
// a restore into a NEW data folder (or a new PostgreSQL database), found by an application started on it.

const root = path.resolve(import.meta.dirname, '../../..');
const temp: string[] = [];
const tmpDir = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(d);
  return d;
};
afterAll(() => {
  for (const d of temp) fs.rmSync(d, { recursive: true, force: true });
});

/** The CLI as `npm run backup` / `npm run restore` start it, with its settings in the environment. */
async function cli(args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...TEST_ENV, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const r = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/tools/backup-cli.ts', ...args],
    { cwd: root, env: childEnv },
  );
  return r.stdout;
}

let seq = 20_000_000;
const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};

async function login(app: FastifyInstance) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: demoEmail('admin', 'cl'), password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}

interface Records {
  fichaId: string;
  fileUrl: string;
  pdf: Buffer;
  operationId: string;
  codigo: number;
}

/** A ficha with an uploaded PDF and an operation, made through the API as the Chilean administrator. */
async function createRecords(app: FastifyInstance): Promise<Records> {
  const headers = await login(app);
  const ficha = await app.inject({
    method: 'POST',
    url: '/api/fichas-clientes',
    headers,
    payload: { personType: 'natural', dni: rut(), name: 'Respaldo', fatherName: 'Prueba' },
  });
  expect(ficha.statusCode, ficha.body).toBe(200);
  const doc = await PDFDocument.create();
  doc.addPage([120, 120]).drawText('backup drill', { x: 10, y: 60, size: 10 });
  const pdf = Buffer.from(await doc.save());
  const boundary = '----rcbackup';
  const upload = await app.inject({
    method: 'POST',
    url: `/api/files/ficha/fichas-clientes/${ficha.json().id}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contrato.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const op = await app.inject({
    method: 'POST',
    url: '/api/consultations',
    headers,
    payload: {
      transactionType: 'Compraventa',
      transactionDate: '2025-03-14',
      referenceNumber: 'REF-BACKUP-1',
      divisa: 'CLP',
      associates: [
        {
          dni: rut(),
          type: 'natural',
          monto: 750_000,
          efective: 0,
          newFicha: { name: 'Ana', fatherName: 'Pérez', email: 'ana@example.cl', nationality: 'CL' },
        },
      ],
    },
  });
  expect(op.statusCode, op.body).toBe(200);
  return {
    fichaId: ficha.json().id,
    fileUrl: upload.json().url,
    pdf,
    operationId: op.json().id,
    codigo: op.json().codigo,
  };
}

/** An application started on the restored data finds the ficha, the bytes of its PDF and the operation. */
async function expectRecords(env: Record<string, string>, r: Records) {
  const config = loadConfig({ ...TEST_ENV, ...env });
  const deps = await createRuntime(config);
  const app = await buildApp(deps, { logger: false, serveWeb: false });
  try {
    await app.ready();
    const headers = await login(app);
    const ficha = await app.inject({ method: 'GET', url: `/api/fichas-clientes/${r.fichaId}`, headers });
    expect(ficha.statusCode, ficha.body).toBe(200);
    expect(ficha.json()).toMatchObject({ name: 'Respaldo', files: [{ name: 'contrato.pdf', url: r.fileUrl }] });
    const file = await app.inject({ method: 'GET', url: r.fileUrl, headers });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, r.pdf)).toBe(0);
    const op = await app.inject({ method: 'GET', url: `/api/consultations/view/${r.operationId}`, headers });
    expect(op.statusCode, op.body).toBe(200);
    expect(op.json()).toMatchObject({ codigo: r.codigo, amount: 750_000 });
  } finally {
    await app.close();
    await stopRuntime(deps);
  }
}

const archiveOf = (stdout: string) => {
  const file = /Backup written: (\S+\.tar)/.exec(stdout)?.[1];
  expect(file, stdout).toBeTruthy();
  return file as string;
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore, embedded database', () => {
  it('backs up DATA_DIR (database + files), restores into a new folder, and the app finds everything', async () => {
    const dataDir = tmpDir('rc-backup-src-');
    const env = { ...TEST_ENV, DATA_DIR: dataDir };
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    const pglite = await PGlite.create(path.join(dataDir, 'db'), {
      loadDataDir: template,
      extensions: PGLITE_EXTENSIONS,
    });
    const deps = await createRuntime(loadConfig(env), { pglite });
    await bootstrap(deps.db, deps.config);
    await startFeatures(deps);
    const app = await buildApp(deps, { logger: false, serveWeb: false });
    await app.ready();
    const records = await createRecords(app);

    // the server holds the folder: the backup refuses and says what to do
    await expect(takeBackup(deps.config, { out: tmpDir('rc-backup-refused-') })).rejects.toThrow(
      new RegExp(`open in process ${process.pid}\\b.*Stop the server`),
    );
    await app.close();
    await stopRuntime(deps);

    // the screening index's snapshot (decision 245) is in the files folder, and left out of the backup: it is made
    // again from the database
    expect(fs.readdirSync(path.join(dataDir, 'files', 'screening-index'))).toHaveLength(1);
    const out = tmpDir('rc-backup-out-');
    const stdout = await cli(['backup', '--out', out], { DATA_DIR: dataDir });
    const file = archiveOf(stdout);
    expect(stdout).toMatch(/fichas \d+, .*operations 1\b/);
    expect(stdout).toMatch(/files {6}1 \(/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const restored = tmpDir('rc-backup-new-');
    const said = await cli(['restore', '--from', file], { DATA_DIR: restored });
    expect(said).toContain(`Restored ${file} into the embedded database ${path.join(restored, 'db')}`);
    expect(said).toMatch(/operations 1\b/);
    expect(fs.existsSync(path.join(restored, 'files', 'screening-index'))).toBe(false);
    await expectRecords({ DATA_DIR: restored }, records);

    // a non-empty target needs --force, which keeps the replaced folders beside
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: restored });
    await expect(restoreBackup(config, { from: file })).rejects.toThrow(/already holds a database or files.*--force/);
    const forced = await restoreBackup(config, { from: file, force: true });
    expect(forced.keptAside.map((p) => path.basename(p))).toEqual([
      expect.stringMatching(/^db\.replaced-/),
      expect.stringMatching(/^files\.replaced-/),
    ]);

    // a damaged archive is refused before anything is touched
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf(records.pdf.subarray(0, 64));
    expect(at).toBeGreaterThan(0);
    bytes.writeUInt8(bytes.readUInt8(at + 40) ^ 0xff, at + 40);
    const damaged = path.join(out, 'damaged.tar');
    fs.writeFileSync(damaged, bytes);
    await expect(checkBackup(damaged)).rejects.toThrow(/damaged.*files\.tar: SHA-256/s);
    const fresh = tmpDir('rc-backup-none-');
    await expect(restoreBackup(loadConfig({ ...TEST_ENV, DATA_DIR: fresh }), { from: damaged })).rejects.toThrow(
      /damaged/,
    );
    expect(fs.readdirSync(fresh)).toEqual([]);
  }, 1_200_000);
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore, files in a bucket (FILE_STORE=s3)', () => {
  it("the archive holds the bucket's files, and a restore puts them into the target's bucket", async () => {
    const s3 = await startS3();
    try {
      const dataDir = tmpDir('rc-backup-s3-src-');
      const env = { ...TEST_ENV, DATA_DIR: dataDir, ...s3.env('source') };
      const pglite = await PGlite.create(path.join(dataDir, 'db'), {
        loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
        extensions: PGLITE_EXTENSIONS,
      });
      const deps = await createRuntime(loadConfig(env), { pglite });
      await bootstrap(deps.db, deps.config);
      await startFeatures(deps);
      const app = await buildApp(deps, { logger: false, serveWeb: false });
      await app.ready();
      const records = await createRecords(app);
      await app.close();
      await stopRuntime(deps);
      // the ficha's PDF went to the bucket, not to the data folder
      expect(fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files')) : []).toEqual([]);

      const taken = await takeBackup(loadConfig(env), { out: tmpDir('rc-backup-s3-out-') });
      expect(taken.manifest.files.count).toBe(1);

      const restored = tmpDir('rc-backup-s3-new-');
      const target = { DATA_DIR: restored, ...s3.env('restored') };
      const done = await restoreBackup(loadConfig({ ...TEST_ENV, ...target }), { from: taken.file });
      expect(done.files).toBe('s3://regcheck-files');
      await expectRecords(target, records);
      // the target's bucket holds files now: a second restore needs --force
      await expect(restoreBackup(loadConfig({ ...TEST_ENV, ...target }), { from: taken.file })).rejects.toThrow(
        /already holds a database or files/,
      );
    } finally {
      await s3.close();
    }
  }, 1_200_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore, PostgreSQL', () => {
  it('pg_dump while the app runs, pg_restore into an empty database, and the app finds everything', async () => {
    const t = await createTestApp();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    const target = `rc_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin.connect();
    try {
      const records = await createRecords(t.app);
      const out = tmpDir('rc-backup-out-');
      const source = { DATA_DIR: t.deps.config.dataDir, DATABASE_URL: t.deps.config.databaseUrl as string };
      const file = archiveOf(await cli(['backup', '--out', out], source));

      await admin.query(`create database ${target}`);
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${target}`;
      const restored = { DATA_DIR: tmpDir('rc-backup-new-'), DATABASE_URL: url.toString() };
      const said = await cli(['restore', '--from', file], restored);
      expect(said).toContain(`into database ${target}`);
      expect(said).toMatch(/operations 1\b/);
      await expectRecords(restored, records);

      // the restored database is no longer empty: a second restore needs --force
      const config = loadConfig({ ...TEST_ENV, ...restored });
      await expect(restoreBackup(config, { from: file })).rejects.toThrow(
        /the target database holds \d+ tables and .*files is not empty: .*--force/,
      );
      // an embedded backup cannot go into PostgreSQL, nor the reverse
      const elsewhere = loadConfig({ ...TEST_ENV, DATA_DIR: tmpDir('rc-backup-x-') });
      await expect(restoreBackup(elsewhere, { from: file })).rejects.toThrow(/PostgreSQL database: restore it with/);
    } finally {
      await t.close();
      await admin.query(`drop database if exists ${target} with (force)`);
      await admin.end();
    }
  }, 1_200_000);
});
