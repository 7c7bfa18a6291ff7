import { Stack, Text, Tooltip } from '@mantine/core';
import type { OperationFormReasonsT } from '@regcheck/shared/schemas/forms';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formsApi } from '../api/forms-api';
import { formsKeys } from '../keys';
import { reasonInWords } from '../lib/reasons';

type Entry = OperationFormReasonsT['forms'][number];

/** The reasons of the given operations, by operation id (one call for a page of the list or a selection). */
export function useOperationFormReasons(operationIds: string[], enabled = true) {
  const ids = [...new Set(operationIds)].sort().slice(0, 200);
  const q = useQuery({
    queryKey: formsKeys.operationReasons(ids),
    queryFn: () => formsApi.reasonsOf(ids),
    enabled: enabled && ids.length > 0,
    staleTime: 30_000,
  });
  return new Map((q.data ?? []).map((r) => [r.operationId, r.forms]));
}

/** "DOF · Ana Pérez: operation of CLP 30.000.000 above the company's threshold of USD 1.000": one line per reason. */
export function useReasonLine() {
  const { t } = useTranslation();
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);
  return (f: Entry) =>
    f.reasons.map((r) =>
      t('forms:reasons.line', { form: t(`forms:short.${f.type}`), name: f.name, reason: reasonInWords(r, tt) }),
    );
}

/**
 * Under an operation's form status in the list: why its forms are required (issue 25: the list says why, as the
 * Forms panel does), each line cut to two lines with the whole text on hover.
 */
export function OperationFormReasonLines({ forms, operationId }: { forms: Entry[] | undefined; operationId: string }) {
  const line = useReasonLine();
  const lines = (forms ?? []).filter((f) => f.required).flatMap(line);
  if (lines.length === 0) return null;
  return (
    <Stack gap={2} data-testid={`op-reasons-${operationId}`}>
      {lines.map((l) => (
        <Tooltip key={l} label={l} multiline maw={420} withinPortal>
          <Text size="xs" c="dimmed" maw={300} lineClamp={2}>
            {l}
          </Text>
        </Tooltip>
      ))}
    </Stack>
  );
}
