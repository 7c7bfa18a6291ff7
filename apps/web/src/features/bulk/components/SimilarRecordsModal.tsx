import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { defaultDocumentType, formatDocument } from '@regcheck/shared/documents/country-documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { type BulkLoad, bulkApi } from '../api/bulk-api';
import { bulkKeys } from '../keys';

/**
 * Similar records (spec 000 §4): the file names documents of deleted fichas. Each may be restored (and updated
 * with the row); the others are created as new fichas. Choosing none creates new fichas for all.
 */
export function SimilarRecordsModal({ load }: { load: BulkLoad | null }) {
  const { t } = useTranslation('bulk');
  const qc = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const decide = useMutation({
    mutationFn: (restore: string[]) => bulkApi.similar(load?.id ?? '', restore),
    onSuccess: () => {
      setChosen([]);
      void qc.invalidateQueries({ queryKey: bulkKeys.all });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const similar = load?.similar ?? [];
  return (
    <Modal
      opened={!!load && load.bulkStatus === 'update'}
      onClose={() => undefined}
      withCloseButton={false}
      title={t('bulk:similar.title')}
      size="lg"
    >
      <Stack data-testid="bulk-similar-dialog">
        <Text size="sm">{t('bulk:similar.text', { count: similar.length })}</Text>
        <ScrollArea.Autosize mah={320}>
          <Stack gap="xs">
            {similar.map((s) => (
              <Checkbox
                key={s.fichaId}
                label={t('bulk:similar.item', {
                  name: s.name,
                  // the document as the ficha shows it (12.345.678-5, 123.456.789-09), not as it is stored
                  dni: formatDocument(defaultDocumentType(load?.country, s.personType), s.dni) || s.dni,
                  row: s.rowNumber,
                })}
                checked={chosen.includes(s.fichaId)}
                onChange={(e) =>
                  setChosen((c) => (e.currentTarget.checked ? [...c, s.fichaId] : c.filter((x) => x !== s.fichaId)))
                }
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => decide.mutate([])}
            loading={decide.isPending}
            data-testid="bulk-similar-none"
          >
            {t('bulk:similar.none')}
          </Button>
          <Button
            onClick={() => decide.mutate(chosen)}
            disabled={chosen.length === 0}
            loading={decide.isPending}
            data-testid="bulk-similar-restore"
          >
            {t('bulk:similar.restore', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
