import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { processosApi } from '../api/processos-api';
import { recordsKeys } from '../keys';

/**
 * The document to look up and the obliged subject whose contract pays for it (decision 82): Brazilian subjects
 * first, the first of them chosen when none is.
 */
export function ContractPicker({
  run,
  companyId,
  onChange,
}: {
  run: string;
  companyId: string | null;
  onChange: (v: { run: string; companyId: string }) => void;
}) {
  const { t } = useTranslation('records');
  const [doc, setDoc] = useState(run);
  const companies = useQuery({ queryKey: recordsKeys.processos.companies, queryFn: processosApi.companies });
  const options = (companies.data ?? [])
    .filter((c) => c.status === 'active')
    .sort((a, b) => Number(b.country === 'BR') - Number(a.country === 'BR') || a.name.localeCompare(b.name));
  const first = options[0]?.id;
  useEffect(() => {
    if (!companyId && first) onChange({ run, companyId: first });
  }, [companyId, first, run, onChange]);
  useEffect(() => setDoc(run), [run]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (doc.trim() && companyId) onChange({ run: doc.trim(), companyId });
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          w={240}
          label={t('records:processos.document')}
          value={doc}
          onChange={(e) => setDoc(e.currentTarget.value)}
          data-testid="processos-document"
        />
        <Select
          w={320}
          label={t('records:processos.contract')}
          data={options.map((c) => ({ value: c.id, label: c.name }))}
          value={companyId}
          onChange={(v) => v && onChange({ run: doc.trim() || run, companyId: v })}
          searchable
          data-testid="processos-company"
        />
        <Button type="submit" leftSection={<IconSearch size={16} />}>
          {t('records:processos.search')}
        </Button>
      </Group>
    </form>
  );
}
