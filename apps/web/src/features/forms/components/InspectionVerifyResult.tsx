import { Alert, List, Stack, Text } from '@mantine/core';
import type { InspectionVerifyT } from '@regcheck/shared/schemas/forms';
import { useTranslation } from 'react-i18next';
import { inspectionVerifySentence } from '../lib/inspection-verify';

/** /public/verify's answer for an inspector's file (issue 28): what it is, whether it holds, each zip part's state. */
export function InspectionVerifyResult({ valid, inspection }: { valid: boolean; inspection: InspectionVerifyT }) {
  const { t } = useTranslation('forms');
  return (
    <Stack gap="xs" data-testid="verify-inspection">
      <Alert
        color={valid ? 'green' : 'red'}
        title={t(valid ? 'forms:verify.inspectionValid' : 'forms:verify.inspectionInvalid')}
      >
        {inspectionVerifySentence(t, valid, inspection)}
      </Alert>
      {inspection.parts.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            {t('forms:verify.parts')}
          </Text>
          <List size="sm" spacing={2}>
            {inspection.parts.map((p) => (
              <List.Item key={p.path} c={p.status === 'unchanged' ? undefined : 'red'}>
                {`${p.path}: ${t(`forms:verify.part.${p.status}`)}`}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
