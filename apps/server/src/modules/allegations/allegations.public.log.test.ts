import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { buildApp, LOG_REDACT } from '../../app';
import type { AppDeps } from '../../plugins/context';
import { channelChallenge, multipart, smallPdf } from './allegations.test-helpers';

/**
 * The reporter leaves no trace in the server log (issue 22, point 3; DOMAIN.md "never log the reporter's address",
 * decision 29). The server logs, at the most verbose level, into DATA_DIR/server.log as it does in production; a
 * reporter files, reads, answers, downloads and mistypes the pin from one address with one browser; then the file
 * is read: no address, no user agent, no request id, no report id, no line at all for the channel's calls. Another
 * route from the same address is still logged as before (the capture works).
 */
const t = useTestApp({ RATE_LIMIT_MAX: '1000' });

const ADDRESS = '203.0.113.199';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) ReporterBrowser/99.1';

describe('the server log after a reporter used the channel', () => {
  it('holds nothing that ties a line to the reporter or the report; other routes log as before', async () => {
    const logFile = path.join(t.deps.config.dataDir, 'server.log');
    const dest = pino.destination({ dest: logFile, sync: true });
    const deps: AppDeps = { ...t.deps, log: pino({ level: 'trace', redact: LOG_REDACT }, dest) as never };
    const app = await buildApp(deps, { logger: { level: 'trace', stream: dest }, serveWeb: false });
    await app.ready();
    const requestIds: string[] = [];
    const call = async (opts: InjectOptions) => {
      const res = await app.inject({
        remoteAddress: ADDRESS,
        ...opts,
        headers: { 'user-agent': BROWSER, ...(opts.headers as Record<string, string> | undefined) },
      });
      requestIds.push(String(res.headers['x-request-id']));
      return res;
    };
    let code = '';
    try {
      const filing = multipart(
        {
          companyId: t.companies.cl,
          captcha: await channelChallenge(t),
          category: 'fraud',
          description: 'Pagos duplicados a un proveedor de transporte.',
          anonymous: true,
          relationship: 'employee',
        },
        [{ name: 'pagos.pdf', bytes: await smallPdf() }],
      );
      const filed = await call({
        method: 'POST',
        url: '/api/denuncia-public',
        headers: { ...filing.headers, 'x-request-id': 'reporter-filing-1' },
        payload: filing.payload,
      });
      expect(filed.statusCode).toBe(200);
      const { id_denuncia, pin } = filed.json();
      code = id_denuncia;
      const base = { companyId: t.companies.cl, pin };
      const detail = await call({
        method: 'POST',
        url: '/api/denuncia-public/detail',
        payload: { ...base, id_denuncia, captcha: await channelChallenge(t, id_denuncia) },
      });
      expect(detail.statusCode).toBe(200);
      const chat = await call({
        method: 'POST',
        url: '/api/chat-denuncias-public/detail',
        payload: { ...base, denunciaId: id_denuncia, captcha: await channelChallenge(t, id_denuncia) },
      });
      expect(chat.statusCode).toBe(200);
      const fileId = chat.json().messages[0].files[0].id as string;
      const answer = multipart({
        ...base,
        denunciaId: id_denuncia,
        message: 'Agrego otro antecedente.',
        captcha: await channelChallenge(t, id_denuncia),
      });
      expect(
        (
          await call({
            method: 'POST',
            url: '/api/chat-denuncias-public',
            headers: answer.headers,
            payload: answer.payload,
          })
        ).statusCode,
      ).toBe(200);
      const file = await call({
        method: 'POST',
        url: `/api/denuncia-public/files/${fileId}`,
        payload: { ...base, id_denuncia, captcha: await channelChallenge(t, id_denuncia) },
      });
      expect(file.statusCode).toBe(200);
      const wrong = await call({
        method: 'POST',
        url: '/api/denuncia-public/detail',
        payload: { ...base, pin: '00000001', id_denuncia, captcha: await channelChallenge(t, id_denuncia) },
      });
      expect(wrong.statusCode).toBe(404);
      await call({ method: 'GET', url: `/api/denuncia-public/channel/${t.companies.cl}` });
      // a route of the signed-in application, from the same address: logged as before
      await app.inject({ method: 'GET', url: '/api/health', remoteAddress: ADDRESS });
    } finally {
      await app.close();
      dest.flushSync();
    }
    const text = fs.readFileSync(logFile, 'utf8');
    // the capture works: the other route's request is there, with its address
    expect(text).toContain('/api/health');
    expect(text).toContain(ADDRESS);
    expect(text.split('\n').find((l) => l.includes('/api/health'))).toContain('"reqId"');
    const lines = text.split('\n').filter(Boolean);
    const channelLines = lines.filter((l) => /denuncia|whistleblowing/i.test(l));
    expect(channelLines).toEqual([]);
    for (const l of lines.filter((l) => !l.includes('/api/health'))) expect(l).not.toContain(ADDRESS);
    expect(text).not.toContain(BROWSER);
    expect(text).not.toContain('ReporterBrowser');
    expect(text).not.toContain(code);
    expect(requestIds).toHaveLength(7);
    for (const id of requestIds) expect(text).not.toContain(id);
    expect(text).not.toContain('reporter-filing-1');
  });
});
