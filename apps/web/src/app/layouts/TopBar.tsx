import { ActionIcon, Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import type { User } from '../session/session-types';

interface Props {
  user: User;
  collapsed: boolean;
  narrow: boolean;
  onToggleSidebar: () => void;
  onOpenAccount: () => void;
}

/** Top bar: sidebar toggle, product name, user name, role and the avatar that opens the account panel. */
export function TopBar({ user, collapsed, narrow, onToggleSidebar, onOpenAccount }: Props) {
  const { t } = useTranslation(['shell', 'roles']);
  const ToggleIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {!narrow && (
          <ActionIcon
            variant="subtle"
            onClick={onToggleSidebar}
            aria-label={collapsed ? t('shell:sidebar.expand') : t('shell:sidebar.collapse')}
            data-testid="sidebar-toggle"
          >
            <ToggleIcon size={22} />
          </ActionIcon>
        )}
        <Text component={Link} to="/hall" fw={700} size="lg" c="blue.8" td="none">
          RegCheck
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <NotificationBell user={user} />
        <div style={{ textAlign: 'right', minWidth: 0 }}>
          <Text size="sm" fw={600} truncate data-testid="topbar-user-name">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate data-testid="topbar-role">
            {t(`roles:${user.role}`)}
          </Text>
        </div>
        <UnstyledButton onClick={onOpenAccount} aria-label={t('shell:account.open')} data-testid="avatar-button">
          <Avatar radius="xl" color="blue">
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Group>
    </Group>
  );
}
