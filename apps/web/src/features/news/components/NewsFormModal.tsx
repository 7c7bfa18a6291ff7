import { Button, Fieldset, Group, Modal, MultiSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { countryName, orderedCountries } from '@regcheck/shared/reference/index';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/query/errorMessage';
import { DateField } from '../../../app/ui/DateField';
import { ErrorAlert } from '../../../app/ui/ErrorAlert';
import { NEWS_LANGUAGES, type NewsAdminItem, type NewsLanguage, newsApi } from '../api/news-api';
import { BODY_MAX, type NewsFormValues, TITLE_MAX, toFormValues, toPayload, validate } from '../lib/news-form';

interface Props {
  /** the item to edit; null writes a new one */
  item: NewsAdminItem | null;
  onClose: () => void;
  onSaved: (item: NewsAdminItem) => void;
}

/** Writes or edits a news item: title, text, date and the countries whose companies read it (none: every one). */
export function NewsFormModal({ item, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation('reports');
  const [values, setValues] = useState<NewsFormValues>(() => toFormValues(item, new Date().toISOString().slice(0, 10)));
  const [errors, setErrors] = useState<ReturnType<typeof validate>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const lang = i18n.language === 'pt-BR' ? 'pt' : i18n.language === 'en' ? 'en' : 'es';
  const countries = useMemo(
    () => orderedCountries(null, lang).map((c) => ({ value: c.code, label: countryName(c, lang) })),
    [lang],
  );
  const set = (patch: Partial<NewsFormValues>) => setValues({ ...values, ...patch });
  const save = useMutation({
    mutationFn: () => (item ? newsApi.update(item.id, toPayload(values)) : newsApi.create(toPayload(values))),
    onSuccess: onSaved,
    onError: (e) => setServerError(errorMessage(e)),
  });
  const submit = () => {
    const found = validate(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const err = (k: string) => (errors[k] ? t(errors[k] ?? '') : undefined);
  const setTranslation = (l: NewsLanguage, patch: Partial<{ title: string; body: string }>) =>
    set({ translations: { ...values.translations, [l]: { ...values.translations[l], ...patch } } });
  return (
    <Modal
      opened
      onClose={onClose}
      title={item ? t('reports:newsAdmin.editTitle') : t('reports:newsAdmin.newTitle')}
      size="lg"
      centered
    >
      <Stack gap="sm" data-testid="news-form">
        <TextInput
          label={t('reports:newsAdmin.fields.title')}
          value={values.title}
          onChange={(e) => set({ title: e.currentTarget.value })}
          maxLength={TITLE_MAX}
          error={err('title')}
          required
          data-testid="news-title"
        />
        <Textarea
          label={t('reports:newsAdmin.fields.body')}
          value={values.body}
          onChange={(e) => set({ body: e.currentTarget.value })}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={BODY_MAX}
          error={err('body')}
          data-testid="news-body"
        />
        <DateField
          label={t('reports:newsAdmin.fields.date')}
          value={values.date}
          onChange={(date) => set({ date })}
          error={err('date')}
          required
          data-testid="news-date"
        />
        <MultiSelect
          label={t('reports:newsAdmin.fields.countries')}
          description={t('reports:newsAdmin.fields.countriesHint')}
          placeholder={values.countries.length ? undefined : t('reports:newsAdmin.everyCountry')}
          data={countries}
          value={values.countries}
          onChange={(v) => set({ countries: v })}
          searchable
          clearable
          maxDropdownHeight={300}
          comboboxProps={{ withinPortal: true }}
          data-testid="news-countries"
        />
        <Fieldset legend={t('reports:newsAdmin.fields.translations')} data-testid="news-translations">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('reports:newsAdmin.fields.translationsHint')}
            </Text>
            {NEWS_LANGUAGES.map((l) => {
              const language = t(`reports:newsAdmin.fields.languages.${l}`);
              return (
                <Stack key={l} gap={4}>
                  <TextInput
                    label={t('reports:newsAdmin.fields.translationTitle', { language })}
                    value={values.translations[l].title}
                    onChange={(e) => setTranslation(l, { title: e.currentTarget.value })}
                    maxLength={TITLE_MAX}
                    error={err(`translations.${l}.title`)}
                    data-testid={`news-title-${l}`}
                  />
                  <Textarea
                    label={t('reports:newsAdmin.fields.translationBody', { language })}
                    value={values.translations[l].body}
                    onChange={(e) => setTranslation(l, { body: e.currentTarget.value })}
                    autosize
                    minRows={2}
                    maxRows={8}
                    maxLength={BODY_MAX}
                    data-testid={`news-body-${l}`}
                  />
                </Stack>
              );
            })}
          </Stack>
        </Fieldset>
        <ErrorAlert message={serverError} testId="news-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reports:newsAdmin.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="news-save">
            {t('reports:newsAdmin.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
