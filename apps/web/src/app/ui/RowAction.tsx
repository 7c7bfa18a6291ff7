import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  /** tooltip and accessible name */
  label: string;
  icon: ReactNode;
  /** a link to another screen, or else a click */
  to?: string;
  onClick?: () => void;
  color?: string;
  disabled?: boolean;
  testId?: string;
}

/** One icon action of a table row, with its label as tooltip. */
export function RowAction({ label, icon, to, onClick, color, disabled, testId }: Props) {
  const common = { variant: 'subtle', color, disabled, 'aria-label': label, 'data-testid': testId } as const;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} {...common}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon onClick={onClick} {...common}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** A row's delete (or remove) action: the red bin with its label. */
export function DeleteAction(props: Omit<Props, 'icon' | 'color' | 'to'>) {
  return <RowAction {...props} icon={<IconTrash size={16} />} color="red" />;
}

/** A row's edit action: the pencil with its label, a link to the edit page or a click. */
export function EditAction(props: Omit<Props, 'icon' | 'color'>) {
  return <RowAction {...props} icon={<IconPencil size={16} />} />;
}
