import { Alert, Badge, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RegistryLookupCard } from '../../person-records';
import { checkBrazilDocument } from '../lib/cpf-cnpj-check';

/**
 * /home/records/:run/validadorCPF-CNPJ and validadorCpfOuCnpj: format and check digits of a CPF or CNPJ
 * (numeric or alphanumeric), computed in the browser with the shared validators.
 */
export function CpfCnpjValidatorPage() {
  const { t } = useTranslation('fichas');
  const { run } = useParams();
  const initial = run && /^[0-9A-Za-z.\-/]{11,18}$/.test(run) ? run : '';
  const [value, setValue] = useState(initial);
  const r = checkBrazilDocument(value);
  const digitBadge = (ok: boolean | null, n: 1 | 2) =>
    ok === null ? null : (
      <Badge color={ok ? 'teal' : 'red'} variant="light" data-testid={`check-digit-${n}`}>
        {t(ok ? 'fichas:validator.digitOk' : 'fichas:validator.digitWrong', { n })}
      </Badge>
    );
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('fichas:records.validator')}</Title>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <TextInput
            label={t('fichas:validator.input')}
            placeholder="000.000.000-00 / 00.000.000/0000-00"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value.slice(0, 20))}
            data-testid="validator-input"
          />
          {r.problem !== 'empty' && (
            <Stack gap="xs" data-testid="validator-result">
              <Group gap="sm">
                {r.kind && <Badge variant="outline">{r.kind}</Badge>}
                <Badge color={r.valid ? 'teal' : 'red'} data-testid="validator-verdict">
                  {t(r.valid ? 'fichas:validator.valid' : 'fichas:validator.invalid')}
                </Badge>
                <Text ff="monospace" data-testid="validator-formatted">
                  {r.formatted}
                </Text>
              </Group>
              {r.problem && r.problem !== 'checkDigits' && (
                <Alert color="red">{t(`fichas:validator.problems.${r.problem}`)}</Alert>
              )}
              {r.expected && (
                <Group gap="sm">
                  {digitBadge(r.firstDigitOk, 1)}
                  {digitBadge(r.secondDigitOk, 2)}
                  {!r.valid && (
                    <Text size="sm" data-testid="validator-expected">
                      {t('fichas:validator.expected', { expected: r.expected, given: r.given })}
                    </Text>
                  )}
                </Group>
              )}
            </Stack>
          )}
        </Stack>
      </Card>
      {run && <RegistryLookupCard run={run} />}
    </Stack>
  );
}
