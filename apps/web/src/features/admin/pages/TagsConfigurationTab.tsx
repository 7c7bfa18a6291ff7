import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { DeleteAction } from '../../../app/ui/RowAction';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type CompanyTag, companyConfigApi } from '../api/company-config-api';
import { adminKeys } from '../keys';
import { useEditedCompany } from '../lib/edited-company';

/**
 * tagsConfiguration: whether the company's operations carry tags (tags.operation.enabled) and its tag catalogue
 * (fichas and operations): add, switch off, delete everywhere (only the super administrator deletes tags).
 */
export function TagsConfigurationTab() {
  const { t } = useTranslation(['companyConfig', 'admin']);
  const company = useEditedCompany();
  const qc = useQueryClient();
  const cfgKey = adminKeys.tagsConfig(company.id);
  const tagsKey = adminKeys.tags(company.id);
  const cfg = useQuery({ queryKey: cfgKey, queryFn: () => companyConfigApi.tagsConfig(company.id) });
  const tags = useQuery({ queryKey: tagsKey, queryFn: () => companyConfigApi.tags(company.id) });
  useErrorToast(cfg.error ?? tags.error);
  const [name, setName] = useState('');
  const [appliesTo, setAppliesTo] = useState<'fichas' | 'operations'>('fichas');
  const [nameError, setNameError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CompanyTag | null>(null);
  const fail = (e: unknown) => notifyError(e instanceof Error ? e.message : String(e));
  const toggleOps = useMutation({
    mutationFn: (on: boolean) => companyConfigApi.saveTagsConfig(company.id, on),
    onSuccess: (saved) => {
      qc.setQueryData(cfgKey, saved);
      notifySuccess(t('admin:companyForm.updated'));
    },
    onError: fail,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: tagsKey });
  const add = useMutation({
    mutationFn: () => companyConfigApi.addTag(company.id, { name: name.trim(), appliesTo }),
    onSuccess: () => {
      setName('');
      refresh();
      notifySuccess(t('companyConfig:tags.added'));
    },
    onError: (e) => {
      if (isApiError(e) && e.field === 'name') setNameError(e.message);
      else fail(e);
    },
  });
  const toggle = useMutation({
    mutationFn: (tag: CompanyTag) => companyConfigApi.changeTag(company.id, tag.id, { active: !tag.active }),
    onSuccess: refresh,
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (tag: CompanyTag) => companyConfigApi.deleteTag(tag.id),
    onSuccess: () => {
      setRemoving(null);
      refresh();
      notifySuccess(t('companyConfig:tags.deleted'));
    },
    onError: (e) => {
      setRemoving(null);
      fail(e);
    },
  });
  const columns: Column<CompanyTag>[] = [
    { key: 'name', header: t('companyConfig:tags.name'), render: (r) => <TruncatedText value={r.name} /> },
    {
      key: 'appliesTo',
      header: t('companyConfig:tags.appliesTo'),
      render: (r) => <Text size="sm">{t(`companyConfig:tags.${r.appliesTo}`)}</Text>,
    },
    {
      key: 'records',
      header: t('companyConfig:tags.records'),
      render: (r) => <Text size="sm">{r.records}</Text>,
    },
    {
      key: 'active',
      header: t('companyConfig:tags.active'),
      render: (r) => (
        <Switch
          checked={r.active}
          onChange={() => toggle.mutate(r)}
          aria-label={t('companyConfig:tags.activeOf', { name: r.name })}
          disabled={toggle.isPending}
        />
      ),
    },
    {
      key: 'actions',
      header: '',
      render: (r) => (
        <DeleteAction label={t('companyConfig:tags.delete')} onClick={() => setRemoving(r)} testId="tag-delete" />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Title order={4}>{t('companyConfig:tags.operationHeading')}</Title>
          {cfg.data ? (
            <Switch
              label={t('companyConfig:tags.operationEnabled')}
              description={t('companyConfig:tags.operationHint')}
              checked={cfg.data.operationTagsEnabled}
              disabled={toggleOps.isPending}
              onChange={(e) => toggleOps.mutate(e.currentTarget.checked)}
              data-testid="tags-operation-enabled"
            />
          ) : (
            // the stored value, never a default, is what the switch shows: nothing until it is read
            <Skeleton height={40} />
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <div>
            <Title order={4}>{t('companyConfig:tags.catalogue')}</Title>
            <Text size="sm" c="dimmed">
              {t('companyConfig:tags.catalogueHint')}
            </Text>
          </div>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('companyConfig:tags.name')}
              value={name}
              maxLength={60}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              w={260}
              data-testid="tag-name"
            />
            <SegmentedControl
              value={appliesTo}
              onChange={(v) => setAppliesTo(v === 'operations' ? 'operations' : 'fichas')}
              data={[
                { value: 'fichas', label: t('companyConfig:tags.fichas') },
                { value: 'operations', label: t('companyConfig:tags.operations') },
              ]}
            />
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => add.mutate()}
              loading={add.isPending}
              disabled={!name.trim()}
              data-testid="tag-add"
            >
              {t('companyConfig:tags.add')}
            </Button>
          </Group>
          {cfg.data && !cfg.data.operationTagsEnabled && (
            <Badge color="gray" variant="light">
              {t('companyConfig:tags.operationOff')}
            </Badge>
          )}
          <DataTable
            testId="company-tags"
            columns={columns}
            rows={tags.data}
            loading={tags.isPending}
            emptyText={t('companyConfig:tags.empty')}
          />
        </Stack>
      </Paper>
      <ConfirmModal
        {...askFor(removing, () => setRemoving(null), remove.mutate, remove.isPending)}
        danger={t('companyConfig:tags.delete')}
        message={t('companyConfig:tags.deleteMessage', { name: removing?.name ?? '' })}
      />
    </Stack>
  );
}
