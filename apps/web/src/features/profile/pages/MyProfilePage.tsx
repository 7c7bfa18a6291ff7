import { Anchor, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { localeOf } from '@regcheck/shared/locales/language';
import { can } from '@regcheck/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../app/api/client';
import type { Company } from '../../../app/session/session-types';
import { useUser } from '../../../app/session/useSession';
import { ProfileField } from '../components/ProfileField';
import { ScreeningSettingsCard } from '../components/ScreeningSettingsCard';
import { profileKeys } from '../keys';

/**
 * My profile: the obliged subject (name, country, language) and the user (name, e-mail, role); for the blacklist
 * reviewers, the company's match review settings (changed by the company administrators).
 */
export function MyProfilePage() {
  const { t } = useTranslation(['profile', 'common', 'roles']);
  const user = useUser();
  const companyId = user.company?.id;
  const { data: company, isLoading } = useQuery({
    queryKey: profileKeys.company(companyId),
    queryFn: () => api.get<Company>(`/companies/${companyId}`),
    enabled: !!companyId,
  });
  const shown = company ?? user.company;
  const countryName = (code: string) => {
    try {
      return new Intl.DisplayNames([t('common:intlLocale')], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('profile:title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('profile:company')}
            </Title>
            {isLoading && !shown ? (
              <Loader size="sm" aria-label={t('common:loading')} />
            ) : shown ? (
              <>
                <ProfileField label={t('profile:companyName')} value={shown.name} testId="profile-company-name" />
                <ProfileField
                  label={t('profile:country')}
                  value={countryName(shown.country)}
                  testId="profile-country"
                />
                <ProfileField
                  label={t('profile:language')}
                  value={t(`common:language.${localeOf(shown.language)}`)}
                  testId="profile-language"
                />
                <Anchor component={Link} to="/home/company/risk" size="sm" data-testid="profile-risk-model">
                  {t('profile:riskModel.link')}
                </Anchor>
              </>
            ) : (
              <Text c="dimmed">{t('profile:noCompany')}</Text>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('profile:user')}
            </Title>
            <ProfileField label={t('profile:userName')} value={user.name} testId="profile-user-name" />
            <ProfileField label={t('profile:email')} value={user.email} testId="profile-email" />
            <ProfileField label={t('profile:role')} value={t(`roles:${user.role}`)} testId="profile-role" />
          </Stack>
        </Card>
      </SimpleGrid>
      {can({ role: user.role, company: user.company }, 'blacklistAdmin') && <ScreeningSettingsCard />}
    </Stack>
  );
}
