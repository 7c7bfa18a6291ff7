import { ScrollArea, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DenouncesChannelLink } from '../../features/allegations/components/DenouncesChannelLink';
import type { User } from '../session/session-types';
import { usePublicSettings } from '../settings/usePublicSettings';
import { SidebarGroupItem } from './SidebarGroupItem';
import { SidebarLinkItem } from './SidebarLinkItem';
import { helpUrlFor, isGroup, type SidebarLink, visibleSidebar } from './sidebar-items';

interface Props {
  user: User;
  compact: boolean;
}

/** The items the user's permission keys allow, each with a stable data-testid of nav-<key>. */
export function Sidebar({ user, compact }: Props) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { data: settings } = usePublicSettings();
  const entries = visibleSidebar(user);

  const hrefOf = (link: SidebarLink): string | undefined => {
    if (!settings) return undefined;
    if (link.external === 'help') return helpUrlFor(user.company?.country, settings.helpUrls);
    return undefined;
  };

  return (
    <ScrollArea type="hover" scrollbarSize={6}>
      <Stack gap={2} p={compact ? 4 : 'xs'} component="nav" aria-label={t('shell:nav.label')} data-testid="sidebar">
        {entries.map((entry) =>
          isGroup(entry) ? (
            <SidebarGroupItem
              key={entry.key}
              group={entry}
              pathname={pathname}
              compact={compact}
              testId={`nav-${entry.key}`}
            />
          ) : (
            <SidebarLinkItem
              key={entry.key}
              link={entry}
              pathname={pathname}
              compact={compact}
              href={hrefOf(entry)}
              testId={`nav-${entry.key}`}
            />
          ),
        )}
        <DenouncesChannelLink user={user} compact={compact} />
      </Stack>
    </ScrollArea>
  );
}
