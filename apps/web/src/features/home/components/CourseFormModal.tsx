import { Button, Group, Modal, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import type { Course, CourseInput } from '../api/courses-api';

interface Props {
  opened: boolean;
  /** the course to change; none adds one */
  course: Course | null;
  submitting: boolean;
  onSubmit: (body: CourseInput) => Promise<unknown>;
  onClose: () => void;
}

type Field = 'title' | 'url' | 'description';

/** The fields of a course link: title, https address, description, language (or every language), active. */
export function CourseFormModal({ opened, course, submitting, onSubmit, onClose }: Props) {
  const { t } = useTranslation('companyConfig');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [language, setLanguage] = useState<string>('all');
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => {
    if (!opened) return;
    setTitle(course?.title ?? '');
    setUrl(course?.url ?? '');
    setDescription(course?.description ?? '');
    setLanguage(course?.language ?? 'all');
    setActive(course?.active ?? true);
    setErrors({});
  }, [opened, course]);
  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (title.trim().length < 2) found.title = t('companyConfig:courses.titleRequired');
    if (!/^https:\/\/\S+$/i.test(url.trim())) found.url = t('companyConfig:errors.COURSE_URL_INVALID');
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await onSubmit({
        title: title.trim(),
        url: url.trim(),
        description: description.trim(),
        language: language === 'all' ? null : (language as 'es' | 'br' | 'en'),
        active,
      });
    } catch (e) {
      const field = isApiError(e) ? e.field?.replace(/^body\./, '') : undefined;
      if (field === 'title' || field === 'url' || field === 'description') setErrors({ [field]: (e as Error).message });
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={course ? t('companyConfig:courses.edit') : t('companyConfig:courses.add')}
      centered
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          label={t('companyConfig:courses.title')}
          required
          maxLength={160}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          data-testid="course-title"
        />
        <TextInput
          label={t('companyConfig:courses.url')}
          placeholder="https://"
          required
          maxLength={1000}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
          data-testid="course-url"
        />
        <Textarea
          label={t('companyConfig:courses.description')}
          maxLength={500}
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
        />
        <Select
          label={t('companyConfig:courses.language')}
          data={[
            { value: 'all', label: t('companyConfig:courses.languages.all') },
            { value: 'es', label: t('companyConfig:courses.languages.es') },
            { value: 'br', label: t('companyConfig:courses.languages.br') },
            { value: 'en', label: t('companyConfig:courses.languages.en') },
          ]}
          value={language}
          onChange={(v) => setLanguage(v ?? 'all')}
          data-testid="course-language"
        />
        <Switch
          label={t('companyConfig:courses.active')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('companyConfig:common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={submitting} data-testid="course-save">
            {t('companyConfig:common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
