import { Button, Group, Paper, Select, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { submitWithFieldErrors } from '../../../app/ui/submit-with-field-errors';
import { CHANNEL_STATUSES, type CompanyFormValues, companyFieldOf } from '../lib/company-form';
import { CompanyIdentityFields, useCompanyForm } from './CompanyIdentityFields';

interface Props {
  initial: CompanyFormValues;
  submitting: boolean;
  /** resolves when saved; a rejected ApiError naming a field is shown under that field */
  onSubmit: (values: CompanyFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The obliged subject's fields, shared by the create and edit pages. */
export function CompanyForm({ initial, submitting, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('admin');
  const form = useCompanyForm(initial);

  const submit = submitWithFieldErrors(form, onSubmit, companyFieldOf);

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CompanyIdentityFields form={form} />
          <Select
            label={t('admin:companyForm.allegationsChannelStatus')}
            data={CHANNEL_STATUSES.map((s) => ({ value: s, label: t(`admin:status.${s}`) }))}
            comboboxProps={{ withinPortal: true }}
            data-testid="company-allegations"
            {...form.getInputProps('allegationsChannelStatus')}
            onChange={(v) => form.setFieldValue('allegationsChannelStatus', v === 'active' ? 'active' : 'inactive')}
          />
          <Switch
            label={t('admin:companyForm.massiveBulks')}
            data-testid="company-massiveBulks"
            {...form.getInputProps('massiveBulks', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('admin:companyForm.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="company-save">
              {t('admin:companyForm.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
