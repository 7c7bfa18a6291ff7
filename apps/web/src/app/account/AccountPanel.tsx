import { Avatar, Badge, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { IconApi, IconBuilding, IconKey, IconLogout, IconSchool, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../session/session-types';
import { useSession } from '../session/useSession';
import { ACCOUNT_PANEL_WIDTH } from '../sidebar/sidebar-constants';
import { LanguageSwitch } from './LanguageSwitch';

interface Props {
  user: User;
  opened: boolean;
  onClose: () => void;
}

/** The right-hand account panel: who is logged in, account links, language and log off. */
export function AccountPanel({ user, opened, onClose }: Props) {
  const { t } = useTranslation(['shell', 'roles']);
  const { logout } = useSession();
  const links = [
    { key: 'profile', to: '/home/company', icon: IconBuilding, show: can(user, 'companyInfo') },
    { key: 'accountManager', to: '/home/accountManager', icon: IconUsers, show: can(user, 'accountManager') },
    { key: 'changePassword', to: '/tools/changepassword', icon: IconKey, show: true },
    { key: 'externalApi', to: '/tools/api', icon: IconApi, show: can(user, 'externalApi') },
    { key: 'trash', to: '/tools/trash', icon: IconTrash, show: can(user, 'trash') },
    {
      key: 'courses',
      to: '/home/courses',
      icon: IconSchool,
      show: can(user, 'allExceptSuperAdmin') || can(user, 'superadmin'),
    },
  ].filter((l) => l.show);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={ACCOUNT_PANEL_WIDTH}
      title={t('shell:account.title')}
      closeButtonProps={{ 'aria-label': t('shell:account.close') }}
      data-testid="account-panel"
    >
      <Stack align="center" gap="xs" mb="md">
        <Avatar size={72} radius="xl" color="blue">
          {user.name.charAt(0).toUpperCase()}
        </Avatar>
        <Text fw={600} data-testid="account-user-name">
          {user.name}
        </Text>
        <Badge variant="light" data-testid="account-role">
          {t(`roles:${user.role}`)}
        </Badge>
      </Stack>
      <Divider mb="xs" />
      <Stack gap={2}>
        {links.map(({ key, to, icon: Icon }) => (
          <NavLink
            key={key}
            component={Link}
            to={to}
            label={t(`shell:account.${key}`)}
            leftSection={<Icon size={18} />}
            onClick={onClose}
            data-testid={`account-${key}`}
          />
        ))}
      </Stack>
      <Divider my="md" />
      <LanguageSwitch />
      <Divider my="md" />
      <NavLink
        component="button"
        type="button"
        label={t('shell:account.logout')}
        leftSection={<IconLogout size={18} />}
        c="red.9"
        onClick={() => {
          onClose();
          void logout();
        }}
        data-testid="account-logout"
      />
    </Drawer>
  );
}
