import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { IconExternalLink, IconPlus, IconSchool } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { useUser } from '../../../app/session/useSession';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { DeleteAction, EditAction } from '../../../app/ui/RowAction';
import { type Course, type CourseInput, coursesApi } from '../api/courses-api';
import { CourseFormModal } from '../components/CourseFormModal';
import { homeKeys } from '../keys';

/**
 * /home/courses: the training links of the platform. Company users read the active ones of their language; the super
 * administrator adds, changes, switches off and removes them (every change audited).
 */
export function CoursesPage() {
  const { t } = useTranslation('companyConfig');
  const user = useUser();
  const manages = can(user, 'superadmin');
  const qc = useQueryClient();
  const courses = useQuery({ queryKey: homeKeys.courses, queryFn: coursesApi.list });
  const [editing, setEditing] = useState<Course | null | 'new'>(null);
  const [removing, setRemoving] = useState<Course | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: homeKeys.courses });
  const save = useMutation({
    mutationFn: (body: CourseInput) =>
      editing && editing !== 'new' ? coursesApi.change(editing.id, body) : coursesApi.add(body),
    onSuccess: () => {
      setEditing(null);
      refresh();
      notifySuccess(t('companyConfig:courses.saved'));
    },
    onError: (e) => notifyError(e instanceof Error ? e.message : String(e)),
  });
  const remove = useMutation({
    mutationFn: (c: Course) => coursesApi.remove(c.id),
    onSuccess: () => {
      setRemoving(null);
      refresh();
      notifySuccess(t('companyConfig:courses.removed'));
    },
    onError: (e) => {
      setRemoving(null);
      notifyError(e instanceof Error ? e.message : String(e));
    },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={2}>{t('companyConfig:courses.heading')}</Title>
          <Text size="sm" c="dimmed">
            {manages ? t('companyConfig:courses.manageHint') : t('companyConfig:courses.hint')}
          </Text>
        </div>
        {manages && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="course-new">
            {t('companyConfig:courses.add')}
          </Button>
        )}
      </Group>
      {courses.isPending ? (
        <Skeleton height={160} />
      ) : courses.error ? (
        <Text c="red.9" role="alert">
          {courses.error.message}
        </Text>
      ) : courses.data.length === 0 ? (
        <Card withBorder p="xl" data-testid="courses-empty">
          <Stack align="center" gap="xs">
            <IconSchool size={36} />
            <Text c="dimmed">{t('companyConfig:courses.empty')}</Text>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} data-testid="courses">
          {courses.data.map((c) => (
            <Card key={c.id} withBorder padding="lg" data-testid="course-card">
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={4} lineClamp={2} title={c.title}>
                    {c.title}
                  </Title>
                  {manages && (
                    <Group gap={2} wrap="nowrap">
                      <EditAction
                        label={t('companyConfig:courses.edit')}
                        onClick={() => setEditing(c)}
                        testId="course-edit"
                      />
                      <DeleteAction
                        label={t('companyConfig:courses.remove')}
                        onClick={() => setRemoving(c)}
                        testId="course-remove"
                      />
                    </Group>
                  )}
                </Group>
                {c.description && (
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {c.description}
                  </Text>
                )}
                <Group gap="xs" mt="auto">
                  <Badge variant="light">{t(`companyConfig:courses.languages.${c.language ?? 'all'}`)}</Badge>
                  {!c.active && (
                    <Badge variant="light" color="gray">
                      {t('companyConfig:courses.inactive')}
                    </Badge>
                  )}
                </Group>
                <Anchor href={c.url} target="_blank" rel="noopener noreferrer" size="sm" data-testid="course-link">
                  <Group gap={4} wrap="nowrap">
                    {t('companyConfig:courses.open')}
                    <IconExternalLink size={14} />
                  </Group>
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {manages && (
        <CourseFormModal
          opened={editing !== null}
          course={editing && editing !== 'new' ? editing : null}
          submitting={save.isPending}
          onSubmit={(body) => save.mutateAsync(body)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        {...askFor(removing, () => setRemoving(null), remove.mutate, remove.isPending)}
        danger={t('companyConfig:courses.remove')}
        message={t('companyConfig:courses.removeMessage', { title: removing?.title ?? '' })}
      />
    </Stack>
  );
}
