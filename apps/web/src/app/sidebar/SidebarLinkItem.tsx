import { HoverCard, NavLink, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMPACT_NAVLINK_STYLES, POPOVER_CLOSE_DELAY_MS } from './sidebar-constants';
import { SIDEBAR_ICONS } from './sidebar-icons';
import type { SidebarLink } from './sidebar-items';

interface Props {
  link: SidebarLink;
  pathname: string;
  compact: boolean;
  /** resolved address of an external link */
  href?: string;
  testId: string;
}

function isActive(to: string | undefined, pathname: string): boolean {
  return !!to && (pathname === to || pathname.startsWith(`${to}/`));
}

/** One sidebar link; when the sidebar is collapsed it shows only the icon and its label in a popover on hover. */
export function SidebarLinkItem({ link, pathname, compact, href, testId }: Props) {
  const { t } = useTranslation('shell');
  const Icon = SIDEBAR_ICONS[link.key];
  const label = t(link.labelKey);
  const common = {
    label: compact ? undefined : label,
    'aria-label': compact ? label : undefined,
    leftSection: Icon ? <Icon size={20} stroke={1.6} /> : null,
    'data-testid': testId,
    'data-compact': compact || undefined,
    styles: compact ? COMPACT_NAVLINK_STYLES : undefined,
  };
  const item = link.external ? (
    <NavLink component="a" href={href ?? '#'} target="_blank" rel="noopener noreferrer" {...common} />
  ) : (
    <NavLink component={Link} to={link.to ?? '/'} active={isActive(link.to, pathname)} {...common} />
  );
  if (!compact) return item;
  return (
    <HoverCard position="right" closeDelay={POPOVER_CLOSE_DELAY_MS} openDelay={50} shadow="md" withinPortal>
      <HoverCard.Target>{item}</HoverCard.Target>
      <HoverCard.Dropdown>
        <Text size="sm" fw={500}>
          {label}
        </Text>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
