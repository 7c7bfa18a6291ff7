// Over 400 lines: one form of many sections whose fields share the same value, error and server-error wiring.
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { PersonType } from '@regcheck/shared/documents/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { fichasKeys, tagsKeys } from '../../../app/query/keys/fichas-keys';
import { useCompanyCountry } from '../../../app/session/useCompanyCountry';
import { CountrySelect } from '../../../app/ui/CountrySelect';
import { FormSection } from '../../../app/ui/FormSection';
import { PageHeader } from '../../../app/ui/PageHeader';
import { fichasApi } from '../api/fichas-api';
import { DocumentFields } from '../components/DocumentFields';
import { RelatedPersonsEditor } from '../components/RelatedPersonsEditor';
import {
  emptyFichaValues,
  type FichaFormValues,
  type FormErrors,
  formFieldOf,
  MAX_TAGS,
  toFormValues,
  toPayload,
  typeDmy,
  validate,
} from '../lib/ficha-form';
import {
  type ExistingRelated,
  type FormRelationType,
  type RelatedDraft,
  toPayload as relatedToPayload,
} from '../lib/related-person-form';

const RELATION_TYPES: Record<PersonType, readonly FormRelationType[]> = {
  legal: ['representant', 'beneficiary', 'effectiveControl', 'partners'],
  // a natural person's spouse or partner, relatives and close associates make a PEP's relations PEP (level 2)
  natural: ['representant', 'spouse', 'relative', 'associate'],
};

/** Brings the first invalid field into view after React has marked it. */
function focusFirstError() {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    el?.scrollIntoView({ block: 'center' });
    el?.focus();
  });
}

/** Create (/home/person/create?type=natural|legal) and edit (/home/fichas/:id/edit) of a ficha. */
export function FichaFormPage() {
  const { id } = useParams();
  return id ? <EditFicha id={id} /> : <CreateFicha />;
}

function CreateFicha() {
  const [params] = useSearchParams();
  const country = useCompanyCountry();
  const type: PersonType = params.get('type') === 'legal' ? 'legal' : 'natural';
  const initial = emptyFichaValues(country, type);
  // "create ficha from this search" (issue 15): the individual search passes what was searched
  const searched = [
    'dni',
    'documentType',
    'name',
    'fatherName',
    'motherName',
    'socialReason',
    'birthDate',
    'nationality',
  ] as const;
  for (const k of searched) {
    const v = params.get(k);
    if (v) initial[k] = v;
  }
  return <FichaForm key={type} initial={initial} />;
}

function EditFicha({ id }: { id: string }) {
  const { t } = useTranslation('fichas');
  const q = useQuery({ queryKey: fichasKeys.detail(id), queryFn: () => fichasApi.withRelations(id) });
  if (q.isLoading) return <Loader aria-label={t('fichas:loading')} />;
  if (!q.data) return <Alert color="red">{q.error?.message ?? t('fichas:errors.FICHA_NOT_FOUND')}</Alert>;
  return <FichaForm initial={toFormValues(q.data)} fichaId={id} existing={q.data.relatedPersons} />;
}

interface FormProps {
  initial: FichaFormValues;
  fichaId?: string;
  existing?: ExistingRelated[];
}

function FichaForm({ initial, fichaId: editId, existing: initialExisting = [] }: FormProps) {
  const { t } = useTranslation('fichas');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const companyCountry = useCompanyCountry();
  const [values, setValues] = useState<FichaFormValues>(initial);
  const [clientErrors, setClientErrors] = useState<FormErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [drafts, setDrafts] = useState<RelatedDraft[]>([]);
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const [existing, setExisting] = useState(initialExisting);
  /** the ficha that already holds the typed document (after FICHA_DNI_EXISTS), linked from the error */
  const [duplicateOf, setDuplicateOf] = useState<{ id: string; name: string } | null>(null);
  // the ficha exists once the first POST succeeds: a later failure (a related person) keeps the form as typed
  const [fichaId, setFichaId] = useState<string | undefined>(editId);
  const tags = useQuery({ queryKey: tagsKeys.suggestions(), queryFn: fichasApi.tagSuggestions, staleTime: 60_000 });

  const natural = values.personType === 'natural';
  const set = (patch: Partial<FichaFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };
  const err = (field: string) => {
    if (serverErrors[field]) return serverErrors[field];
    const p = clientErrors[field];
    return p ? t(`fichas:${p.key}`, p.params) : undefined;
  };
  const text = (field: keyof FichaFormValues, opts: { required?: boolean; label?: string } = {}) => (
    <TextInput
      label={opts.label ?? t(`fichas:form.fields.${field}`)}
      withAsterisk={opts.required}
      value={values[field] as string}
      onChange={(e) => set({ [field]: e.currentTarget.value } as Partial<FichaFormValues>)}
      error={err(field)}
      data-testid={`field-${field}`}
    />
  );

  const known = Object.keys(values);
  const save = useMutation({
    mutationFn: async () => {
      let id = fichaId;
      try {
        const body = toPayload(values);
        if (id) await fichasApi.patch(id, body);
        else {
          const created = await fichasApi.create(body);
          id = created.id;
          setFichaId(id);
        }
      } catch (e) {
        if (isApiError(e)) {
          if (e.code === 'FICHA_DNI_EXISTS')
            void fichasApi
              .byDni(values.dni)
              .then((f) => setDuplicateOf({ id: f.id, name: f.fullName }))
              .catch(() => setDuplicateOf(null));
          const field = formFieldOf(e.field, known);
          if (field && field !== 'related') {
            setServerErrors({ [field]: e.message });
            focusFirstError();
          }
          notifyError(e.message);
        } else notifyError(t('fichas:messages.updateFailed'));
        return;
      }
      // related persons one by one: a failure stays next to its row, the rest keep their state
      const errors: Record<string, string> = {};
      const next: RelatedDraft[] = [];
      for (const d of drafts) {
        if (d.relationshipId) {
          next.push(d);
          continue;
        }
        try {
          const rel = await fichasApi.createRelationship(relatedToPayload(id, d));
          next.push({ ...d, relationshipId: rel.id });
        } catch (e) {
          errors[d.key] = errorMessage(e);
          next.push(d);
        }
      }
      setDrafts(next);
      setDraftErrors(errors);
      void qc.invalidateQueries({ queryKey: fichasKeys.all });
      if (Object.keys(errors).length > 0) {
        notifyError(Object.values(errors)[0] ?? t('fichas:errors.RELATIONSHIP_CREATE_FAILED'));
        return;
      }
      notifySuccess(t(editId || fichaId ? 'fichas:messages.updated' : 'fichas:messages.created'));
      void navigate(`/home/fichas/${id}`);
    },
  });

  const removeExisting = useMutation({
    mutationFn: (relationshipId: string) => fichasApi.deleteRelationship(relationshipId),
    onSuccess: (_, relationshipId) => {
      setExisting((list) => list.filter((r) => r.relationshipId !== relationshipId));
      void qc.invalidateQueries({ queryKey: fichasKeys.all });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });

  const submit = () => {
    const found = validate(values);
    setClientErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      notifyError(t('fichas:form.fixErrors'));
      focusFirstError();
      return;
    }
    save.mutate();
  };
  const titleKey = editId ? 'fichas:form.editTitle' : natural ? 'fichas:form.createNatural' : 'fichas:form.createLegal';

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t(titleKey)}>
        {!editId && !fichaId && (
          <SegmentedControl
            value={values.personType}
            onChange={(v) => navigate(`/home/person/create?type=${v}`, { replace: true })}
            data={[
              { value: 'natural', label: t('fichas:personType.natural') },
              { value: 'legal', label: t('fichas:personType.legal') },
            ]}
          />
        )}
      </PageHeader>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <FormSection title={t('fichas:form.sections.identity')}>
            <DocumentFields
              personType={values.personType}
              country={values.country}
              documentType={values.documentType}
              dni={values.dni}
              onChange={(p) => set(p)}
              errors={{ country: err('country'), documentType: err('documentType'), dni: err('dni') }}
            />
            {duplicateOf && err('dni') && (
              <Anchor
                component={Link}
                to={`/home/fichas/${duplicateOf.id}`}
                size="sm"
                data-testid="duplicate-ficha-link"
              >
                {t('fichas:form.openExisting', { name: duplicateOf.name })}
              </Anchor>
            )}
            {natural ? (
              <>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  {text('name', { required: true })}
                  {text('fatherName', { required: true })}
                  {text('motherName')}
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <Select
                    label={t('fichas:form.fields.gender')}
                    clearable
                    data={(['female', 'male'] as const).map((g) => ({ value: g, label: t(`fichas:gender.${g}`) }))}
                    value={values.gender || null}
                    onChange={(v) => set({ gender: v ?? '' })}
                    error={err('gender')}
                  />
                  <TextInput
                    label={t('fichas:form.fields.birthDate')}
                    placeholder={t('fichas:form.datePlaceholder')}
                    value={values.birthDate}
                    onChange={(e) => set({ birthDate: typeDmy(e.currentTarget.value) })}
                    error={err('birthDate')}
                    data-testid="field-birthDate"
                  />
                  <CountrySelect
                    label={t('fichas:form.fields.nationality')}
                    clearable
                    value={values.nationality || null}
                    onChange={(v) => set({ nationality: v ?? '' })}
                    error={err('nationality')}
                  />
                </SimpleGrid>
              </>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('socialReason', { required: true })}
                {text('fantasyName')}
              </SimpleGrid>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <CountrySelect
                label={t('fichas:form.fields.countryOfResidence')}
                clearable
                value={values.countryOfResidence || null}
                onChange={(v) => set({ countryOfResidence: v ?? '' })}
                error={err('countryOfResidence')}
              />
              <Select
                label={t('fichas:form.fields.pepStatus')}
                clearable
                data={(['direct', 'consanguineous'] as const).map((p) => ({ value: p, label: t(`fichas:pep.${p}`) }))}
                value={values.pepStatus || null}
                onChange={(v) =>
                  set({ pepStatus: v ?? '', pepLevel: v ? values.pepLevel || (v === 'direct' ? '1' : '2') : '' })
                }
                error={err('pepStatus')}
              />
              <Select
                label={t('fichas:form.fields.pepLevel')}
                clearable
                disabled={!values.pepStatus}
                data={[
                  { value: '1', label: t('fichas:pep.level1') },
                  { value: '2', label: t('fichas:pep.level2') },
                ]}
                value={values.pepLevel || null}
                onChange={(v) => set({ pepLevel: v ?? '' })}
                error={err('pepLevel')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title={t('fichas:form.sections.contact')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="email"
                label={t('fichas:form.fields.email')}
                value={values.email}
                onChange={(e) => set({ email: e.currentTarget.value })}
                error={err('email')}
                data-testid="field-email"
              />
              {text('phone')}
              {text('address')}
              {text('fiscalAddress')}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 4 }}>
              {text('city')}
              {text('commune')}
              {text('region')}
              {text('zipCode')}
            </SimpleGrid>
          </FormSection>

          <FormSection title={t(natural ? 'fichas:form.sections.occupation' : 'fichas:form.sections.business')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {natural ? (
                <>
                  {text('position')}
                  {text('employer')}
                  {text('maritalStatus')}
                  {text('income', { label: t('fichas:form.fields.income') })}
                </>
              ) : (
                <>
                  {text('businessType')}
                  {text('sales')}
                </>
              )}
            </SimpleGrid>
            <Textarea
              label={t('fichas:form.fields.businessRelationshipPurpose')}
              value={values.businessRelationshipPurpose}
              onChange={(e) => set({ businessRelationshipPurpose: e.currentTarget.value })}
              error={err('businessRelationshipPurpose')}
              autosize
              minRows={2}
            />
          </FormSection>

          <FormSection title={t('fichas:form.sections.other')}>
            <TagsInput
              label={t('fichas:form.fields.tags')}
              description={t('fichas:form.tagsHint', { max: MAX_TAGS })}
              data={tags.data ?? []}
              value={values.tags}
              onChange={(v) => set({ tags: v })}
              maxTags={MAX_TAGS}
              allowDuplicates={false}
              clearable
              error={err('tags')}
              data-testid="field-tags"
            />
            <Textarea
              label={t('fichas:form.fields.comments')}
              value={values.comments}
              onChange={(e) => set({ comments: e.currentTarget.value })}
              error={err('comments')}
              autosize
              minRows={2}
            />
          </FormSection>

          <RelatedPersonsEditor
            types={RELATION_TYPES[values.personType]}
            drafts={drafts}
            onChange={setDrafts}
            existing={existing}
            onRemoveExisting={(rid) => removeExisting.mutate(rid)}
            participant={{ documentType: values.documentType, dni: values.dni }}
            companyCountry={companyCountry}
            serverErrors={draftErrors}
          />

          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(fichaId ? `/home/fichas/${fichaId}` : '/home/fichas')}>
              {t('fichas:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="ficha-save">
              {t('fichas:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
