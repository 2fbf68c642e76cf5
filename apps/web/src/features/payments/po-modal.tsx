import type { TSessionUser } from '@app/contracts/auth.contract';
import { paymentMessages, type TInvoice } from '@app/contracts/payments.contract';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiHttpError } from '../../lib/api-client';
import { saveInvoiceMeta } from './payments-api';

export const DEALER_PO_TITLE = 'Enter the PO #';
export const INSTALLER_PO_TITLE = 'Enter the PO and/or check # and close out invoice';

type PoModalProps = {
  opened: boolean;
  onClose: () => void;
  invoice: TInvoice;
  userType: TSessionUser['userType'];
  onDone: () => Promise<void>;
};

/** PO popup (000 §2, §5): dealers must give a PO; installers a PO and/or a check number (closes it out). */
export function PoModal({ opened, onClose, invoice, userType, onDone }: PoModalProps) {
  const isDealer = userType === 'dealer';
  const savedPo = invoice.metadata.PO ?? '';
  const [po, setPo] = useState(savedPo);
  const [checkNumber, setCheckNumber] = useState('');
  const [validation, setValidation] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => {
      const body: { PO?: string; checkNumber?: string } = {};
      if (po.trim() !== savedPo) body.PO = po.trim();
      if (!isDealer && checkNumber.trim()) body.checkNumber = checkNumber.trim();
      return saveInvoiceMeta(invoice.id, body);
    },
    onSuccess: async () => {
      notifications.show({ color: 'green', message: isDealer ? 'PO saved' : 'Invoice updated' });
      onClose();
      await onDone();
    },
  });

  const submit = () => {
    setValidation(null);
    const poChanged = po.trim() !== savedPo;
    if (isDealer && !po.trim()) {
      setValidation(paymentMessages.poRequired);
      return;
    }
    if (!isDealer && !po.trim() && !checkNumber.trim()) {
      setValidation('Enter a PO or a check number');
      return;
    }
    // The PO is saved only if it changed (000 §5).
    if (!poChanged && (isDealer || !checkNumber.trim())) {
      onClose();
      return;
    }
    save.mutate();
  };

  const failure =
    save.error instanceof ApiHttpError && save.error.isClientError
      ? (save.error.userMessage ?? save.error.message)
      : save.error
        ? 'The invoice could not be updated. Please try again.'
        : null;

  return (
    <Modal opened={opened} onClose={onClose} title={isDealer ? DEALER_PO_TITLE : INSTALLER_PO_TITLE} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="PO #"
            value={po}
            maxLength={100}
            withAsterisk={isDealer}
            error={validation === paymentMessages.poRequired ? validation : undefined}
            onChange={(event) => setPo(event.currentTarget.value)}
            data-autofocus
          />
          {!isDealer && (
            <TextInput
              label="Check #"
              description="A check number closes out the invoice as paid"
              value={checkNumber}
              maxLength={50}
              onChange={(event) => setCheckNumber(event.currentTarget.value)}
            />
          )}
          {validation && validation !== paymentMessages.poRequired && (
            <Alert color="red" role="alert">
              {validation}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {isDealer ? 'Save PO' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
