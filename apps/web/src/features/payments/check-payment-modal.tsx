import { type TInvoice, ZCheckPaymentBody } from '@app/contracts/payments.contract';
import { formatMoney } from '@app/domain/shared/money';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { ApiHttpError } from '../../lib/api-client';
import { FormFooter } from '../../lib/form-footer';
import { recordCheckPayment, settleInvoice } from './payments-api';

type CheckPaymentModalProps = {
  opened: boolean;
  onClose: () => void;
  requestId: number;
  invoice: TInvoice;
  /** The invoice's payment row; without it the invoice itself is settled by check or cash. */
  paymentId: number | null;
  onDone: () => Promise<void>;
};

/** The check number as PUT /installerPaymentCheck and PUT /invoices/settle take it. */
const checkResolver = schemaResolver(ZCheckPaymentBody.pick({ checkNumber: true }).required(), {
  sync: true,
});

/** Check/Cash: the check number is optional (none: cash). */
export function CheckPaymentModal({
  opened,
  onClose,
  requestId,
  invoice,
  paymentId,
  onDone,
}: CheckPaymentModalProps) {
  const form = useForm({ initialValues: { checkNumber: '' }, validate: checkResolver });
  const checkNumber = form.values.checkNumber;
  const record = useMutation({
    mutationFn: async (values: { checkNumber: string }) => {
      const trimmed = values.checkNumber.trim();
      if (paymentId !== null) return (await recordCheckPayment(requestId, paymentId, trimmed)).message;
      const reply = await settleInvoice(invoice.id, {
        method: trimmed ? 'check' : 'cash',
        ...(trimmed ? { checkNumber: trimmed } : {}),
      });
      return reply.message;
    },
    onSuccess: async (message) => {
      notifications.show({ color: 'green', message });
      form.reset();
      onClose();
      await onDone();
    },
  });
  const failure =
    record.error instanceof ApiHttpError && record.error.isClientError
      ? (record.error.userMessage ?? record.error.message)
      : record.error
        ? 'Failed to settle invoice'
        : null;

  return (
    <Modal opened={opened} onClose={onClose} title="Check or cash payment" centered>
      <form onSubmit={form.onSubmit((values) => record.mutate(values))}>
        <Stack gap="sm">
          <Text size="sm">
            Record {formatMoney(invoice.amount_remaining)} received for invoice{' '}
            {invoice.customer_facing_number ?? invoice.number}.
          </Text>
          <TextInput
            label="Check number"
            description="Leave empty for cash"
            {...form.getInputProps('checkNumber')}
            maxLength={50}
            data-autofocus
          />
          <FormFooter
            failure={failure}
            pending={record.isPending}
            onCancel={onClose}
            submitLabel={checkNumber.trim() ? 'Record check' : 'Record cash'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
