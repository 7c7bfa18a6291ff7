import { SegmentedControl, Stack, Text } from '@mantine/core';
import { companyLanguageOf, type Locale } from '@regcheck/shared/locales/language';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { currentLocale } from '../i18n/i18n';
import { closeToasts, notifyError } from '../notify/notify';
import { useSession } from '../session/useSession';

/** es / pt-BR / en: saves the user's language, then the interface follows. */
export function LanguageSwitch() {
  const { t } = useTranslation(['common', 'errors']);
  const { setLanguage } = useSession();
  const value = currentLocale();
  const change = useMutation({
    mutationFn: (next: string) => setLanguage(companyLanguageOf(next as Locale)),
    // the toasts on screen were said in the language being left
    onSuccess: () => closeToasts(),
    onError: (error) => notifyError(isApiError(error) ? error.message : t('errors:INTERNAL')),
  });

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="language-switch-label">
        {t('common:language.label')}
      </Text>
      <SegmentedControl
        aria-labelledby="language-switch-label"
        data-testid="language-switch"
        value={value}
        onChange={(v) => change.mutate(v)}
        disabled={change.isPending}
        fullWidth
        data={[
          { value: 'es', label: t('common:language.es') },
          { value: 'pt-BR', label: t('common:language.pt-BR') },
          { value: 'en', label: t('common:language.en') },
        ]}
      />
    </Stack>
  );
}
