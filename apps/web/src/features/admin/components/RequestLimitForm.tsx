import { Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError } from '../../../app/notify/notify';
import type { Company } from '../api/admin-api';

/**
 * The contracted request limit (company setting requestLimit: searches a month; none means unlimited). When it is
 * reached, searches answer 'No more requests can be made, contracted limit reached; contact the Super Administrator'.
 */
export function RequestLimitForm({
  company,
  submitting,
  onSubmit,
}: {
  company: Company;
  submitting: boolean;
  onSubmit: (requestLimit: number | null) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation(['companyConfig', 'admin']);
  const english = i18n.language.startsWith('en');
  const current = company.settings.requestLimit;
  const [limited, setLimited] = useState(typeof current === 'number');
  const [value, setValue] = useState<number | string>(typeof current === 'number' ? current : 1000);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const n = Number(value);
    if (limited && (!Number.isInteger(n) || n < 0)) {
      setError(t('companyConfig:general.limitInvalid'));
      return;
    }
    setError(null);
    try {
      await onSubmit(limited ? n : null);
    } catch (e) {
      if (isApiError(e) && e.field?.includes('requestLimit')) setError(e.message);
      else notifyError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Stack gap="md" maw={560}>
      <Text size="sm" c="dimmed">
        {t('companyConfig:general.limitHint')}
      </Text>
      <Switch
        label={t('companyConfig:general.limited')}
        checked={limited}
        onChange={(e) => setLimited(e.currentTarget.checked)}
        data-testid="company-limited"
      />
      {limited && (
        <NumberInput
          label={t('companyConfig:general.requestLimit')}
          min={0}
          step={100}
          allowDecimal={false}
          thousandSeparator={english ? ',' : '.'}
          decimalSeparator={english ? '.' : ','}
          value={value}
          onChange={setValue}
          error={error}
          w={240}
          data-testid="company-request-limit"
        />
      )}
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={submitting} data-testid="company-limit-save">
          {t('admin:companyForm.save')}
        </Button>
      </Group>
    </Stack>
  );
}
