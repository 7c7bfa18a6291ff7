import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { FORM_TYPES, type FormTemplateConfigT, type FormTypeT } from '@regcheck/shared/schemas/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { DataTable } from '../../../app/ui/DataTable';
import { formSettingsApi, type TemplateView } from '../api/forms-api';
import { FormFields } from '../components/FormFields';
import { TemplateFieldsEditor } from '../components/TemplateFieldsEditor';
import { formsKeys } from '../keys';
import { editable, newKey, templateProblems } from '../lib/template-form';

interface Draft {
  id: string;
  isDefault: boolean;
  nombre: string;
  formType: FormTypeT | null;
  isActive: boolean;
  cfg: FormTemplateConfigT;
}

/**
 * /regcheck/companies/{id}/edit/anexosFormularios: the company's form templates per country (spec 001 §7 Templates):
 * the list (the company's own, then the shipped defaults), a new one ('Formulario N'), the structured editor of its
 * sections and typed fields, and a preview rendered by the server from the unsaved configuration.
 */
export function CompanyTemplatesPage() {
  const { t } = useTranslation();
  const { id: companyId = '' } = useParams();
  const qc = useQueryClient();
  const [country, setCountry] = useState('1');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverError, setServerError] = useState<{ field?: string; message: string } | null>(null);
  const [preview, setPreview] = useState<FormTemplateConfigT | null>(null);
  const countries = useQuery({ queryKey: formsKeys.countries, queryFn: formSettingsApi.countries });
  const key = formsKeys.templates(companyId, country);
  const list = useQuery({ queryKey: key, queryFn: () => formSettingsApi.templates(companyId, Number(country)) });
  const open = (x: TemplateView) => {
    setServerError(null);
    setDraft({
      id: x.id,
      isDefault: x.isDefault,
      nombre: x.nombre,
      formType: x.formType,
      isActive: x.isActive,
      cfg: editable(x.configuracion, x.nombre),
    });
  };
  const create = useMutation({
    mutationFn: (base?: Draft) =>
      formSettingsApi.createTemplate(companyId, {
        id_pais: Number(country),
        ...(base ? { configuracion: base.cfg, formType: base.formType ?? undefined } : {}),
      }),
    onSuccess: (x) => {
      void qc.invalidateQueries({ queryKey: key });
      open(x);
    },
    // the spec's message, with the server's reason when it gave one
    onError: (e) => notifyError(errorMessage(e), t('forms:errors.FORM_TEMPLATE_CREATE_FAILED')),
  });
  const problems = draft ? templateProblems(draft.cfg) : [];
  const errorAt = (path: string) => {
    const p = problems.find((x) => x.path === path);
    if (p) return t(`forms:builder.errors.${p.key}`);
    return serverError?.field === `configuracion.${path}` ? serverError.message : undefined;
  };
  const fail = (e: unknown) => {
    setServerError({ field: isApiError(e) ? e.field : undefined, message: errorMessage(e) });
    notifyError(errorMessage(e));
  };
  const save = useMutation({
    mutationFn: (d: Draft) =>
      formSettingsApi.saveTemplate(companyId, d.id, {
        nombre: d.nombre,
        formType: d.formType,
        isActive: d.isActive,
        configuracion: d.cfg,
      }),
    onSuccess: (x) => {
      notifySuccess(t('forms:builder.saved'));
      void qc.invalidateQueries({ queryKey: key });
      open(x);
    },
    onError: fail,
  });
  const show = useMutation({
    mutationFn: (d: Draft) =>
      formSettingsApi.preview(companyId, {
        country_id: Number(country),
        form_id: d.id.startsWith('default-') ? (d.formType ?? 'formDOF') : d.id,
        preview_configuration: d.cfg,
      }),
    onSuccess: (cfg) => {
      setServerError(null);
      setPreview(cfg);
    },
    onError: fail,
  });
  const setCfg = (cfg: Partial<FormTemplateConfigT>) => draft && setDraft({ ...draft, cfg: { ...draft.cfg, ...cfg } });
  const ro = !!draft?.isDefault;
  const rows = list.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('forms:builder.title')}</Title>
        <Group>
          <SegmentedControl
            value={country}
            onChange={(v) => {
              setCountry(v);
              setDraft(null);
            }}
            data={(countries.data ?? []).map((c) => ({
              value: String(c.id),
              label: t(`forms:builder.countries.${c.code}`),
            }))}
          />
          <Button onClick={() => create.mutate(undefined)} loading={create.isPending} data-testid="template-create">
            {t('forms:builder.create')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('forms:builder.intro')}
      </Text>
      {list.isError ? <Alert color="red">{errorMessage(list.error)}</Alert> : null}
      <DataTable
        testId="template-list"
        minWidth={0}
        columns={[
          { key: 'name', header: t('forms:builder.name'), render: (x) => x.nombre },
          {
            key: 'formType',
            header: t('forms:builder.formType'),
            render: (x) => (x.formType ? t(`forms:types.${x.formType}`) : t('forms:builder.noType')),
          },
          {
            key: 'origin',
            header: t('forms:builder.origin'),
            width: 130,
            render: (x) => (
              <Badge variant="light" color={x.isDefault ? 'gray' : 'blue'}>
                {x.isDefault ? t('forms:builder.default') : t('forms:builder.own')}
              </Badge>
            ),
          },
          {
            key: 'status',
            header: t('forms:panel.status'),
            width: 110,
            render: (x) => (x.isActive ? t('forms:builder.active') : t('forms:builder.inactive')),
          },
        ]}
        rows={rows}
        loading={list.isLoading}
        rowTestId={(x) => `template-row-${x.isDefault ? x.formType : x.nombre}`}
        highlighted={(x) => draft?.id === x.id}
        onRowClick={open}
      />

      {draft ? (
        <Card withBorder data-testid="template-editor">
          <Stack gap="sm">
            {ro ? <Alert color="gray">{t('forms:builder.defaultReadOnly')}</Alert> : null}
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('forms:builder.name')}
                value={draft.nombre}
                readOnly={ro}
                style={{ flex: 1, minWidth: 220 }}
                onChange={(e) => setDraft({ ...draft, nombre: e.currentTarget.value })}
                data-testid="template-name"
              />
              <Select
                label={t('forms:builder.formType')}
                readOnly={ro}
                w={300}
                clearable
                placeholder={t('forms:builder.noType')}
                data={FORM_TYPES.map((x) => ({ value: x, label: t(`forms:types.${x}`) }))}
                value={draft.formType}
                onChange={(v) => setDraft({ ...draft, formType: (v as FormTypeT) ?? null })}
                data-testid="template-type"
              />
              <Switch
                label={t('forms:builder.active')}
                disabled={ro}
                checked={draft.isActive}
                onChange={(e) => setDraft({ ...draft, isActive: e.currentTarget.checked })}
              />
            </Group>
            <TextInput
              label={t('forms:builder.formTitle')}
              value={draft.cfg.title}
              readOnly={ro}
              error={errorAt('title')}
              onChange={(e) => setCfg({ title: e.currentTarget.value })}
              data-testid="template-title"
            />
            {(['intro', 'declaration'] as const).map((key) => (
              <Textarea
                key={key}
                label={t(key === 'intro' ? 'forms:builder.introText' : 'forms:builder.declaration')}
                autosize
                minRows={2}
                readOnly={ro}
                value={draft.cfg[key] ?? ''}
                onChange={(e) => setCfg({ [key]: e.currentTarget.value })}
              />
            ))}
            {draft.cfg.sections.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a section has no id and its key is edited here: the position is what stays while typing
              <Card key={`section-${i}`} withBorder bg="var(--mantine-color-gray-0)">
                <Stack gap="xs">
                  <Group align="flex-start" wrap="wrap">
                    <TextInput
                      label={t('forms:builder.sectionTitle')}
                      value={s.title}
                      readOnly={ro}
                      style={{ flex: 1, minWidth: 220 }}
                      error={errorAt(`sections.${i}.title`)}
                      onChange={(e) =>
                        setCfg({
                          sections: draft.cfg.sections.map((x, n) =>
                            n === i ? { ...x, title: e.currentTarget.value } : x,
                          ),
                        })
                      }
                    />
                    <TextInput
                      label={t('forms:builder.key')}
                      value={s.key}
                      readOnly={ro}
                      w={150}
                      error={errorAt(`sections.${i}.key`)}
                      onChange={(e) =>
                        setCfg({
                          sections: draft.cfg.sections.map((x, n) =>
                            n === i ? { ...x, key: e.currentTarget.value } : x,
                          ),
                        })
                      }
                    />
                    {!ro ? (
                      <Button
                        mt={24}
                        variant="subtle"
                        color="red"
                        onClick={() => setCfg({ sections: draft.cfg.sections.filter((_, n) => n !== i) })}
                      >
                        {t('forms:builder.removeSection')}
                      </Button>
                    ) : null}
                  </Group>
                  <TemplateFieldsEditor
                    fields={s.fields}
                    path={`sections.${i}.fields`}
                    errorAt={errorAt}
                    readOnly={ro}
                    onChange={(fields) =>
                      setCfg({ sections: draft.cfg.sections.map((x, n) => (n === i ? { ...x, fields } : x)) })
                    }
                  />
                </Stack>
              </Card>
            ))}
            {serverError && !serverError.field?.startsWith('configuracion.') ? (
              <Alert color="red">{serverError.message}</Alert>
            ) : null}
            {problems.length > 0 ? (
              <Alert color="orange" data-testid="template-problems">
                {t('forms:builder.problems', { count: problems.length })}
              </Alert>
            ) : null}
            <Group justify="space-between">
              {!ro ? (
                <Button
                  variant="light"
                  onClick={() =>
                    setCfg({
                      sections: [
                        ...draft.cfg.sections,
                        {
                          key: newKey(
                            'section',
                            draft.cfg.sections.map((x) => x.key),
                          ),
                          title: '',
                          fields: [],
                        },
                      ],
                    })
                  }
                  data-testid="add-section"
                >
                  {t('forms:builder.addSection')}
                </Button>
              ) : (
                <Button
                  variant="light"
                  onClick={() => create.mutate(draft)}
                  loading={create.isPending}
                  data-testid="template-copy"
                >
                  {t('forms:builder.copy')}
                </Button>
              )}
              <Group>
                <Button
                  variant="default"
                  onClick={() => show.mutate(draft)}
                  loading={show.isPending}
                  disabled={problems.length > 0}
                  data-testid="template-preview"
                >
                  {t('forms:builder.preview')}
                </Button>
                {!ro ? (
                  <Button
                    onClick={() => save.mutate(draft)}
                    loading={save.isPending}
                    disabled={problems.length > 0}
                    data-testid="template-save"
                  >
                    {t('forms:builder.save')}
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Stack>
        </Card>
      ) : (
        <Text c="dimmed">{t('forms:builder.choose')}</Text>
      )}
      <Modal opened={!!preview} onClose={() => setPreview(null)} title={preview?.title} size="lg">
        {preview ? (
          <Stack data-testid="template-preview-form">
            <Alert color="blue">{t('forms:builder.previewNote')}</Alert>
            <FormFields template={preview} values={{}} onChange={() => undefined} />
            {preview.declaration ? <Text size="sm">{preview.declaration}</Text> : null}
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
