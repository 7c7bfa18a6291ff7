import { Anchor, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TagsManagerPanel } from '../../fichas';
import { TagsInUsePanel, UsersPanel } from '../../users';
import { ListOfInterestPanel } from '../components/ListOfInterestPanel';

/**
 * /home/accountManager: the company's users, its tags (the catalogue and the tags already on records), the list
 * of interest, and the way to the e-mail customization profiles (their own screen, /tools/mailcustomization).
 */
export function AccountManagerPage() {
  const { t } = useTranslation('screening');
  return (
    <Stack>
      <Title order={2}>{t('screening:interest.accountManager')}</Title>
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="users" data-testid="account-tab-users">
            {t('users:accountManager.users')}
          </Tabs.Tab>
          <Tabs.Tab value="tags" data-testid="account-tab-tags">
            {t('screening:accountManager.tags')}
          </Tabs.Tab>
          <Tabs.Tab value="interest" data-testid="account-tab-interest">
            {t('screening:interest.title')}
          </Tabs.Tab>
          <Tabs.Tab value="mail" data-testid="account-tab-mail">
            {t('users:accountManager.emailCustomization')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <UsersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="tags" pt="md">
          <Stack gap="lg">
            <TagsManagerPanel />
            <TagsInUsePanel />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="interest" pt="md">
          <ListOfInterestPanel />
        </Tabs.Panel>
        <Tabs.Panel value="mail" pt="md">
          <Paper withBorder p="lg" maw={640}>
            <Stack gap="sm">
              <Text size="sm">{t('users:accountManager.emailCustomizationText')}</Text>
              <Anchor component={Link} to="/tools/mailcustomization" data-testid="account-mail-link">
                <Group gap={6}>
                  <IconMail size={16} />
                  {t('users:accountManager.emailCustomizationLink')}
                </Group>
              </Anchor>
            </Stack>
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
