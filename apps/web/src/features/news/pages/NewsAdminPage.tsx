import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { countryName, findCountry } from '@regcheck/shared/reference/index';
import { IconEye, IconEyeOff, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { EditAction, RowAction } from '../../../app/ui/RowAction';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { usePaging } from '../../../app/ui/usePaging';
import { type NewsAdminItem, newsApi } from '../api/news-api';
import { NewsFormModal } from '../components/NewsFormModal';
import { newsKeys } from '../keys';

/**
 * /regcheck/news (super administrator): every news item, deactivated ones included; write a new one, edit one,
 * deactivate or reactivate it. Each change is audited by the server.
 */
export function NewsAdminPage() {
  const { t, i18n } = useTranslation('reports');
  const qc = useQueryClient();
  const paging = usePaging();
  const [editing, setEditing] = useState<NewsAdminItem | 'new' | null>(null);
  const [toggling, setToggling] = useState<NewsAdminItem | null>(null);
  const list = useQuery({
    queryKey: newsKeys.admin(paging.page, paging.pageSize),
    queryFn: () => newsApi.all(paging.limit, paging.skip),
  });
  useErrorToast(list.error);
  const refresh = () => void qc.invalidateQueries({ queryKey: newsKeys.all });
  const toggle = useMutation({
    mutationFn: (n: NewsAdminItem) => newsApi.update(n.id, { active: !n.active }),
    onSuccess: (n) => {
      notifySuccess(n.active ? t('reports:newsAdmin.activated') : t('reports:newsAdmin.deactivated'));
      setToggling(null);
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const lang = i18n.language === 'pt-BR' ? 'pt' : i18n.language === 'en' ? 'en' : 'es';
  const countriesOf = (n: NewsAdminItem) =>
    n.countries.length === 0
      ? t('reports:newsAdmin.everyCountry')
      : n.countries
          .map((c) => {
            const found = findCountry(c);
            return found ? countryName(found, lang) : c;
          })
          .join(', ');

  const columns: Column<NewsAdminItem>[] = [
    { key: 'date', header: t('reports:newsAdmin.fields.date'), render: (n) => formatDay(n.newsDate), width: 110 },
    { key: 'title', header: t('reports:newsAdmin.fields.title'), render: (n) => <TruncatedText value={n.title} /> },
    {
      key: 'countries',
      header: t('reports:newsAdmin.fields.countries'),
      render: (n) => <TruncatedText value={countriesOf(n)} />,
      width: 200,
    },
    {
      key: 'status',
      header: t('reports:newsAdmin.status'),
      render: (n) => (
        <Badge color={n.active ? 'teal' : 'gray'} variant="light" data-testid={`news-status-${n.id}`}>
          {n.active ? t('reports:newsAdmin.active') : t('reports:newsAdmin.inactive')}
        </Badge>
      ),
      width: 120,
    },
    {
      key: 'changed',
      header: t('reports:newsAdmin.changed'),
      render: (n) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(n.updatedAt ?? n.createdAt)}
        </Text>
      ),
      width: 150,
    },
    {
      key: 'actions',
      header: t('reports:newsAdmin.actions'),
      render: (n) => (
        <Group gap={4} wrap="nowrap">
          <EditAction label={t('reports:newsAdmin.edit')} onClick={() => setEditing(n)} testId={`news-edit-${n.id}`} />
          <RowAction
            label={n.active ? t('reports:newsAdmin.deactivate') : t('reports:newsAdmin.activate')}
            icon={n.active ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            color={n.active ? 'red' : 'teal'}
            onClick={() => setToggling(n)}
            testId={`news-toggle-${n.id}`}
          />
        </Group>
      ),
      width: 100,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('reports:newsAdmin.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="news-new">
          {t('reports:newsAdmin.new')}
        </Button>
      </PageHeader>
      <Text c="dimmed">{t('reports:newsAdmin.intro')}</Text>
      <DataTable testId="news-table" columns={columns} {...paging.of(list)} emptyText={t('reports:newsAdmin.empty')} />
      {editing && (
        <NewsFormModal
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifySuccess(editing === 'new' ? t('reports:newsAdmin.created') : t('reports:newsAdmin.updated'));
            setEditing(null);
            refresh();
          }}
        />
      )}
      <ConfirmModal
        {...askFor(toggling, () => setToggling(null), toggle.mutate, toggle.isPending)}
        title={toggling?.active ? t('reports:newsAdmin.deactivateTitle') : t('reports:newsAdmin.activateTitle')}
        confirmLabel={toggling?.active ? t('reports:newsAdmin.deactivate') : t('reports:newsAdmin.activate')}
        color={toggling?.active ? 'red' : undefined}
        message={toggling?.title ?? ''}
        testId="news-toggle-confirm"
      />
    </Stack>
  );
}
