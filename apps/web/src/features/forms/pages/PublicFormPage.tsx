import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PUBLIC_IMAGE_KINDS, type PublicFormViewT } from '@regcheck/shared/schemas/forms';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError, isApiError } from '../../../app/api/api-error';
import { saveBlob } from '../../../app/api/client';
import { applyLocale } from '../../../app/i18n/i18n';
import { errorMessage } from '../../../app/query/errorMessage';
import { type ImageKind, publicFormsApi, type SignedResult } from '../api/forms-api';
import { CameraCapture } from '../components/CameraCapture';
import { type Answers, AnswersSummary, type FormError, FormFields } from '../components/FormFields';
import { PdfPreview } from '../components/PdfPreview';
import { SignatureBox } from '../components/SignatureBox';
import { SignerStep } from '../components/SignerStep';
import { SubjectCard } from '../components/SubjectCard';
import { formsKeys } from '../keys';
import { fieldErrorsOf } from '../lib/field-errors';
import { dataUrlToBlob, photoForUpload } from '../lib/images';

type Step = 'identify' | 'fill' | 'signer' | 'photo' | 'idPhoto' | 'signature' | 'review';
const ALL_STEPS: Step[] = ['identify', 'fill', 'signer', 'photo', 'idPhoto', 'signature', 'review'];
/** a company's form has the signer step (who signs for it); a natural person's does not */
const stepsOf = (v: PublicFormViewT) => ALL_STEPS.filter((s) => s !== 'signer' || v.needsSigner);

/** Where a visitor stands, from the form as the server has it (a reload resumes at the same step). */
function stepOf(v: PublicFormViewT): Step {
  if (!v.identified) return 'identify';
  if (v.status !== 'filled') return 'fill';
  if (v.needsSigner && !v.signer) return 'signer';
  if (!v.hasPhoto) return 'photo';
  if (!v.hasIdPhoto) return 'idPhoto';
  if (!v.hasSignature) return 'signature';
  return 'review';
}

function Invalid() {
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Alert color="red" title={t('forms:public.invalidTitle')} data-testid="form-invalid">
        {t('forms:errors.FORM_LINK_INVALID')}
      </Alert>
    </Container>
  );
}

/** A link locked after too many wrong document numbers: only a new link from the company opens the form again. */
function Locked() {
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Alert color="orange" title={t('forms:public.lockedTitle')} data-testid="form-locked">
        {t('forms:errors.FORM_LINK_LOCKED')}
      </Alert>
    </Container>
  );
}

/** The link that signed the form, opened again: when it was signed (in the company's time), not 'invalid link'. */
function AlreadySigned({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Alert color="blue" title={t('forms:public.alreadySignedTitle')} data-testid="form-already-signed">
        {message}
      </Alert>
    </Container>
  );
}

const isLocked = (e: unknown) => isApiError(e) && e.code === 'FORM_LINK_LOCKED';
const signedOn = (e: unknown) => (isApiError(e) && e.code === 'FORM_SIGNED_ON' ? e.message : null);

/**
 * The public signing flow of a form's link (spec 001 §2): identification, fill, portrait photo, ID document photo,
 * drawn signature, review, sign, download. Once the signing steps begin the answers can no longer be edited.
 */
export function PublicFormPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const formId = search.get('form') ?? params.idForm ?? '';
  const key = search.get('key') ?? '';
  const [view, setView] = useState<PublicFormViewT | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [dni, setDni] = useState('');
  const [photo, setPhoto] = useState<Record<ImageKind, string | null>>({ photo: null, idPhoto: null, signature: null });
  const [error, setError] = useState<FormError | null>(null);
  const [signed, setSigned] = useState<SignedResult | null>(null);

  const q = useQuery({
    queryKey: formsKeys.publicForm(formId, key),
    queryFn: () => publicFormsApi.get(formId, key),
    enabled: !!formId && !!key,
    retry: false,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (!q.data) return;
    setView(q.data);
    setAnswers(q.data.data ?? {});
    // the form's language with its whole catalogue (applyLocale loads it first): a phone set to another language
    // showed raw keys, since i18next alone switched to a language whose texts were not loaded
    const lang = q.data.language;
    if ((lang === 'es' || lang === 'pt-BR' || lang === 'en') && lang !== i18n.language) void applyLocale(lang);
  }, [q.data, i18n]);

  const fail = (e: unknown) => {
    const fields = isApiError(e) ? fieldErrorsOf(e.details, (k, p) => t(k, p)) : undefined;
    const count = Object.keys(fields ?? {}).length;
    setError({
      field: isApiError(e) ? e.field : undefined,
      // several fields to correct: the alert counts them, each is said under its field
      message: count > 1 ? t('forms:public.fieldsToFix', { count }) : errorMessage(e),
      fields,
    });
  };
  const run = useMutation({
    mutationFn: async (fn: () => Promise<PublicFormViewT>) => fn(),
    onSuccess: (v) => {
      setError(null);
      setView(v);
      // once the document is confirmed the form comes with what RegCheck knows pre-filled
      setAnswers((a) => (Object.keys(a).length > 0 ? a : (v.data ?? {})));
    },
    onError: fail,
  });
  const sign = useMutation({
    mutationFn: () => publicFormsApi.sign(view?.type ?? 'formDOF', formId, key),
    onSuccess: (r) => {
      setError(null);
      setSigned(r);
    },
    onError: fail,
  });
  const onSignature = useCallback((png: string | null) => setPhoto((p) => ({ ...p, signature: png })), []);

  if (isLocked(q.error) || isLocked(run.error) || isLocked(sign.error)) return <Locked />;
  const alreadySigned = signedOn(q.error) ?? signedOn(sign.error);
  if (alreadySigned) return <AlreadySigned message={alreadySigned} />;
  if (!formId || !key || q.isError) return <Invalid />;
  if (!view) {
    return (
      <Container size="xs" py="xl">
        <Text c="dimmed">{t('forms:public.loading')}</Text>
      </Container>
    );
  }
  const download = () =>
    signed && saveBlob(dataUrlToBlob(`data:application/pdf;base64,${signed.pdf}`), signed.fileName);
  const step = stepOf(view);
  const STEPS = stepsOf(view);
  const active = signed ? STEPS.length : STEPS.indexOf(step);
  const signerLine = view.signer
    ? t('forms:signer.chosen', {
        name: view.signer.name,
        document: view.signer.document,
        capacity: t(`forms:signer.capacities.${view.signer.capacity}`),
      })
    : null;
  const upload = (kind: ImageKind) => {
    const data = photo[kind];
    if (!data) return;
    run.mutate(async () => {
      const blob =
        kind === 'signature'
          ? dataUrlToBlob(data)
          : await photoForUpload(data).catch(() => {
              // a photo the browser cannot draw: said in words, never the decoder's "image"
              throw new ApiError(400, 'PHOTO_UNREADABLE', t('forms:public.photoUnreadable'), kind);
            });
      return publicFormsApi.image(formId, key, kind, blob);
    });
  };

  return (
    <Container size="sm" py="md" px="sm">
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {view.companyName}
          </Text>
          <Title order={2} size="h3">
            {view.template.title}
          </Title>
          <Text size="sm">{t('forms:public.for', { name: view.name })}</Text>
        </Stack>
        <Stepper
          active={active}
          size="xs"
          allowNextStepsSelect={false}
          iconSize={24}
          // seven steps of a company's form on a 390 px phone: narrower separators keep them on one line
          styles={{ stepBody: { display: 'none' }, separator: { marginInline: 6 } }}
        >
          {STEPS.map((s) => (
            <Stepper.Step key={s} label={t(`forms:public.steps.${s}`)} aria-label={t(`forms:public.steps.${s}`)} />
          ))}
        </Stepper>
        <Text fw={600} data-testid="step-title">
          {signed ? t('forms:public.steps.done') : t(`forms:public.steps.${step}`)}
        </Text>
        {error ? (
          <Alert color="red" data-testid="form-error">
            {error.message}
          </Alert>
        ) : null}

        {signed ? (
          <Card withBorder>
            <Stack>
              <Alert color="green" data-testid="signed-ok">
                {t('forms:public.signedOk')}
              </Alert>
              <Stack gap={2} data-testid="signed-hash">
                <Text size="xs" fw={600}>
                  {t('forms:pdf.contentSha256')}
                </Text>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="signed-sha256">
                  {signed.contentSha256}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('forms:public.hashNote')}
                </Text>
              </Stack>
              <Button onClick={download} data-testid="download-signed">
                {t('forms:public.download')}
              </Button>
            </Stack>
          </Card>
        ) : step === 'identify' ? (
          <Card withBorder>
            <Stack>
              <Text size="sm">{t('forms:public.identifyHelp')}</Text>
              <TextInput
                label={t('forms:public.documentNumber')}
                value={dni}
                onChange={(e) => setDni(e.currentTarget.value)}
                error={error?.field === 'dni' ? error.message : undefined}
                data-testid="identify-dni"
              />
              <Button
                onClick={() => run.mutate(() => publicFormsApi.identify(formId, key, dni))}
                loading={run.isPending}
                disabled={!dni.trim()}
                data-testid="identify-continue"
              >
                {t('forms:public.continue')}
              </Button>
            </Stack>
          </Card>
        ) : step === 'fill' ? (
          <Card withBorder>
            <Stack>
              {view.subject ? (
                <SubjectCard subject={view.subject} companyName={view.companyName} answers={answers} />
              ) : null}
              <FormFields
                template={view.template}
                values={answers}
                onChange={setAnswers}
                error={error}
                prefilled={view.subject?.prefilled}
                companyName={view.companyName}
              />
              <Text size="xs" c="dimmed">
                {t('forms:public.noEditAfter')}
              </Text>
              <Button
                onClick={() => run.mutate(() => publicFormsApi.fill(view.type, formId, key, answers))}
                loading={run.isPending}
                data-testid="submit-form"
              >
                {t('forms:public.saveAndContinue')}
              </Button>
            </Stack>
          </Card>
        ) : step === 'signer' ? (
          <SignerStep
            formId={formId}
            formKey={key}
            companyName={view.companyName}
            entityName={view.subject?.entity?.name ?? view.name}
            error={error}
            pending={run.isPending}
            onChoose={(c) => run.mutate(() => publicFormsApi.signer(formId, key, c))}
            suggested={{ name: view.data.representativeName, document: view.data.representativeDocument }}
          />
        ) : step === 'photo' || step === 'idPhoto' ? (
          <Card withBorder>
            <Stack>
              {signerLine ? (
                <Text size="sm" fw={600} data-testid="signer-chosen">
                  {signerLine}
                </Text>
              ) : null}
              <Text size="sm">{t(step === 'photo' ? 'forms:public.photoHelp' : 'forms:public.idPhotoHelp')}</Text>
              <CameraCapture
                key={step}
                facing={step === 'photo' ? 'user' : 'environment'}
                captured={photo[step]}
                onCapture={(d) => {
                  setError(null);
                  setPhoto((p) => ({ ...p, [step]: d || null }));
                }}
              />
              <Button
                onClick={() => upload(step)}
                disabled={!photo[step]}
                loading={run.isPending}
                data-testid="upload-photo"
              >
                {t('forms:public.continue')}
              </Button>
            </Stack>
          </Card>
        ) : step === 'signature' ? (
          <Card withBorder>
            <Stack>
              {signerLine ? (
                <Text size="sm" fw={600}>
                  {signerLine}
                </Text>
              ) : null}
              <Text size="sm">{t('forms:public.signatureHelp')}</Text>
              <SignatureBox onChange={onSignature} />
              <Button
                onClick={() => upload('signature')}
                disabled={!photo.signature}
                loading={run.isPending}
                data-testid="save-signature"
              >
                {t('forms:public.continue')}
              </Button>
            </Stack>
          </Card>
        ) : (
          <Card withBorder>
            <Stack>
              {view.subject ? <SubjectCard subject={view.subject} companyName={view.companyName} /> : null}
              <AnswersSummary template={view.template} values={view.data} />
              {signerLine ? (
                <Text size="sm" fw={600} data-testid="signer-chosen">
                  {signerLine}
                </Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                {PUBLIC_IMAGE_KINDS.map((k) =>
                  photo[k] ? (
                    <Stack key={k} gap={4}>
                      <Text size="xs" c="dimmed">
                        {t(`forms:public.images.${k}`)}
                      </Text>
                      <Image src={photo[k]} alt={t(`forms:public.images.${k}`)} radius="sm" />
                    </Stack>
                  ) : null,
                )}
              </SimpleGrid>
              <Text size="sm">{t('forms:public.reviewHelp')}</Text>
              <PdfPreview
                formId={formId}
                formKey={key}
                version={`${view.hasPhoto}${view.hasIdPhoto}${view.hasSignature}`}
              />
              <Group>
                <Button onClick={() => sign.mutate()} loading={sign.isPending} data-testid="sign-form">
                  {t('forms:public.sign')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
