import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { formsApi } from '../api/forms-api';

/** The signed declaration forms of a ficha, for its Documents panel. */
export function FichaSignedForms({ fichaId }: { fichaId: string }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['ficha-forms', fichaId], queryFn: () => formsApi.ofFicha(fichaId) });
  const signed = (q.data ?? []).filter((f) => f.signed && f.hasSigned);
  return (
    <Stack gap="xs" mt="md" data-testid="ficha-signed-forms">
      <Title order={5}>{t('forms:ficha.title')}</Title>
      {q.isLoading ? <Text c="dimmed">{t('forms:panel.loading')}</Text> : null}
      {!q.isLoading && signed.length === 0 ? <Text c="dimmed">{t('forms:ficha.empty')}</Text> : null}
      {signed.map((f) => (
        <Group key={f.id} gap="sm">
          <Anchor
            component="button"
            onClick={() =>
              formsApi
                .download(f.type, f.id, 'signed', `${f.type}-${f.dni}-signed.pdf`)
                .catch((e) => notifyError(errorMessage(e)))
            }
          >
            {t(`forms:types.${f.type}`)}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('forms:ficha.signedOn', { date: formatDate(f.signedAt ?? '') })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
