import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('../../../app/api/client', () => ({ api: { get: (...a: unknown[]) => get(...a), post: vi.fn() } }));
vi.mock('../../../app/i18n/i18n', () => ({ i18n: { language: 'es', t: (k: string) => k } }));
vi.mock('../../auth/hooks/proof-of-work', () => ({
  solveProofOfWork: async (challenge: string) => `${challenge}:1`,
}));

const { allegationsApi, publicAllegationsApi } = await import('./allegations-api');

beforeEach(() => get.mockReset());

/**
 * Issue 22, point 6: the signed-in pages read the channel through the authenticated GET /denuncia-channel; the
 * public, rate-limited GET /denuncia-public/channel/{id} is the visitors' pages' only.
 */
describe("the sidebar's channel link", () => {
  it('reads GET /denuncia-channel with the session (never the public route)', async () => {
    get.mockResolvedValue({ companyId: 'c1', active: true });
    expect(await allegationsApi.channelStatus()).toEqual({ companyId: 'c1', active: true });
    expect(get).toHaveBeenCalledTimes(1);
    const [url, opts] = get.mock.calls[0] as [string, { auth?: boolean } | undefined];
    expect(url).toBe('/denuncia-channel');
    expect(opts?.auth).not.toBe(false);
  });

  it('the signed-in component asks the authenticated route; only the public pages call the public one', () => {
    const dir = path.resolve(__dirname, '..');
    const link = readFileSync(path.join(dir, 'components/DenouncesChannelLink.tsx'), 'utf8');
    expect(link).toContain('allegationsApi.channelStatus()');
    expect(link).not.toContain('publicAllegationsApi');
    const gate = readFileSync(path.join(dir, 'components/ChannelUnavailable.tsx'), 'utf8');
    expect(gate).toContain('publicAllegationsApi.channel(');
  });
});

describe('the follow-up calls', () => {
  it("solve the channel's challenge for the report id they open (harder after wrong pins elsewhere)", async () => {
    get.mockResolvedValueOnce({ challenge: 'abc', difficulty: 8 });
    const post = (await import('../../../app/api/client')).api.post as ReturnType<typeof vi.fn>;
    post.mockResolvedValue({});
    await publicAllegationsApi.detail({ companyId: 'c1', id_denuncia: 'ABCDEFGHJK', pin: '12345678' });
    expect(get.mock.calls[0]?.[0]).toBe('/denuncia-public/challenge?companyId=c1&id_denuncia=ABCDEFGHJK');
    expect(post.mock.calls[0]?.[1]).toMatchObject({ captcha: 'abc:1' });
  });
});
