import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

/**
 * GET /denuncia-channel (issue 22, point 6): the signed-in pages read whether their company's channel takes reports
 * through an authenticated route, which the public channel's per-address rate limit does not reach.
 */
const t = useTestApp({ RATE_LIMIT_MAX: '3' });

const status = (as?: string) =>
  t.call({ ...(as ? { as } : {}), company: 'cl', method: 'GET', url: '/api/denuncia-channel' });

describe('GET /api/denuncia-channel', () => {
  it('401 without a token, 403 for a role without the channel link', async () => {
    expect((await status()).statusCode).toBe(401);
    expect((await status('userMonitoring')).statusCode).toBe(403);
  });

  it("answers whether the caller's company channel is active, however often the pages ask", async () => {
    const codes: number[] = [];
    // far past the public route's limit of RATE_LIMIT_MAX calls a minute from one address
    for (let i = 0; i < 12; i++) {
      const r = await status('admin');
      codes.push(r.statusCode);
      if (r.statusCode === 200) expect(r.json()).toEqual({ companyId: t.companies.cl, active: true });
    }
    expect(new Set(codes)).toEqual(new Set([200]));
    const publicCodes: number[] = [];
    for (let i = 0; i < 4; i++)
      publicCodes.push(
        (await t.app.inject({ method: 'GET', url: `/api/denuncia-public/channel/${t.companies.cl}` })).statusCode,
      );
    expect(publicCodes).toEqual([200, 200, 200, 429]);

    await t.deps.db
      .updateTable('companies')
      .set({ allegationsChannelStatus: 'inactive' })
      .where('id', '=', t.companies.cl)
      .execute();
    try {
      const off = await status('frontdesk');
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ companyId: t.companies.cl, active: false });
    } finally {
      await t.deps.db
        .updateTable('companies')
        .set({ allegationsChannelStatus: 'active' })
        .where('id', '=', t.companies.cl)
        .execute();
    }
  });
});
