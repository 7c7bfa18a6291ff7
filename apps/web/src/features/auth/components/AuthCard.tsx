import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Props {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The centred card of the sign-in pages. */
export function AuthCard({ title, subtitle, children }: Props) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="md">
          <Text fw={800} size="xl" c="blue.8" ta="center">
            RegCheck
          </Text>
          <Title order={1} size="h3" ta="center">
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed" ta="center">
              {subtitle}
            </Text>
          )}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The way back to the sign-in, under a sign-in page's form. */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      {t('auth:backToLogin')}
    </Anchor>
  );
}
