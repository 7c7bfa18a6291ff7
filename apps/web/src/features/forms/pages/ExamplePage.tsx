import { Alert, Anchor, Card, Container, List, Stack, Text, Title } from '@mantine/core';
import type { FormTemplateConfigT } from '@regcheck/shared/schemas/forms';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../app/api/client';
import { errorMessage } from '../../../app/query/errorMessage';
import { AnswersSummary } from '../components/FormFields';
import { formsKeys } from '../keys';

const STEPS = ['identify', 'fill', 'photo', 'idPhoto', 'signature', 'review', 'done'] as const;

/**
 * /public/example: what a participant receives, with a fictional person and no company's data: the steps of the
 * signing flow, a source of funds declaration filled in, and the PDF it becomes (a preview, not signed).
 */
export function ExamplePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useQuery({
    queryKey: formsKeys.example(lang),
    queryFn: () =>
      api.get<{ template: FormTemplateConfigT; data: Record<string, unknown>; name: string }>(
        `/forms/public/example?lang=${encodeURIComponent(lang)}`,
        { auth: false },
      ),
  });
  return (
    <Container size="sm" py="xl" px="sm">
      <Stack gap="md" data-testid="example-page">
        <Title order={2}>{t('forms:example.title')}</Title>
        <Text>{t('forms:example.intro')}</Text>
        <Alert color="blue">{t('forms:example.fictional')}</Alert>
        <Card withBorder>
          <Title order={4} mb="xs">
            {t('forms:example.stepsTitle')}
          </Title>
          <List type="ordered" spacing={4}>
            {STEPS.map((s) => (
              <List.Item key={s}>
                <Text size="sm">
                  <b>{t(`forms:public.steps.${s}`)}</b> — {t(`forms:example.steps.${s}`)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Card>
        {q.isError ? <Alert color="red">{errorMessage(q.error)}</Alert> : null}
        {q.isLoading ? <Text c="dimmed">{t('forms:public.loading')}</Text> : null}
        {q.data ? (
          <Card withBorder data-testid="example-form">
            <Stack gap="sm">
              <Title order={3} size="h4">
                {q.data.template.title}
              </Title>
              <Text size="sm">{t('forms:public.for', { name: q.data.name })}</Text>
              <AnswersSummary template={q.data.template} values={q.data.data} />
              {q.data.template.declaration ? <Text size="sm">{q.data.template.declaration}</Text> : null}
              <Anchor
                href={`/api/forms/public/example?format=pdf&lang=${encodeURIComponent(lang)}`}
                target="_blank"
                rel="noreferrer"
                data-testid="example-pdf"
              >
                {t('forms:example.pdf')}
              </Anchor>
            </Stack>
          </Card>
        ) : null}
        <Text size="sm">
          {t('forms:example.verifyText')}{' '}
          <Anchor component={Link} to="/public/verify">
            {t('forms:verify.title')}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
