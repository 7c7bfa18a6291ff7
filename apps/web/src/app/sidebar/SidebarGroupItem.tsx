import { HoverCard, NavLink, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COMPACT_NAVLINK_STYLES, POPOVER_CLOSE_DELAY_MS } from './sidebar-constants';
import { SIDEBAR_ICONS } from './sidebar-icons';
import { groupOpenFor, type SidebarGroup } from './sidebar-items';

interface Props {
  group: SidebarGroup;
  pathname: string;
  compact: boolean;
  testId: string;
}

function isActive(to: string | undefined, pathname: string): boolean {
  return !!to && (pathname === to || pathname.startsWith(`${to}/`));
}

/** A sidebar group that stays open while the current path belongs to it. */
export function SidebarGroupItem({ group, pathname, compact, testId }: Props) {
  const { t } = useTranslation('shell');
  const Icon = SIDEBAR_ICONS[group.key];
  const inGroup = groupOpenFor(group, pathname);
  const [opened, setOpened] = useState(inGroup);
  useEffect(() => {
    if (inGroup) setOpened(true);
  }, [inGroup]);
  const label = t(group.labelKey);
  const icon = Icon ? <Icon size={20} stroke={1.6} /> : null;

  // one child is marked: the one whose address matches the most of the path (the list's /home/fichas is not also
  // marked on /home/fichas/exportFicha)
  const current = group.children
    .filter((c) => isActive(c.to, pathname))
    .sort((a, b) => (b.to ?? '').length - (a.to ?? '').length)[0]?.key;
  const children = group.children.map((child) => (
    <NavLink
      key={child.key}
      component={Link}
      to={child.to ?? '/'}
      label={t(child.labelKey)}
      active={child.key === current}
      data-testid={`subnav-${group.key}-${child.key}`}
    />
  ));

  if (compact) {
    return (
      <HoverCard position="right" closeDelay={POPOVER_CLOSE_DELAY_MS} openDelay={50} shadow="md" withinPortal>
        <HoverCard.Target>
          <NavLink
            component="button"
            type="button"
            aria-label={label}
            leftSection={icon}
            active={inGroup}
            data-testid={testId}
            data-compact
            styles={COMPACT_NAVLINK_STYLES}
          />
        </HoverCard.Target>
        <HoverCard.Dropdown p="xs">
          <Text size="sm" fw={600} px="sm" pb={4}>
            {label}
          </Text>
          <Stack gap={0}>{children}</Stack>
        </HoverCard.Dropdown>
      </HoverCard>
    );
  }
  return (
    <NavLink
      label={label}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      childrenOffset={28}
      active={inGroup && !opened}
      data-testid={testId}
    >
      {children}
    </NavLink>
  );
}
