import { type TW9, W9_LIMITS, w9Messages } from '@app/contracts/profile.contract';
import { Badge, Button, FileButton, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DismissibleError } from '../../lib/dismissible-error';
import { openInNewWindow } from '../../lib/open-in-new-window';
import { checkW9File, describeW9Failure, fetchW9Link, removeW9, saveW9, type W9Mode } from './w9-api';

/** '1.2 KB', '3.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 'Oct 18, 2026' in the browser's time zone. */
export function formatUploadDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * The installer's W-9 in Business Information (decision 023): on file (name, day, who, size) or missing;
 * Upload / Replace (PDF, JPEG or PNG up to 10 MB, with progress), Download (a short-lived link) and Remove
 * (after a confirmation). ASSIST users see the state and may download, nothing else.
 */
export function W9Section(props: {
  installerId: number;
  w9: TW9 | null;
  isReadOnly: boolean;
  /** Called after an upload, replacement or removal (the profile reloads). */
  onChanged: () => Promise<unknown> | undefined;
}) {
  const { w9, installerId } = props;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  // Cleared after each pick, so picking the same file again (after a refusal) is seen.
  const resetPicker = useRef<() => void>(null);

  const save = useMutation({
    mutationFn: ({ file, mode }: { file: File; mode: W9Mode }) =>
      saveW9(installerId, file, mode, (percent) => setProgress(percent)),
    onMutate: () => {
      setError(null);
      setProgress(0);
    },
    onSuccess: async (reply) => {
      notifications.show({ color: 'green', message: reply.message });
      await props.onChanged();
    },
    onError: (failure) => setError(describeW9Failure(failure, w9Messages.uploadFailed)),
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: () => removeW9(installerId),
    onMutate: () => setError(null),
    onSuccess: async (reply) => {
      setConfirming(false);
      notifications.show({ color: 'green', message: reply.message });
      await props.onChanged();
    },
    onError: (failure) => {
      setConfirming(false);
      setError(describeW9Failure(failure, w9Messages.removeFailed));
    },
  });

  function pick(file: File | null) {
    resetPicker.current?.();
    if (!file) return;
    const refusal = checkW9File(file);
    if (refusal) {
      setError(refusal);
      return;
    }
    save.mutate({ file, mode: w9 ? 'replace' : 'upload' });
  }

  const download = () =>
    openInNewWindow(
      async () => (await fetchW9Link(installerId)).url,
      (failure) => setError(describeW9Failure(failure, w9Messages.downloadFailed)),
    );

  return (
    <Stack gap="xs" component="section" aria-labelledby="w9-title" data-testid="w9-section">
      <Group gap="xs">
        <Title order={3} size="h5" id="w9-title">
          W-9
        </Title>
        <Badge color={w9 ? 'green' : 'red'} variant="light">
          {w9 ? 'On file' : 'Missing'}
        </Badge>
      </Group>
      <Text size="sm" data-testid="w9-status">
        {w9
          ? `${w9.file_name}, uploaded ${formatUploadDay(w9.uploaded_at)}${w9.uploaded_by ? ` by ${w9.uploaded_by}` : ''} (${formatFileSize(w9.size_bytes)})`
          : 'No W-9 on file. Dealerships that pay you by check or cash need it for their 1099s.'}
      </Text>
      {progress !== null && <Progress value={progress} animated aria-label={`Uploading W-9: ${progress}%`} />}
      <DismissibleError message={error} onDismiss={() => setError(null)} />
      <Group gap="xs">
        {w9 && (
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
            Download
          </Button>
        )}
        {!props.isReadOnly && (
          <FileButton
            onChange={pick}
            accept={W9_LIMITS.accept}
            resetRef={resetPicker}
            inputProps={{ 'aria-label': 'W-9 file' }}
          >
            {(button) => (
              <Button
                {...button}
                variant={w9 ? 'default' : 'filled'}
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={save.isPending}
              >
                {w9 ? 'Replace' : 'Upload W-9'}
              </Button>
            )}
          </FileButton>
        )}
        {w9 && !props.isReadOnly && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            Remove
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        PDF, JPEG or PNG, up to 10 MB.
      </Text>
      <Modal opened={isConfirming} onClose={() => setConfirming(false)} title="Remove W-9" size="sm">
        <Stack>
          <Text>{w9Messages.removeConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              Remove W-9
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
