import type { TSessionUser } from '@app/contracts/auth.contract';
import { paymentMessages, type TInvoice, ZInvoiceMetaBody } from '@app/contracts/payments.contract';
import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { ApiHttpError } from '../../lib/api-client';
import { FormFooter } from '../../lib/form-footer';
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

type PoFields = { PO: string; checkNumber: string };

/**
 * The contract's rules for PUT /invoices/meta/{id}, and the popup's: a dealer must give a PO, an installer a
 * PO or a check number. The second message is the form's own (`either`), shown under the fields.
 */
function poResolver(isDealer: boolean) {
  return schemaResolver(
    ZInvoiceMetaBody.pick({ PO: true, checkNumber: true })
      .required()
      .superRefine((v, ctx) => {
        if (isDealer && !v.PO)
          ctx.addIssue({ code: 'custom', path: ['PO'], message: paymentMessages.poRequired });
        else if (!isDealer && !v.PO && !v.checkNumber)
          ctx.addIssue({ code: 'custom', path: ['either'], message: 'Enter a PO or a check number' });
      }),
    { sync: true },
  );
}
const dealerPoResolver = poResolver(true);
const installerPoResolver = poResolver(false);

/** PO popup (000 §2, §5): dealers must give a PO; installers a PO and/or a check number (closes it out). */
export function PoModal({ opened, onClose, invoice, userType, onDone }: PoModalProps) {
  const isDealer = userType === 'dealer';
  const savedPo = invoice.metadata.PO ?? '';
  const form = useForm<PoFields>({
    initialValues: { PO: savedPo, checkNumber: '' },
    validate: isDealer ? dealerPoResolver : installerPoResolver,
  });

  const save = useMutation({
    mutationFn: ({ PO: po, checkNumber }: PoFields) => {
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

  const submit = form.onSubmit((values) => {
    const poChanged = values.PO.trim() !== savedPo;
    // The PO is saved only if it changed (000 §5).
    if (!poChanged && (isDealer || !values.checkNumber.trim())) {
      onClose();
      return;
    }
    save.mutate(values);
  });

  const failure =
    save.error instanceof ApiHttpError && save.error.isClientError
      ? (save.error.userMessage ?? save.error.message)
      : save.error
        ? 'The invoice could not be updated. Please try again.'
        : null;

  return (
    <Modal opened={opened} onClose={onClose} title={isDealer ? DEALER_PO_TITLE : INSTALLER_PO_TITLE} centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="PO #"
            {...form.getInputProps('PO')}
            maxLength={100}
            withAsterisk={isDealer}
            data-autofocus
          />
          {!isDealer && (
            <TextInput
              label="Check #"
              description="A check number closes out the invoice as paid"
              {...form.getInputProps('checkNumber')}
              maxLength={50}
            />
          )}
          {form.errors.either && (
            <Alert color="red" role="alert">
              {form.errors.either}
            </Alert>
          )}
          <FormFooter
            failure={failure}
            pending={save.isPending}
            onCancel={onClose}
            submitLabel={isDealer ? 'Save PO' : 'Save'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
