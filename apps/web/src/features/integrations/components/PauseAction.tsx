import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../app/ui/RowAction';

/** Pause (when active) or resume a credential or webhook. */
export function PauseAction({ active, onClick }: { active: boolean; onClick: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <RowAction
      label={active ? t('admin:externalApi.pause') : t('admin:externalApi.resume')}
      icon={active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
      onClick={onClick}
    />
  );
}
