import { Alert } from '@mantine/core';

/** A red, dismissible alert for a failed action's message; nothing while there is none. */
export function DismissibleError({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      {message}
    </Alert>
  );
}
