import {
  Badge,
  Button,
  FileInput,
  Group,
  Image,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { DeleteAction } from '../../../app/ui/RowAction';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import type { Company } from '../api/admin-api';
import { companyConfigApi, type Signature } from '../api/company-config-api';
import { adminKeys } from '../keys';

const MAX_BYTES = 2 * 1024 * 1024;

function SignatureImage({ companyId, signature }: { companyId: string; signature: Signature }) {
  const { t } = useTranslation('companyConfig');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    companyConfigApi
      .signatureImageUrl(companyId, signature.id)
      .then((u) => {
        url = u;
        if (live) setSrc(u);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [companyId, signature.id]);
  return src ? (
    <Image
      src={src}
      alt={t('companyConfig:signatures.imageAlt', { name: signature.signerName })}
      h={36}
      w={120}
      fit="contain"
    />
  ) : (
    <Text size="sm" c="dimmed">
      -
    </Text>
  );
}

/**
 * The company's signatures in order, each with its active flag; added with an image (PNG or JPG, 2 MB). Deleting the
 * active first signature leaves the one that becomes first inactive (the server applies the rule).
 */
export function CompanySignaturesCard({ company }: { company: Company }) {
  const { t } = useTranslation(['companyConfig', 'admin']);
  const qc = useQueryClient();
  const key = adminKeys.signatures(company.id);
  const list = useQuery({ queryKey: key, queryFn: () => companyConfigApi.signatures(company.id) });
  useErrorToast(list.error);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [removing, setRemoving] = useState<Signature | null>(null);
  const done = (rows?: Signature[]) => {
    notifySuccess(t('companyConfig:signatures.saved'));
    if (rows) qc.setQueryData(key, rows);
    else void qc.invalidateQueries({ queryKey: key });
  };
  const add = useMutation({
    mutationFn: () =>
      companyConfigApi.addSignature(company.id, { signerName: name.trim(), signerTitle: title.trim() }, file as File),
    onSuccess: () => {
      setAdding(false);
      setName('');
      setTitle('');
      setFile(null);
      done();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const toggle = useMutation({
    mutationFn: (s: Signature) => companyConfigApi.changeSignature(company.id, s.id, { active: !s.active }),
    onSuccess: () => done(),
    onError: (e) => notifyError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (s: Signature) => companyConfigApi.deleteSignature(company.id, s.id),
    onSuccess: (rows) => {
      setRemoving(null);
      done(rows);
    },
    onError: (e) => {
      setRemoving(null);
      notifyError(errorMessage(e));
    },
  });
  const fileError = file && file.size > MAX_BYTES ? t('companyConfig:signatures.tooLarge') : null;
  const columns: Column<Signature>[] = [
    { key: 'position', header: '#', render: (s) => <Text size="sm">{s.position}</Text> },
    {
      key: 'image',
      header: t('companyConfig:signatures.image'),
      render: (s) => <SignatureImage companyId={company.id} signature={s} />,
    },
    {
      key: 'signer',
      header: t('companyConfig:signatures.signer'),
      render: (s) => <TruncatedText value={s.signerName} />,
    },
    {
      key: 'title',
      header: t('companyConfig:signatures.title'),
      render: (s) => <TruncatedText value={s.signerTitle} />,
    },
    {
      key: 'active',
      header: t('companyConfig:signatures.active'),
      render: (s) => (
        <Switch
          checked={s.active}
          onChange={() => toggle.mutate(s)}
          aria-label={t('companyConfig:signatures.activeOf', { name: s.signerName })}
          disabled={toggle.isPending}
          data-testid="signature-active"
        />
      ),
    },
    {
      key: 'actions',
      header: '',
      render: (s) => (
        <DeleteAction
          label={t('companyConfig:signatures.delete')}
          onClick={() => setRemoving(s)}
          testId="signature-delete"
        />
      ),
    },
  ];
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={4}>{t('companyConfig:signatures.heading')}</Title>
            <Text size="sm" c="dimmed">
              {t('companyConfig:signatures.hint')}
            </Text>
          </div>
          <Button
            leftSection={<IconSignature size={16} />}
            onClick={() => setAdding(true)}
            style={{ flexShrink: 0 }}
            data-testid="signature-new"
          >
            {t('companyConfig:signatures.add')}
          </Button>
        </Group>
        <DataTable
          testId="company-signatures"
          columns={columns}
          rows={list.data}
          loading={list.isPending}
          emptyText={t('companyConfig:signatures.empty')}
        />
        {list.data?.[0] && !list.data[0].active && (
          <Badge color="orange" variant="light" data-testid="signature-first-inactive">
            {t('companyConfig:signatures.firstInactive')}
          </Badge>
        )}
      </Stack>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('companyConfig:signatures.add')} centered>
        <Stack gap="sm">
          <TextInput
            label={t('companyConfig:signatures.signer')}
            required
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="signature-name"
          />
          <TextInput
            label={t('companyConfig:signatures.title')}
            maxLength={120}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-testid="signature-title"
          />
          <FileInput
            label={t('companyConfig:signatures.image')}
            description={t('companyConfig:signatures.imageHint')}
            placeholder={t('companyConfig:signatures.choose')}
            accept="image/png,image/jpeg"
            value={file}
            onChange={setFile}
            error={fileError}
            required
            clearable
            data-testid="signature-file"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAdding(false)}>
              {t('companyConfig:common.cancel')}
            </Button>
            <Button
              onClick={() => add.mutate()}
              loading={add.isPending}
              disabled={!name.trim() || !file || !!fileError}
              data-testid="signature-save"
            >
              {t('companyConfig:common.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        {...askFor(removing, () => setRemoving(null), remove.mutate, remove.isPending)}
        danger={t('companyConfig:signatures.delete')}
        message={t('companyConfig:signatures.deleteMessage', { name: removing?.signerName ?? '' })}
        testId="signature-delete-confirm"
      />
    </Paper>
  );
}
