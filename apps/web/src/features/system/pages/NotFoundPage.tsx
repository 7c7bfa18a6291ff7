import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** 404: 'This page could not be found' and a link home. */
export function NotFoundPage() {
  const { t } = useTranslation('system');
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} c="dimmed">
          404
        </Title>
        <Text size="lg" data-testid="not-found">
          {t('system:notFound.message')}
        </Text>
        <Anchor component={Link} to="/">
          {t('system:notFound.backHome')}
        </Anchor>
      </Stack>
    </Center>
  );
}
