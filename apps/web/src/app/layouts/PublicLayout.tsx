import { Box, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { BusyFallback } from '../loading/BusyFallback';
import { publicHeaderHidden } from './public-header';

/** Header only; the header is hidden on public form and allegation routes. */
export function PublicLayout() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <>
      {!publicHeaderHidden(pathname) && (
        <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Group justify="space-between">
            <Text fw={700} size="lg" c="blue.8">
              RegCheck
            </Text>
            <Text size="sm" c="dimmed">
              {t('shell:public.tagline')}
            </Text>
          </Group>
        </Box>
      )}
      <Box component="main" p="md">
        <Suspense fallback={<BusyFallback />}>
          <Outlet />
        </Suspense>
      </Box>
    </>
  );
}
