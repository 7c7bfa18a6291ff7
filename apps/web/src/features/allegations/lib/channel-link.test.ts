import { describe, expect, it } from 'vitest';
import { channelLinkState } from './channel-link';

const company = (country: string) => ({ id: '0b6c1c2e-1d1f-4c55-9f0e-2f1f3f3f3f3f', country, massiveBulks: false });
const origin = 'https://app.regcheck.test';

describe('the denounces channel link', () => {
  it('shows the public filing address to admin, adminNoUser and frontdesk while the channel is active', () => {
    for (const role of ['admin', 'adminNoUser', 'frontdesk'] as const)
      expect(channelLinkState({ role, company: company('CL') }, origin, { loading: false, active: true })).toEqual({
        show: true,
        url: 'https://app.regcheck.test/public/denounces/0b6c1c2e-1d1f-4c55-9f0e-2f1f3f3f3f3f',
      });
  });

  it('says the channel is not available when it is inactive, and waits while it is being read', () => {
    const s = { role: 'admin' as const, company: company('CL') };
    expect(channelLinkState(s, origin, { loading: false, active: false })).toEqual({ show: true, url: null });
    expect(channelLinkState(s, origin, { loading: true, active: false })).toEqual({ show: true, loading: true });
  });

  it('is hidden for other roles, for Brazil and without a company', () => {
    const on = { loading: false, active: true };
    expect(channelLinkState({ role: 'auditor', company: company('CL') }, origin, on).show).toBe(false);
    expect(channelLinkState({ role: 'denouncesAdmin', company: company('CL') }, origin, on).show).toBe(false);
    expect(channelLinkState({ role: 'admin', company: company('BR') }, origin, on).show).toBe(false);
    expect(channelLinkState({ role: 'admin', company: null }, origin, on).show).toBe(false);
  });
});
