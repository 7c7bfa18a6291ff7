import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FilesDropzone } from '../../../app/ui/FilesDropzone';
import { FILE_ACCEPT, MAX_FILE_BYTES, MAX_FILES } from '../lib/filing-form';

interface Props {
  label: string;
  button: string;
  pending: boolean;
  error?: string;
  onSend(text: string, files: File[]): Promise<unknown>;
  testId: string;
  color?: string;
  /** the drop zone's texts (PDF and images, up to 5 of 25 MB) */
  files: { label: string; placeholder: string; help: string };
}

/** A text box, its files and its send button (a message to the reporter, or an internal note). */
export function ComposeBox({ label, button, pending, error, onSend, testId, color, files: fileText }: Props) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        autosize
        minRows={2}
        maxLength={10000}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        data-testid={`${testId}-text`}
      />
      <FilesDropzone
        label={fileText.label}
        hint={fileText.help}
        accept={FILE_ACCEPT}
        maxBytes={MAX_FILE_BYTES}
        maxFiles={MAX_FILES}
        value={files}
        onChange={setFiles}
        testId={`${testId}-files`}
      />
      <Group justify="flex-end">
        <Button
          color={color}
          loading={pending}
          disabled={!text.trim()}
          onClick={() =>
            onSend(text.trim(), files).then(() => {
              setText('');
              setFiles([]);
            })
          }
          data-testid={`${testId}-send`}
        >
          {button}
        </Button>
      </Group>
    </Stack>
  );
}
