import type { Role } from '@regcheck/shared';
import type { RouteAccess } from '../../plugins/context';

/**
 * Who reaches the whistleblowing channel (spec 001 §6): anyone files and follows a report with its id and pin (the
 * public calls, rate-limited and behind the proof-of-work challenge); the two allegation roles handle reports; the
 * allegations administrator alone sees the dashboard, the reports and the settings.
 */
export const allegationsAccess = {
  public: 'public',
  handle: 'allegations',
  admin: 'denouncesAdmin',
  /** the sidebar's link to the public filing page: whether the caller's company's channel is active */
  channelLink: 'denouncesChannel',
} satisfies Record<string, RouteAccess>;

/** The roles a report can be assigned to: the two allegation roles of the company. */
export const ALLEGATION_HANDLER_ROLES: Role[] = ['denouncesAdmin', 'denouncesCoordinator'];

/** The kind of the channel's in-app notifications (deadlines): read by the allegation roles only (issue 22). */
export const ALLEGATION_NOTIFICATION_KIND = 'allegation';

/** The deadline e-mails go to the assignee and to the allegations administrator. */
export const DEADLINE_RECIPIENT_ROLE: Role = 'denouncesAdmin';
