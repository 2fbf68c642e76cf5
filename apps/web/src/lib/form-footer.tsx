import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type FormFooterProps = {
  /** The failure to show above the buttons (a server message), if any. */
  failure?: ReactNode;
  submitLabel: ReactNode;
  /** The save is running: the submit button spins and cancelling is held until it answers. */
  pending: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  submitDisabled?: boolean;
};

/** The end of a form in a modal: its failure as an alert, then Cancel and the submit button on the right. */
export function FormFooter({
  failure,
  submitLabel,
  pending,
  onCancel,
  cancelLabel = 'Cancel',
  submitDisabled,
}: FormFooterProps) {
  return (
    <>
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={pending} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
