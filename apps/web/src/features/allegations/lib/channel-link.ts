import { can, type PermissionSubject } from '@regcheck/shared/permissions';

export type ChannelLinkState = { show: false } | { show: true; loading: true } | { show: true; url: string | null };

/**
 * What the denounces channel entry shows: nothing without the denouncesChannel permission (admin, adminNoUser,
 * frontdesk; not Brazil); the public filing address while the company's channel is active; `url: null` (the
 * "not available" sentence) when the channel page answers that it is not.
 */
export function channelLinkState(
  subject: PermissionSubject & { company?: { id: string } | null },
  origin: string,
  channel: { loading: boolean; active: boolean },
): ChannelLinkState {
  const companyId = subject.company?.id;
  if (!companyId || !can(subject, 'denouncesChannel')) return { show: false };
  if (channel.loading) return { show: true, loading: true };
  return { show: true, url: channel.active ? `${origin}/public/denounces/${companyId}` : null };
}
