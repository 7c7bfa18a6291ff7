import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { bacenApi } from '../api/bacen-api';
import { bacenKeys } from '../keys';

/** The monthly conformity declaration: the reminder until it is filed (due by the 15th), then when it was. */
export function DeclarationBanner() {
  const { t } = useTranslation('records');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: bacenKeys.declaration, queryFn: bacenApi.declaration });
  const declare = useMutation({
    mutationFn: bacenApi.declare,
    onSuccess: (d) => {
      qc.setQueryData(bacenKeys.declaration, d);
      notifySuccess(t('records:bacen.declaration.filed'));
    },
    onError: (e: Error) => notifyError(e.message),
  });
  const d = q.data;
  if (!d) return null;
  const [y, m] = d.month.split('-');
  const month = `${m}/${y}`;
  if (d.declaredAt)
    return (
      <Alert color="teal" variant="light" icon={<IconCalendarCheck size={18} />} data-testid="bacen-declaration">
        {t('records:bacen.declaration.done', { month, when: formatDateTime(d.declaredAt) })}
      </Alert>
    );
  return (
    <Alert
      color={d.overdue ? 'red' : 'yellow'}
      variant="light"
      icon={<IconCalendarCheck size={18} />}
      data-testid="bacen-declaration"
    >
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {t(d.overdue ? 'records:bacen.declaration.overdue' : 'records:bacen.declaration.due', {
            month,
            due: formatDay(d.dueDate),
          })}
        </Text>
        <Button size="xs" onClick={() => declare.mutate()} loading={declare.isPending}>
          {t('records:bacen.declaration.action')}
        </Button>
      </Group>
    </Alert>
  );
}
