import { Text } from '@mantine/core';

interface Props {
  label: string;
  value: string;
  testId: string;
}

/** A labelled value of the profile cards. */
export function ProfileField({ label, value, testId }: Props) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text data-testid={testId}>{value}</Text>
    </div>
  );
}
