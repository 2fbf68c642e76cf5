import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Confirmation } from './confirmations';

type ConfirmActionModalProps = {
  confirmation: Confirmation;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/** Asks before an action that cannot be taken back (COMPLETE JOB, RESCHEDULE, DELIVER), saying what it does. */
export function ConfirmActionModal({
  confirmation,
  isSubmitting,
  onClose,
  onConfirm,
}: ConfirmActionModalProps) {
  return (
    <Modal opened onClose={onClose} title={confirmation.title} centered>
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {confirmation.message}
        </Text>
        {confirmation.details && (
          <Text size="sm" c="dimmed">
            {confirmation.details}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button loading={isSubmitting} onClick={onConfirm} data-autofocus>
            {confirmation.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
