import { describe, expect, it } from 'vitest';
import { solveChallenge } from '../src/modules/auth/captcha.service';
import { useTestApp } from './harness';

const t = useTestApp();

describe('without SMTP_URL the outbox keeps e-mails for the super administrator', () => {
  it('queues the recovery e-mail as pending and shows it to the super administrator only', async () => {
    const c = (await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/recover',
      payload: { email: 'frontdesk.cl@demo.regcheck.app', captcha: solveChallenge(c.challenge, c.difficulty) },
    });
    expect(res.statusCode).toBe(200);
    await t.deps.queue.drain();
    expect((await t.call({ method: 'GET', url: '/api/outbox' })).statusCode).toBe(401);
    expect((await t.get('admin', '/api/outbox')).statusCode).toBe(403);
    const list = await t.get('superAdmin', '/api/outbox?status=pending');
    expect(list.statusCode).toBe(200);
    const mail = list.json().find((m: { toAddress: string }) => m.toAddress === 'frontdesk.cl@demo.regcheck.app');
    expect(mail).toMatchObject({ status: 'pending', kind: 'password.recovery' });
    expect(mail.textBody).toContain('/restablecer');
  });

  it('the view masks the live links and tokens; the stored e-mail keeps them for delivery', async () => {
    const stored = await t.deps.db
      .selectFrom('outbox')
      .select(['id', 'textBody', 'htmlBody'])
      .where('toAddress', '=', 'frontdesk.cl@demo.regcheck.app')
      .where('kind', '=', 'password.recovery')
      .executeTakeFirstOrThrow();
    const token = /\/recover\/([^/\s]+)\//.exec(stored.textBody)?.[1];
    expect(token?.length).toBeGreaterThanOrEqual(32);
    const list = await t.get('superAdmin', '/api/outbox?to=frontdesk.cl@demo.regcheck.app');
    expect(list.statusCode).toBe(200);
    const shown = list.json().find((m: { id: string }) => m.id === stored.id);
    expect(shown.textBody).not.toContain(token as string);
    expect(shown.textBody).toMatch(/http:\/\/regcheck\.test\/recover\/…\/.+\/restablecer/);
    expect(JSON.stringify(list.json())).not.toContain(token as string);
    // delivery reads the stored e-mail, untouched
    const again = await t.deps.db
      .selectFrom('outbox')
      .select('textBody')
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(again.textBody).toContain(token as string);
  });
});
