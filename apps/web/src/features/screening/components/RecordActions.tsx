import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  editLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The edit and delete icons of a company list row. */
export function RecordActions({ editLabel, onEdit, onDelete }: Props) {
  const { t } = useTranslation('screening');
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('screening:blacklist.delete')} onClick={onDelete}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
