import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TagsManagerPanel } from '../../fichas/components/TagsManagerPanel';
import { ListOfInterestPanel } from '../components/ListOfInterestPanel';

/**
 * /home/accountManager: the list of interest. The users, tags and e-mail customisation tabs of the spec belong to
 * other features and are added here as they land.
 */
export function AccountManagerPage() {
  const { t } = useTranslation('screening');
  return (
    <Stack>
      <Title order={2}>{t('screening:interest.accountManager')}</Title>
      <Tabs defaultValue="interest" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="interest">{t('screening:interest.title')}</Tabs.Tab>
          <Tabs.Tab value="tags">{t('screening:accountManager.tags')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="interest" pt="md">
          <ListOfInterestPanel />
        </Tabs.Panel>
        <Tabs.Panel value="tags" pt="md">
          <TagsManagerPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
