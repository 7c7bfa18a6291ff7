import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { formatDate } from '@regcheck/shared/format/date';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../../app/format/format';
import type { Ficha } from '../../api/fichas-api';
import { displayDni } from '../../lib/ficha-form';
import { pepLine } from '../../lib/pep-line';
import { Field } from './Field';

/** Identity, contact and occupation (or business) of a ficha. */
export function FichaSummary({ ficha }: { ficha: Ficha }) {
  const { t, i18n } = useTranslation('fichas');
  const country = (code: string | null | undefined) => countryName(code, i18n.language);
  const natural = ficha.personType === 'natural';
  const f = (k: string) => t(`fichas:form.fields.${k}`);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="sm">
          {t('fichas:form.sections.identity')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={f('dni')} value={`${displayDni(ficha)} (${ficha.dniType.document})`} testId="detail-dni" />
          <Field label={f('documentCountry')} value={country(ficha.dniType.country)} />
          <Field label={f('personType')} value={t(`fichas:personType.${ficha.personType}`)} />
          {natural ? (
            <>
              <Field label={f('name')} value={ficha.name} />
              <Field label={f('fatherName')} value={ficha.fatherName} />
              <Field label={f('motherName')} value={ficha.motherName} />
              <Field label={f('gender')} value={ficha.gender ? t(`fichas:gender.${ficha.gender}`) : null} />
              <Field label={f('birthDate')} value={formatDate(ficha.birthDate)} />
              <Field label={f('nationality')} value={country(ficha.nationality)} />
            </>
          ) : (
            <>
              <Field label={f('socialReason')} value={ficha.socialReason} />
              <Field label={f('fantasyName')} value={ficha.fantasyName} />
            </>
          )}
          <Field label={f('countryOfResidence')} value={country(ficha.countryOfResidence)} />
          <Field label={f('pepLevel')} value={ficha.pepLevel ? t(`fichas:pep.level${ficha.pepLevel}`) : null} />
        </SimpleGrid>
        {/* the one PEP status from every source (decision 170) */}
        <SimpleGrid cols={1} mt="sm">
          <Field label={t('fichas:pepLine.label')} value={pepLine(ficha.pep, t)} testId="detail-pep-line" />
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="sm">
          {t('fichas:form.sections.contact')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={f('email')} value={ficha.email} />
          <Field label={f('phone')} value={ficha.phone} />
          <Field label={f('address')} value={ficha.address} />
          <Field label={f('fiscalAddress')} value={ficha.fiscalAddress} />
          <Field label={f('city')} value={ficha.city} />
          <Field label={f('commune')} value={ficha.commune} />
          <Field label={f('region')} value={ficha.region} />
          <Field label={f('zipCode')} value={ficha.zipCode} />
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="sm">
          {t(natural ? 'fichas:form.sections.occupation' : 'fichas:form.sections.business')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {natural ? (
            <>
              <Field label={f('position')} value={ficha.position} />
              <Field label={f('employer')} value={ficha.employer} />
              <Field label={f('maritalStatus')} value={ficha.maritalStatus} />
              <Field label={f('income')} value={ficha.income == null ? null : formatAmount(ficha.income)} />
            </>
          ) : (
            <>
              <Field label={f('businessType')} value={ficha.businessType} />
              <Field label={f('sales')} value={ficha.sales == null ? null : formatAmount(ficha.sales)} />
            </>
          )}
          <Field label={f('businessRelationshipPurpose')} value={ficha.businessRelationshipPurpose} />
          <Field label={f('comments')} value={ficha.comments} />
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
