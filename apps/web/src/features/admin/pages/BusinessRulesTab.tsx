import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { beneficialOwnerThresholdMax } from '@regcheck/shared/beneficial-owners';
import { ruleApplies } from '@regcheck/shared/country-rules';
import { PEP_YEARS_MAX, pepYearsMinimum } from '@regcheck/shared/pep-status';
import { REVIEW_YEARS_MAX, REVIEW_YEARS_MIN } from '@regcheck/shared/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { type BusinessRulesT, companyConfigApi } from '../api/company-config-api';
import { LoadError } from '../components/LoadError';
import { adminKeys } from '../keys';
import {
  type BusinessRulesForm,
  fromForm,
  RULE_FIELDS,
  type RuleField,
  toForm,
  validateRules,
} from '../lib/business-rules';
import { useEditedCompany } from '../lib/edited-company';

/**
 * businessRulesControl: the company's thresholds (ROE amount, due diligence by amount, beneficial-owner threshold and whether it is inclusive,
 * declaration window, screening threshold, monitoring day, review period by risk). Each is read where it applies as
 * soon as it is saved.
 */
export function BusinessRulesTab() {
  const { t, i18n } = useTranslation(['companyConfig', 'admin', 'coaf']);
  const company = useEditedCompany();
  const english = i18n.language.startsWith('en');
  const separators = { thousandSeparator: english ? ',' : '.', decimalSeparator: english ? '.' : ',' };
  const ownerMax = beneficialOwnerThresholdMax(company.country);
  // the ROE's and Circular 59's amounts are Chile's: a Brazilian company has FATF R.10's only (decisions 146, 159)
  const chileanDiligence = ruleApplies('ddWireUsd', company.country);
  const roeRule = ruleApplies('roeThresholdUsd', company.country);
  const qc = useQueryClient();
  const key = adminKeys.businessRules(company.id);
  const rules = useQuery({ queryKey: key, queryFn: () => companyConfigApi.businessRules(company.id) });
  const [form, setForm] = useState<BusinessRulesForm | null>(null);
  const [errors, setErrors] = useState<Partial<Record<RuleField, string>>>({});
  useEffect(() => {
    if (rules.data) setForm(toForm(rules.data));
  }, [rules.data]);
  const save = useMutation({
    mutationFn: (body: Partial<BusinessRulesT>) => companyConfigApi.saveBusinessRules(company.id, body),
    onSuccess: (saved) => {
      qc.setQueryData(key, saved);
      setErrors({});
      notifySuccess(t('admin:companyForm.updated'));
    },
    onError: (e) => {
      const field = isApiError(e) ? RULE_FIELDS.find((f) => e.field?.replace(/^body\./, '') === f) : undefined;
      if (field) setErrors({ [field]: e.message });
      notifyError(e instanceof Error ? e.message : String(e));
    },
  });
  if (rules.error)
    return (
      <LoadError title={t('companyConfig:rules.loadError')} error={rules.error} onRetry={() => void rules.refetch()} />
    );
  if (!form) return <Skeleton height={360} />;
  const set = (patch: Partial<BusinessRulesForm>) => {
    setForm({ ...form, ...patch });
    setErrors({});
  };
  const submit = () => {
    const found = validateRules(form, company.country, ownerMax, pepYearsMinimum(company.country));
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v.key, v.params)])));
    if (Object.keys(found).length === 0) save.mutate(fromForm(form, company.country));
  };
  const number = (field: RuleField, extra: Record<string, unknown>) => ({
    value: form[field] as number | string,
    onChange: (v: number | string) => set({ [field]: v } as Partial<BusinessRulesForm>),
    error: errors[field],
    // out-of-range values are named under the field, not silently changed on blur
    clampBehavior: 'none' as const,
    'data-testid': `rules-${field}`,
    ...extra,
  });
  return (
    <Paper withBorder p="lg">
      <Stack gap="lg">
        <div>
          <Title order={4}>{t('companyConfig:rules.heading')}</Title>
          <Text size="sm" c="dimmed">
            {t('companyConfig:rules.hint')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {roeRule ? (
            <NumberInput
              label={t('companyConfig:rules.roeThresholdUsd')}
              description={t('companyConfig:rules.roeHint')}
              prefix="USD "
              min={1}
              decimalScale={2}
              {...separators}
              {...number('roeThresholdUsd', {})}
            />
          ) : null}
          <NumberInput
            label={t('companyConfig:rules.ddOccasionalUsd')}
            description={t('companyConfig:rules.ddOccasionalHint')}
            prefix="USD "
            min={1}
            decimalScale={2}
            {...separators}
            {...number('ddOccasionalUsd', {})}
          />
          {chileanDiligence ? (
            <NumberInput
              label={t('companyConfig:rules.ddWireUsd')}
              description={t('companyConfig:rules.ddWireHint')}
              prefix="USD "
              min={1}
              decimalScale={2}
              {...separators}
              {...number('ddWireUsd', {})}
            />
          ) : null}
          <NumberInput
            label={t('companyConfig:rules.declarationWindowDays')}
            description={t('companyConfig:rules.declarationHint')}
            suffix={` ${t('companyConfig:rules.days')}`}
            min={1}
            max={3650}
            allowDecimal={false}
            {...number('declarationWindowDays', {})}
          />
          <NumberInput
            label={t('companyConfig:rules.beneficialOwnerThreshold')}
            description={
              ownerMax < 100
                ? `${t('companyConfig:rules.ownerHint')} ${t('companyConfig:rules.ownerMax', { max: ownerMax })}`
                : t('companyConfig:rules.ownerHint')
            }
            suffix=" %"
            min={0}
            max={ownerMax}
            decimalScale={2}
            decimalSeparator={separators.decimalSeparator}
            {...number('beneficialOwnerThreshold', {})}
          />
          <Radio.Group
            label={t('companyConfig:rules.beneficialOwnerInclusive')}
            value={form.beneficialOwnerInclusive ? 'inclusive' : 'exclusive'}
            onChange={(v) => set({ beneficialOwnerInclusive: v === 'inclusive' })}
          >
            <Stack gap={6} mt={6}>
              <Radio
                value="inclusive"
                label={t('companyConfig:rules.inclusive', { threshold: form.beneficialOwnerThreshold })}
                data-testid="rules-inclusive"
              />
              <Radio
                value="exclusive"
                label={t('companyConfig:rules.exclusive', { threshold: form.beneficialOwnerThreshold })}
                data-testid="rules-exclusive"
              />
            </Stack>
          </Radio.Group>
          <NumberInput
            label={t('companyConfig:rules.screeningThreshold')}
            description={t('companyConfig:rules.screeningHint')}
            suffix=" %"
            min={50}
            max={100}
            allowDecimal={false}
            {...number('screeningThresholdPercent', {})}
          />
          <NumberInput
            label={t('companyConfig:rules.monitoringDay')}
            description={t('companyConfig:rules.monitoringHint')}
            min={1}
            max={28}
            allowDecimal={false}
            {...number('monitoringDay', {})}
          />
        </SimpleGrid>
        <div>
          <Title order={5}>{t('companyConfig:rules.reviewHeading')}</Title>
          <Text size="sm" c="dimmed">
            {t('companyConfig:rules.reviewHint')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {(['reviewYearsHigh', 'reviewYearsMedium', 'reviewYearsLow'] as const).map((field) => (
            <NumberInput
              key={field}
              label={t(`companyConfig:rules.${field}`)}
              suffix={` ${t('companyConfig:rules.years')}`}
              min={REVIEW_YEARS_MIN}
              max={REVIEW_YEARS_MAX}
              allowDecimal={false}
              {...number(field, {})}
            />
          ))}
        </SimpleGrid>
        {/* the years a customer stays PEP after leaving office (decision 170): the country's rule or more */}
        <div>
          <Title order={5}>{t('companyConfig:rules.pepHeading')}</Title>
          <Text size="sm" c="dimmed">
            {t('companyConfig:rules.pepHint', { min: pepYearsMinimum(company.country) })}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <NumberInput
            label={t('companyConfig:rules.pepYearsAfterOffice')}
            suffix={` ${t('companyConfig:rules.years')}`}
            min={pepYearsMinimum(company.country)}
            max={PEP_YEARS_MAX}
            allowDecimal={false}
            {...number('pepYearsAfterOffice', {})}
          />
        </SimpleGrid>
        {/* Brazil's COAF (issue 23, point 3): a Chilean company is never offered it */}
        {ruleApplies('coafCashThresholdBrl', company.country) && (
          <>
            <div>
              <Title order={5}>{t('coaf:settings.heading')}</Title>
              <Text size="sm" c="dimmed">
                {t('coaf:settings.hint')}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <NumberInput
                label={t('coaf:settings.threshold')}
                description={t('coaf:settings.thresholdHint')}
                prefix="R$ "
                min={1}
                decimalScale={2}
                {...separators}
                {...number('coafCashThresholdBrl', {})}
              />
              <Checkbox
                mt="lg"
                label={t('coaf:settings.nonOccurrence')}
                description={t('coaf:settings.nonOccurrenceHint')}
                checked={form.coafNonOccurrence}
                onChange={(e) => set({ coafNonOccurrence: e.currentTarget.checked })}
                data-testid="rules-coafNonOccurrence"
              />
            </SimpleGrid>
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid="rules-save">
            {t('companyConfig:common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
