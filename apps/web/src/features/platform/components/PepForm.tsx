import { Alert, Button, Grid, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { PEP_YEARS_AFTER_OFFICE } from '@regcheck/shared/schemas/people';
import { IconCalendarTime } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { countryName, formatDay } from '../../../app/format/format';
import { DateField } from '../../../app/ui/DateField';
import { ErrorAlert } from '../../../app/ui/ErrorAlert';
import { FormSection } from '../../../app/ui/FormSection';
import type { Person } from '../api/platform-api';
import { expirationPreview, type PepFormValues, RELATIONS, validate } from '../lib/pep-form';
import { PrimaryPepSelect } from './PrimaryPepSelect';

type Errors = Partial<Record<keyof PepFormValues, string>>;

/**
 * A PEP of the register: country and document (on create), name, level 1 primary or 2 related (with the primary PEP
 * and the relation), position, institution, start and end of office, and the expiration the country's rule gives,
 * shown while the form is filled.
 */
export function PepForm({
  mode,
  initial,
  initialPrimary,
  selfId,
  submitting,
  onSubmit,
  onCancel,
}: {
  mode: 'create' | 'edit';
  initial: PepFormValues;
  initialPrimary?: Person | null;
  selfId?: string;
  submitting: boolean;
  onSubmit: (v: PepFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('platform');
  const [v, setV] = useState<PepFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [primary, setPrimary] = useState<Person | null>(initialPrimary ?? null);
  const set = <K extends keyof PepFormValues>(k: K, value: PepFormValues[K]) => {
    setV((old) => ({ ...old, [k]: value }));
    setErrors((old) => ({ ...old, [k]: undefined }));
  };
  // a key of platform:pep.form.errors, or the server's message already in words (prefixed with '!')
  const err = (k: keyof PepFormValues) => {
    const e = errors[k];
    if (!e) return undefined;
    return e.startsWith('!') ? e.slice(1) : t(`platform:pep.form.errors.${e}`);
  };
  const preview = expirationPreview(v, primary);
  const country = countryName(v.country, i18n.language);
  const years = t('platform:pep.form.years', { count: PEP_YEARS_AFTER_OFFICE[v.country] });

  const submit = async () => {
    const found = validate(v, mode);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    try {
      await onSubmit(v);
    } catch (e) {
      if (isApiError(e) && e.field && e.field in v) setErrors({ [e.field]: `!${e.message}` });
      else setServerError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Stack gap="md" maw={880}>
      <FormSection title={t('platform:pep.form.sections.person')}>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('platform:pep.form.country')}
              data={(['CL', 'BR'] as const).map((c) => ({ value: c, label: countryName(c, i18n.language) }))}
              value={v.country}
              onChange={(c) => set('country', (c ?? 'CL') as PepFormValues['country'])}
              disabled={mode === 'edit'}
              data-testid="pep-country"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label={t('platform:pep.form.dni')}
              description={t(v.country === 'BR' ? 'platform:pep.form.dniHintBR' : 'platform:pep.form.dniHintCL')}
              value={v.dni}
              onChange={(e) => set('dni', e.currentTarget.value)}
              error={err('dni')}
              disabled={mode === 'edit'}
              withAsterisk={mode === 'create'}
              data-testid="pep-dni"
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label={t('platform:pep.form.name')}
              value={v.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={err('name')}
              withAsterisk
              data-testid="pep-name"
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Radio.Group
              label={t('platform:pep.form.level')}
              value={v.pepLevel}
              onChange={(l) => set('pepLevel', l as PepFormValues['pepLevel'])}
            >
              <Group mt="xs">
                <Radio value="1" label={t('platform:pep.form.level1')} data-testid="pep-level-1" />
                <Radio value="2" label={t('platform:pep.form.level2')} data-testid="pep-level-2" />
              </Group>
            </Radio.Group>
          </Grid.Col>
        </Grid>
      </FormSection>

      {v.pepLevel === '2' && (
        <FormSection title={t('platform:pep.form.sections.relation')}>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <PrimaryPepSelect
                value={v.primaryPersonId}
                initial={initialPrimary}
                excludeId={selfId}
                error={err('primaryPersonId')}
                onChange={(p) => {
                  setPrimary(p);
                  set('primaryPersonId', p?.id ?? '');
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label={t('platform:pep.form.relation')}
                data={RELATIONS.map((r) => ({ value: r, label: t(`platform:pep.relations.${r}`) }))}
                value={v.relation || null}
                onChange={(r) => set('relation', r ?? '')}
                error={err('relation')}
                withAsterisk
                comboboxProps={{ withinPortal: true }}
                data-testid="pep-relation"
              />
            </Grid.Col>
          </Grid>
        </FormSection>
      )}

      <FormSection title={t('platform:pep.form.sections.office')}>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('platform:pep.form.position')}
              value={v.position}
              onChange={(e) => set('position', e.currentTarget.value)}
              data-testid="pep-position"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('platform:pep.form.institution')}
              value={v.institution}
              onChange={(e) => set('institution', e.currentTarget.value)}
              data-testid="pep-institution"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateField
              label={t('platform:pep.form.officeStart')}
              value={v.officeStart}
              onChange={(d) => set('officeStart', d)}
              data-testid="pep-office-start"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateField
              label={t('platform:pep.form.officeEnd')}
              description={t('platform:pep.form.officeEndHint')}
              value={v.officeEnd}
              onChange={(d) => set('officeEnd', d)}
              error={err('officeEnd')}
              data-testid="pep-office-end"
            />
          </Grid.Col>
        </Grid>
        <Alert
          variant="light"
          color={'past' in preview && preview.past ? 'gray' : 'blue'}
          icon={<IconCalendarTime size={18} />}
          title={t('platform:pep.form.expiration.title')}
          data-testid="pep-expiration"
        >
          <Text size="sm">
            {preview.kind === 'date' &&
              t('platform:pep.form.expiration.date', { date: formatDay(preview.date), years, country })}
            {preview.kind === 'inOffice' && t('platform:pep.form.expiration.inOffice', { years, country })}
            {preview.kind === 'followsPrimary' &&
              (preview.date
                ? t('platform:pep.form.expiration.followsPrimary', { date: formatDay(preview.date) })
                : t('platform:pep.form.expiration.primaryInOffice'))}
            {preview.kind === 'pickPrimary' && t('platform:pep.form.expiration.pickPrimary')}
          </Text>
          {'past' in preview && preview.past && (
            <Text size="sm" mt={4}>
              {t('platform:pep.form.expiration.past')}
            </Text>
          )}
        </Alert>
      </FormSection>

      <FormSection title={t('platform:pep.form.sections.contact')}>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('platform:pep.form.email')}
              value={v.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={err('email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('platform:pep.form.phone')}
              value={v.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label={t('platform:pep.form.address')}
              value={v.address}
              onChange={(e) => set('address', e.currentTarget.value)}
            />
          </Grid.Col>
        </Grid>
      </FormSection>

      <ErrorAlert message={serverError} testId="pep-form-error" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('platform:pep.form.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={submitting} data-testid="pep-save">
          {mode === 'create' ? t('platform:pep.form.create') : t('platform:pep.form.save')}
        </Button>
      </Group>
    </Stack>
  );
}
