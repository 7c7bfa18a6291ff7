import { Avatar } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../app/ui/ImageUpload';
import { type UserItem, usersApi } from '../api/users-api';
import { usersKeys } from '../keys';

/** The user's photo and its upload (PNG, JPG or WEBP up to 2 MB). */
export function UserPhoto({ user }: { user: UserItem }) {
  const { t } = useTranslation('users');
  const qc = useQueryClient();
  return (
    <ImageUpload
      imageKey={usersKeys.photo(user.id)}
      versionKey={usersKeys.photoVersion(user.id, String(user.hasPhoto) + user.createdAt)}
      hasImage={user.hasPhoto === true}
      load={() => usersApi.photoUrl(user.id)}
      upload={(file) => usersApi.uploadPhoto(user.id, file)}
      onSaved={(saved) => qc.setQueryData(usersKeys.one(user.id), saved)}
      savedMessage={t('users:photo.saved')}
      buttonLabel={user.hasPhoto ? t('users:photo.change') : t('users:photo.add')}
      help={t('users:photo.help')}
      testId="user-photo"
    >
      {(src) => (
        <Avatar src={src ?? null} size={72} radius="xl" alt={user.name}>
          {user.name.slice(0, 1).toUpperCase()}
        </Avatar>
      )}
    </ImageUpload>
  );
}
