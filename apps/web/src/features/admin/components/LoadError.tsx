import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A failed load: the server's message and a retry button. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title} data-testid="load-error">
      {error instanceof Error ? error.message : null}
      <div>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
          {t('admin:companies.retry')}
        </Button>
      </div>
    </Alert>
  );
}
