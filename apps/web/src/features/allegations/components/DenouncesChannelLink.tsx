import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  NavLink,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../app/session/session-types';
import { allegationsApi } from '../api/allegations-api';
import { allegationsKeys } from '../keys';
import { channelLinkState } from '../lib/channel-link';

/**
 * The sidebar entry "Denounces channel" (permission denouncesChannel): the public filing address to copy and share
 * while the company's channel is active, a plain sentence when it is not (read through the signed-in
 * GET /denuncia-channel).
 */
export function DenouncesChannelLink({ user, compact }: { user: User; compact: boolean }) {
  const { t } = useTranslation('allegations');
  const companyId = user.company?.id ?? '';
  const allowed = channelLinkState(user, window.location.origin, { loading: false, active: false }).show;
  // the signed-in route (GET /denuncia-channel), not the public page's rate-limited one (issue 22)
  const channel = useQuery({
    queryKey: allegationsKeys.channelStatus(companyId),
    queryFn: () => allegationsApi.channelStatus(),
    enabled: allowed,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const state = channelLinkState(user, window.location.origin, {
    loading: channel.isLoading,
    active: channel.data?.active === true,
  });
  if (!state.show) return null;
  const label = t('channelLink.label');
  return (
    <Popover position="right-start" width={580} shadow="md" withinPortal>
      <Popover.Target>
        <NavLink
          component="button"
          label={compact ? undefined : label}
          aria-label={compact ? label : undefined}
          leftSection={<IconSpeakerphone size={20} stroke={1.6} />}
          data-testid="nav-denounces-channel"
        />
      </Popover.Target>
      <Popover.Dropdown data-testid="denounces-channel-card">
        <Stack gap="xs">
          <Text fw={600}>{label}</Text>
          {'loading' in state ? (
            <Text size="sm">{t('channelLink.loading')}</Text>
          ) : state.url ? (
            <>
              <Text size="sm">{t('channelLink.intro')}</Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  readOnly
                  value={state.url}
                  aria-label={t('channelLink.address')}
                  style={{ flex: 1 }}
                  onFocus={(e) => e.currentTarget.select()}
                  data-testid="denounces-channel-url"
                />
                <CopyButton value={state.url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('channelLink.copied') : t('channelLink.copy')} withArrow>
                      <ActionIcon
                        variant="light"
                        size="lg"
                        onClick={copy}
                        aria-label={t('channelLink.copy')}
                        color={copied ? 'teal' : undefined}
                      >
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Button
                component="a"
                href={state.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                size="xs"
              >
                {t('channelLink.open')}
              </Button>
            </>
          ) : (
            <Text size="sm" data-testid="denounces-channel-inactive">
              {t('channelLink.inactive')}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
