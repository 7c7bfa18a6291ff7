import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Error boundary of the routes: the generic failure text and the status (500 when unknown). */
export function RouteErrorPage() {
  const { t } = useTranslation(['errors', 'shell']);
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="80vh" p="md">
      <Stack align="center" gap="sm" data-testid="error-boundary">
        <Title order={1} c="dimmed">
          {status}
        </Title>
        <Text size="lg">{t('errors:GENERIC_PAGE')}</Text>
        <Anchor href="/">{t('shell:backHome')}</Anchor>
      </Stack>
    </Center>
  );
}
