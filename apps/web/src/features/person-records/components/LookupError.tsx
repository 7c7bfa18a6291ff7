import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api/api-error';

/**
 * A lookup that failed: the provider's failure (502/504, the contracted limit) with a retry, or a request the page
 * cannot make (a document of another country, an unknown person) said as it is.
 */
export function LookupError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('records');
  const code = error instanceof ApiError ? error.code : null;
  const provider = !(error instanceof ApiError) || error.status >= 500 || code === 'PROVIDER_LIMIT_REACHED';
  if (!provider)
    return (
      <Alert color="yellow" data-testid="records-request-error">
        {error.message}
      </Alert>
    );
  return (
    <Alert color="red" title={t('records:providerError')} data-testid="records-provider-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {code !== 'PROVIDER_LIMIT_REACHED' && (
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('records:retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
