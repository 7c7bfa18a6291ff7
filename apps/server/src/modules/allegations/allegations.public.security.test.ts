import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/harness';
import { buildApp, LOG_REDACT } from '../../app';
import type { AppDeps } from '../../plugins/context';
import { fileReport, multipart, smallPdf, solved } from './allegations.test-helpers';

/**
 * What the channel guards beyond its happy path (issue 10): the proof of work on every call that takes a pin, the
 * per-address rate limit, nothing of a report in the logs, no partial report when the filing transaction fails,
 * and the reporter's reads audited without saying who they are.
 */
const t = useTestApp({ RATE_LIMIT_MAX: '1000' });

const filed = async (overrides: Record<string, unknown> = {}, files: { name: string; bytes: Buffer }[] = []) => {
  const r = await fileReport(t, overrides, files);
  expect(r.statusCode).toBe(200);
  return r.json() as { id_denuncia: string; pin: string };
};

describe('proof of work on every call that takes a pin', () => {
  it('the conversation, the reply and a file answer CAPTCHA_INVALID without a fresh solved challenge', async () => {
    const { id_denuncia, pin } = await filed({}, [{ name: 'prueba.pdf', bytes: await smallPdf() }]);
    const base = { companyId: t.companies.cl, pin };
    const chat = (captcha?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat-denuncias-public/detail',
        payload: { ...base, denunciaId: id_denuncia, ...(captcha ? { captcha } : {}) },
      });
    expect((await chat()).statusCode).toBe(400);
    expect((await chat('0000:1')).json().code).toBe('CAPTCHA_INVALID');
    const token = await solved(t);
    const ok = await chat(token);
    expect(ok.statusCode).toBe(200);
    const fileId = ok.json().messages[0].files[0].id as string;
    // a token is spent once
    expect((await chat(token)).json().code).toBe('CAPTCHA_INVALID');

    const reply = multipart({ ...base, denunciaId: id_denuncia, message: 'Sin desafío' });
    const noWork = await t.app.inject({ method: 'POST', url: '/api/chat-denuncias-public', ...reply });
    expect(noWork.statusCode).toBe(400);
    const file = (captcha?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/denuncia-public/files/${fileId}`,
        payload: { ...base, id_denuncia, ...(captcha ? { captcha } : {}) },
      });
    expect((await file()).statusCode).toBe(400);
    expect((await file('x:1')).json().code).toBe('CAPTCHA_INVALID');
    expect((await file(await solved(t))).statusCode).toBe(200);
    // a token spent on another public call (password recovery) does not open the channel
    const spent = await solved(t);
    const recover = await t.app.inject({
      method: 'POST',
      url: '/api/users/recover',
      payload: { email: 'nadie@example.test', captcha: spent },
    });
    expect(recover.statusCode, recover.body).toBe(200);
    expect((await chat(spent)).json().code).toBe('CAPTCHA_INVALID');
    // the refused calls wrote no message
    const after = await chat(await solved(t));
    expect(after.json().messages.map((m: { body: string }) => m.body)).not.toContain('Sin desafío');
  });
});

describe('the public rate limit', () => {
  it('answers 429 past RATE_LIMIT_MAX calls a minute from one address, on every public call of the channel', async () => {
    const small = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const channel = () =>
        small.app.inject({ method: 'GET', url: `/api/denuncia-public/channel/${small.companies.cl}` });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await channel()).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await channel();
      expect(limited.json().code).toBe('RATE_LIMITED');
      // another address has its own count; a limited address is refused before any pin is checked
      const other = await small.app.inject({
        method: 'GET',
        url: `/api/denuncia-public/channel/${small.companies.cl}`,
        remoteAddress: '10.9.8.7',
      });
      expect(other.statusCode).toBe(200);
      const detail = () =>
        small.app.inject({
          method: 'POST',
          url: '/api/chat-denuncias-public/detail',
          remoteAddress: '10.1.1.1',
          payload: { companyId: small.companies.cl, denunciaId: 'ABCDEFGHJK', pin: '12345678', captcha: 'x:1' },
        });
      const d = [];
      for (let i = 0; i < 4; i++) d.push((await detail()).statusCode);
      expect(d).toEqual([400, 400, 400, 429]);
    } finally {
      await small.close();
    }
  });
});

describe('nothing of a report reaches the logs', () => {
  it('the pin, the description and the identified reporter are never logged, at the most verbose level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // the same app on the same database, logging every request at trace level into `lines`
    const log = pino({ level: 'trace', redact: LOG_REDACT }, sink);
    const deps: AppDeps = { ...t.deps, log: log as unknown as AppDeps['log'] };
    const app = await buildApp(deps, { logger: { level: 'trace', stream: sink }, serveWeb: false });
    await app.ready();
    const secretText = 'Soborno de 4.000 UF en la licitación del puerto, pagado por el gerente Zúñiga.';
    const pins: string[] = [];
    const reporter = {
      reporterName: 'Hortensia Valdebenito',
      reporterEmail: 'hvaldeb@correo.cl',
      reporterPhone: '+56 9 8765 4321',
    };
    try {
      const m = multipart(
        {
          companyId: t.companies.cl,
          captcha: await solved(t),
          category: 'corruption',
          description: secretText,
          anonymous: false,
          relationship: 'supplier',
          ...reporter,
        },
        [{ name: 'pago.pdf', bytes: await smallPdf() }],
      );
      const res = await app.inject({ method: 'POST', url: '/api/denuncia-public', ...m });
      expect(res.statusCode).toBe(200);
      const { id_denuncia, pin } = res.json();
      pins.push(pin, `${pin.slice(0, 7)}9`);
      const call = async (url: string, payload: Record<string, unknown>) =>
        app.inject({ method: 'POST', url, payload: { ...payload, captcha: await solved(t) } });
      expect(
        (await call('/api/denuncia-public/detail', { companyId: t.companies.cl, id_denuncia, pin })).statusCode,
      ).toBe(200);
      const chat = await call('/api/chat-denuncias-public/detail', {
        companyId: t.companies.cl,
        denunciaId: id_denuncia,
        pin,
      });
      const fileId = chat.json().messages[0].files[0].id;
      await call(`/api/denuncia-public/files/${fileId}`, { companyId: t.companies.cl, id_denuncia, pin });
      // a wrong pin, bad input carrying the description and an invalid e-mail: errors are logged, their values not
      await call('/api/denuncia-public/detail', { companyId: t.companies.cl, id_denuncia, pin: `${pin.slice(0, 7)}9` });
      const bad = multipart({
        companyId: t.companies.cl,
        captcha: 'x:1',
        category: 'nope',
        description: secretText,
        anonymous: false,
        relationship: 'supplier',
        ...reporter,
        reporterEmail: 'no-es-correo',
      });
      expect((await app.inject({ method: 'POST', url: '/api/denuncia-public', ...bad })).statusCode).toBe(400);
      const reply = multipart({
        companyId: t.companies.cl,
        denunciaId: id_denuncia,
        pin,
        message: secretText,
        captcha: await solved(t),
      });
      expect((await app.inject({ method: 'POST', url: '/api/chat-denuncias-public', ...reply })).statusCode).toBe(200);
      // the redaction itself, for whatever logs a report one day
      app.log.info({ report: { pin, pinHash: '$argon2id$v=19$secret', ...reporter } }, 'a report');
    } finally {
      await app.close();
    }
    const text = lines.join('');
    // the capture works (the redaction line), and the channel's requests themselves wrote no line (issue 22)
    expect(text).toContain('[Redacted]');
    expect(text).not.toContain('/api/denuncia-public');
    expect(text).not.toContain('/api/chat-denuncias-public');
    for (const secret of [
      secretText,
      '$argon2id',
      'Zúñiga',
      reporter.reporterName,
      reporter.reporterEmail,
      reporter.reporterPhone,
      'Valdebenito',
    ])
      expect(text).not.toContain(secret);
    // neither the right pin nor the wrong one tried
    expect(pins).toHaveLength(2);
    for (const pin of pins) expect(text).not.toMatch(new RegExp(`(^|\\D)${pin}(\\D|$)`));
  });
});

describe('a failure inside the filing transaction', () => {
  it('leaves no report, no message and no stored file', async () => {
    const dir = path.join(t.deps.config.dataDir, 'files', 'allegations', t.companies.cl);
    const filesNow = () => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
    const before = { files: filesNow(), reports: await t.deps.db.selectFrom('allegations').select('id').execute() };
    const messages = async () => (await t.deps.db.selectFrom('allegationMessages').select('id').execute()).length;
    const messagesBefore = await messages();
    // the last insert of the transaction (the first status change) fails, after the report and its message
    await sql`create or replace function rc_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`.execute(t.deps.db);
    await sql`create trigger rc_test_fail before insert on allegation_status_changes
      for each row execute function rc_test_fail()`.execute(t.deps.db);
    try {
      const r = await fileReport(t, {}, [
        { name: 'uno.pdf', bytes: await smallPdf() },
        { name: 'dos.pdf', bytes: await smallPdf() },
      ]);
      expect(r.statusCode).toBe(500);
      expect(r.body).not.toContain('injected');
    } finally {
      await sql`drop trigger rc_test_fail on allegation_status_changes`.execute(t.deps.db);
      await sql`drop function rc_test_fail()`.execute(t.deps.db);
    }
    expect(await t.deps.db.selectFrom('allegations').select('id').execute()).toEqual(before.reports);
    expect(await messages()).toBe(messagesBefore);
    expect(filesNow()).toEqual(before.files);
    // and the channel works again once the failure is gone
    const ok = await fileReport(t, {}, [{ name: 'tres.pdf', bytes: await smallPdf() }]);
    expect(ok.statusCode).toBe(200);
    expect(filesNow()).toHaveLength(before.files.length + 1);
  });
});

describe("the reporter's reads are audited, without saying who reads", () => {
  it('the conversation and a downloaded file leave an audit row with no user, no address and no content', async () => {
    const { id_denuncia, pin } = await filed(
      { anonymous: false, reporterName: 'Rosa Tapia', reporterEmail: 'rtapia@correo.cl' },
      [{ name: 'rosa-tapia.pdf', bytes: await smallPdf() }],
    );
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chat-denuncias-public/detail',
      headers: { 'x-request-id': 'req-chat-1', 'user-agent': 'Mozilla/5.0 (Reporter)' },
      payload: { companyId: t.companies.cl, denunciaId: id_denuncia, pin, captcha: await solved(t) },
    });
    const fileId = chat.json().messages[0].files[0].id as string;
    const file = await t.app.inject({
      method: 'POST',
      url: `/api/denuncia-public/files/${fileId}`,
      headers: { 'x-request-id': 'req-file-1' },
      payload: { companyId: t.companies.cl, id_denuncia, pin, captcha: await solved(t) },
    });
    expect(file.statusCode).toBe(200);
    const { id } = await t.deps.db
      .selectFrom('allegations')
      .select('id')
      .where('code', '=', id_denuncia)
      .executeTakeFirstOrThrow();
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', id)
      .where('action', 'in', ['allegation.public.chat.viewed', 'allegation.public.file.downloaded'])
      .orderBy('createdAt')
      .execute();
    expect(rows.map((r) => [r.action, r.requestId])).toEqual([
      ['allegation.public.chat.viewed', 'req-chat-1'],
      ['allegation.public.file.downloaded', 'req-file-1'],
    ]);
    for (const r of rows) {
      expect(r.companyId).toBe(t.companies.cl);
      expect(r.userId).toBeNull();
      expect(r.ip).toBeNull();
      const all = JSON.stringify(r);
      for (const who of ['Rosa', 'Tapia', 'rtapia', 'Mozilla', pin, '127.0.0.1']) expect(all).not.toContain(who);
    }
    expect(rows[1]?.after).toEqual({ fileId });
  });
});
