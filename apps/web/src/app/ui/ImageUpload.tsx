import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { notifyError, notifySuccess } from '../notify/notify';
import { errorMessage } from '../query/errorMessage';

interface Props<T> {
  /** the query key of every version of the image, from its feature's factory: an upload invalidates it */
  imageKey: QueryKey;
  /** the key of the version shown, from the same factory (a new upload is fetched again) */
  versionKey: QueryKey;
  hasImage: boolean;
  /** the stored image as an object URL (the call needs the bearer token) */
  load: () => Promise<string>;
  upload: (file: File) => Promise<T>;
  onSaved: (saved: T) => void;
  savedMessage: string;
  buttonLabel: string;
  help: string;
  testId: string;
  /** the preview of the image (src undefined while there is none) */
  children: (src: string | undefined) => ReactNode;
}

/** A stored image (photo, logo) with its preview and upload button (PNG, JPG or WEBP). */
export function ImageUpload<T>(p: Props<T>) {
  const qc = useQueryClient();
  const image = useQuery({ queryKey: p.versionKey, queryFn: p.load, enabled: p.hasImage });
  useEffect(
    () => () => {
      if (image.data) URL.revokeObjectURL(image.data);
    },
    [image.data],
  );
  const upload = useMutation({
    mutationFn: p.upload,
    onSuccess: (saved) => {
      notifySuccess(p.savedMessage);
      p.onSaved(saved);
      void qc.invalidateQueries({ queryKey: p.imageKey });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  return (
    <Group gap="md" align="center">
      {p.children(image.data)}
      <Stack gap={4}>
        <FileButton onChange={(f) => f && upload.mutate(f)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconPhoto size={14} />}
              loading={upload.isPending}
              data-testid={p.testId}
            >
              {p.buttonLabel}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {p.help}
        </Text>
      </Stack>
    </Group>
  );
}
