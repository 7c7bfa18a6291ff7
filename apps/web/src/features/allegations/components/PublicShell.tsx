import { Container, Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import type { Locale } from '@regcheck/shared/locales/language';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLocale, currentLocale } from '../../../app/i18n/i18n';
import { rememberLocale } from '../../../app/i18n/locale';

/** The frame of the public channel pages: the channel's name, a language switch and the page. */
export function PublicShell({
  title,
  companyName,
  children,
}: {
  title: string;
  companyName?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(['allegations', 'common']);
  const change = (v: string) => {
    rememberLocale(v as Locale);
    void applyLocale(v as Locale);
  };
  return (
    <Container size="md" py="lg">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            {companyName
              ? t('allegations:public.channelOf', { company: companyName })
              : t('allegations:public.channel')}
          </Text>
          <Title order={2}>{title}</Title>
        </div>
        <SegmentedControl
          size="xs"
          aria-label={t('common:language.label')}
          data-testid="public-language"
          value={currentLocale()}
          onChange={change}
          data={[
            { value: 'es', label: 'ES' },
            { value: 'pt-BR', label: 'PT' },
            { value: 'en', label: 'EN' },
          ]}
        />
      </Group>
      <Paper withBorder p="lg" radius="md">
        {children}
      </Paper>
      <Text size="xs" c="dimmed" mt="md">
        {t('allegations:public.privacy')}
      </Text>
    </Container>
  );
}
