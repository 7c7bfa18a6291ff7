import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../app/format/format';
import type { CoafQueueT } from '../api/coaf-api';

type Unchecked = CoafQueueT['unchecked'];

interface Props {
  unchecked: Unchecked;
  mayRegister: boolean;
  onRegister: (u: Unchecked['data'][number]) => void;
}

/**
 * The cash operations in another currency than BRL (decision 158): RegCheck holds no BRL rate, so it cannot say
 * whether they reach the COAF threshold. They are named here, never left out: the officer converts each by hand and,
 * where it reaches the threshold, communicates it in SISCOAF and registers the protocol.
 */
export function CoafUncheckedPanel({ unchecked, mayRegister, onRegister }: Props) {
  const { t } = useTranslation('coaf');
  return (
    <Alert color="yellow" title={t('coaf:unchecked.title', { count: unchecked.count })} id="coaf-unchecked">
      <Stack gap={6} data-testid="coaf-unchecked">
        <Text size="sm">{t('coaf:unchecked.text')}</Text>
        {unchecked.data.map((u) => (
          <Group key={u.id} gap="sm" wrap="wrap">
            <Anchor component={Link} to={`/home/records/operationDetail/${u.id}`} size="sm">
              {u.codigoFormatted}
            </Anchor>
            <Text size="sm">
              {t('coaf:unchecked.line', {
                date: formatDay(u.operationDate),
                cash: `${u.currency} ${formatAmount(u.cashAmount)}`,
              })}
            </Text>
            {u.deleted && (
              <Text size="xs" c="orange.9">
                {t('coaf:deleted')}
              </Text>
            )}
            {mayRegister && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconSend size={12} />}
                onClick={() => onRegister(u)}
                data-testid="coaf-unchecked-register"
              >
                {t('coaf:register')}
              </Button>
            )}
          </Group>
        ))}
        {unchecked.count > unchecked.data.length && (
          <Text size="sm" c="dimmed">
            {t('coaf:unchecked.more', { count: unchecked.count - unchecked.data.length })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
