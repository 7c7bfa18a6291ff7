import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';

interface ErrorState {
  message?: string;
  status?: number;
}

/** The error page: message and status from the navigation state or the query, 500 when none is given. */
export function ErrorPage() {
  const { t } = useTranslation(['system', 'errors']);
  const { state } = useLocation() as { state: ErrorState | null };
  const [query] = useSearchParams();
  const status = Number(state?.status ?? query.get('status') ?? 500) || 500;
  const message = state?.message ?? query.get('message') ?? t('errors:GENERIC_PAGE');
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} c="dimmed" data-testid="error-status">
          {status}
        </Title>
        <Text size="lg" data-testid="error-message">
          {message}
        </Text>
        {status === 404 && (
          <Anchor component={Link} to="/">
            {t('system:notFound.backHome')}
          </Anchor>
        )}
      </Stack>
    </Center>
  );
}
