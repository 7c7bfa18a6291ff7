import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { usersKeys } from '../../../app/query/keys/users-keys';
import { type UserItem, usersApi } from '../api/users-api';

/** The user's photo and its upload (PNG, JPG or WEBP up to 2 MB). */
export function UserPhoto({ user }: { user: UserItem }) {
  const { t } = useTranslation('users');
  const qc = useQueryClient();
  const photo = useQuery({
    queryKey: usersKeys.photo(user.id, String(user.hasPhoto) + user.createdAt),
    queryFn: () => usersApi.photoUrl(user.id),
    enabled: user.hasPhoto === true,
  });
  useEffect(
    () => () => {
      if (photo.data) URL.revokeObjectURL(photo.data);
    },
    [photo.data],
  );
  const upload = useMutation({
    mutationFn: (file: File) => usersApi.uploadPhoto(user.id, file),
    onSuccess: (saved) => {
      notifySuccess(t('users:photo.saved'));
      qc.setQueryData(usersKeys.one(user.id), saved);
      void qc.invalidateQueries({ queryKey: ['users', 'photo', user.id] });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  return (
    <Group gap="md" align="center">
      <Avatar src={photo.data ?? null} size={72} radius="xl" alt={user.name}>
        {user.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={4}>
        <FileButton onChange={(f) => f && upload.mutate(f)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconPhoto size={14} />}
              loading={upload.isPending}
              data-testid="user-photo"
            >
              {user.hasPhoto ? t('users:photo.change') : t('users:photo.add')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('users:photo.help')}
        </Text>
      </Stack>
    </Group>
  );
}
