import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayDni } from '../../../app/format/dni';

/** The person a record page is about: name (to the ficha) and document. */
export function PersonLine({ person }: { person: { id: string; dni: string; name: string; personType: string } }) {
  const { t } = useTranslation('records');
  return (
    <Group gap="sm">
      <Anchor component={Link} to={`/home/fichas/${person.id}`} fw={600}>
        {person.name}
      </Anchor>
      <Text c="dimmed" size="sm">
        {displayDni(person.dni)}
      </Text>
      <Text c="dimmed" size="sm">
        {t(`records:personType.${person.personType === 'legal' ? 'legal' : 'natural'}`)}
      </Text>
    </Group>
  );
}
