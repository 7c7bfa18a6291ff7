import { Anchor, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  title: ReactNode;
  /** the link back to the list the page belongs to */
  back?: { to: string; label: string };
  /** the page's own buttons, on the right */
  children?: ReactNode;
}

/** A page's title with, on its right, the way back and the page's buttons. */
export function PageHeader({ title, back, children }: Props) {
  return (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      {back && (
        <Anchor component={Link} to={back.to} size="sm">
          {back.label}
        </Anchor>
      )}
      {children}
    </Group>
  );
}
