import { ActionIcon, Indicator } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../../../app/session/session-types';
import { notificationsApi } from '../api/notifications-api';
import { notificationsKeys } from '../keys';

/** The unread count is asked again every minute. */
const BELL_REFRESH_MS = 60_000;

/**
 * The top bar's bell: the unread notifications of the company, for the roles with the notifications permission. A
 * user held at the change-password page has no bell: the server answers nothing else until the password is chosen.
 */
export function NotificationBell({ user }: { user: User }) {
  const allowed = can({ role: user.role, company: user.company }, 'notifications');
  if (!allowed || user.askPasswordChange) return null;
  return <Bell />;
}

function Bell() {
  const { t } = useTranslation('reports');
  const unread = useQuery({
    queryKey: notificationsKeys.unread(),
    queryFn: notificationsApi.unread,
    refetchInterval: BELL_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const n = unread.data?.count ?? 0;
  const label = n > 0 ? t('reports:bell.unread', { count: n }) : t('reports:bell.none');
  return (
    <Indicator label={n > 99 ? '99+' : n} size={16} color="red" disabled={n === 0} offset={4} data-testid="bell-count">
      <ActionIcon
        component={Link}
        to="/home/notifications?read=unread"
        variant="subtle"
        size="lg"
        aria-label={label}
        title={label}
        data-testid="notification-bell"
      >
        <IconBell size={22} />
      </ActionIcon>
    </Indicator>
  );
}
