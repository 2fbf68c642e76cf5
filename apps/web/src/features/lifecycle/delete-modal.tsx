import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

export const DELETE_INVOICE_WARNING =
  'This job is finished and has an invoice. Deleting it also voids or deletes the invoice and removes its payments, calendar entries and appointments.';

type DeleteModalProps = {
  opened: boolean;
  requestId: number;
  /** A finished job with an invoice gets the extra warning (000 §5). */
  needsInvoiceWarning: boolean;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

export function DeleteModal(props: DeleteModalProps) {
  const { opened, requestId, needsInvoiceWarning, isSubmitting, onClose, onConfirm } = props;
  return (
    <Modal opened={opened} onClose={onClose} title="Delete this request?" centered>
      <Stack gap="sm">
        <Text size="sm">Request #{requestId} will be deleted. This cannot be undone.</Text>
        {needsInvoiceWarning && (
          <Alert color="red" variant="light" role="alert" title="This job has an invoice">
            {DELETE_INVOICE_WARNING}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={isSubmitting} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
