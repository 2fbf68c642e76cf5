import { actionBodySchemas } from '@app/contracts/lifecycle.contract';
import { removeDepositConfirmation } from '@app/domain/invoicing/deposit';
import { centsToDollars, formatMoney } from '@app/domain/shared/money';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiHttpError } from '../../lib/api-client';
import {
  centsToDollarText,
  DEPOSIT_POPUP_TITLE,
  decideDepositRemoval,
  decideDepositSave,
  depositBeforeBookingNote,
  depositSaveErrorMessage,
  describeDepositShare,
  isDepositKeystrokeAccepted,
} from './deposit-rules';
import { saveDepositAmount } from './payments-api';

type DepositModalProps = {
  opened: boolean;
  onClose: () => void;
  requestId: number;
  currentDepositCents: number;
  jobTotalCents: number;
  depositInvoiceCount: number;
  /** False once deposit invoices exist: the field is disabled. */
  isEditable: boolean;
  lockedReason: string | null;
  onDone: () => Promise<void>;
};

type DepositFields = { depositAmount: string | number };
type DepositFacts = { currentDepositCents: number; jobTotalCents: number; depositInvoiceCount: number };

/**
 * The contract's rules for the setDeposit action (POST /requestimates/{id}/actions/setDeposit), and the
 * deposit rules the server applies again: an amount, at least 0, at most the job total. The message shows
 * above the buttons (`depositAmount`); a refused removal is the form's own error (`removal`).
 */
function depositResolver(facts: DepositFacts) {
  return schemaResolver(
    actionBodySchemas.setDeposit.superRefine((v, ctx) => {
      const decision = decideDepositSave({ value: v.depositAmount, ...facts });
      if (!decision.ok) ctx.addIssue({ code: 'custom', path: ['depositAmount'], message: decision.message });
    }),
    { sync: true },
  );
}

/** The server's reason for a refusal (4xx); nothing for other failures. */
function describeFailure(error: unknown): string | null {
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return null;
}

/**
 * 'Set deposit amount' (000 §2, §5, §8): numeric, step 0.01, at least 0, never above the job total (a larger
 * amount is not taken by the field), disabled once deposit invoices exist; removal is asked first and
 * refused once invoiced; a positive amount shows as a share of the job.
 */
export function DepositModal({
  opened,
  onClose,
  requestId,
  currentDepositCents,
  jobTotalCents,
  depositInvoiceCount,
  isEditable,
  lockedReason,
  onDone,
}: DepositModalProps) {
  const facts = { currentDepositCents, jobTotalCents, depositInvoiceCount };
  const form = useForm<DepositFields>({
    initialValues: { depositAmount: '' },
    validate: depositResolver(facts),
  });
  const [isConfirmingRemoval, removal] = useDisclosure(false);
  const { setValues, clearErrors } = form;
  const closeRemoval = removal.close;

  useEffect(() => {
    if (!opened) return;
    setValues({ depositAmount: currentDepositCents > 0 ? centsToDollarText(currentDepositCents) : '' });
    clearErrors();
    closeRemoval();
  }, [opened, currentDepositCents, setValues, clearErrors, closeRemoval]);

  const save = useMutation({
    mutationFn: (dollars: string) => saveDepositAmount(requestId, dollars),
    onSuccess: async (reply, dollars) => {
      notifications.show({
        color: 'green',
        message: Number(dollars) === 0 ? 'Deposit removed.' : reply.message,
      });
      onClose();
      await onDone();
    },
  });

  const typedCents = decideDepositSave({ value: form.values.depositAmount, ...facts });
  const share = typedCents.ok ? describeDepositShare(typedCents.depositCents, jobTotalCents) : null;
  const failure = save.isError ? describeFailure(save.error) : null;

  const problem = form.errors.depositAmount ?? form.errors.removal ?? null;

  const submit = form.onSubmit(() => {
    // The resolver has accepted the amount: send it as the server's dollars text ('240.75').
    if (typedCents.ok) save.mutate(typedCents.dollars);
  });

  const askRemoval = () => {
    form.clearErrors();
    save.reset();
    const refusal = decideDepositRemoval(depositInvoiceCount);
    if (!refusal.ok) {
      form.setFieldError('removal', refusal.message);
      return;
    }
    removal.open();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={DEPOSIT_POPUP_TITLE} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Job total <strong>{formatMoney(jobTotalCents)}</strong>
          </Text>
          <NumberInput
            label="Deposit amount"
            description={
              isEditable ? `Up to ${formatMoney(jobTotalCents)}. ${depositBeforeBookingNote}` : null
            }
            prefix="$"
            min={0}
            max={centsToDollars(jobTotalCents)}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            inputMode="decimal"
            value={form.values.depositAmount}
            onChange={(next) => form.setFieldValue('depositAmount', next)}
            isAllowed={({ value: typed }) => isDepositKeystrokeAccepted(typed, jobTotalCents)}
            disabled={!isEditable || save.isPending}
            data-autofocus
          />
          <Text size="sm" c="dimmed" data-testid="deposit-share" mih={20}>
            {share ?? ''}
          </Text>
          {!isEditable && lockedReason && (
            <Alert color="gray" role="note" icon={<IconLock size={16} aria-hidden />}>
              {lockedReason}
            </Alert>
          )}
          {problem && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={16} aria-hidden />}>
              {problem}
            </Alert>
          )}
          {save.isError && (
            <Alert
              color="red"
              role="alert"
              title={depositSaveErrorMessage}
              icon={<IconAlertTriangle size={16} aria-hidden />}
            >
              {failure}
            </Alert>
          )}
          {isConfirmingRemoval ? (
            <Alert color="orange" title={removeDepositConfirmation} role="alertdialog">
              <Group justify="flex-end" gap="xs" mt="xs">
                <Button variant="default" size="xs" onClick={removal.close}>
                  Keep deposit
                </Button>
                <Button color="red" size="xs" loading={save.isPending} onClick={() => save.mutate('0')}>
                  Remove deposit
                </Button>
              </Group>
            </Alert>
          ) : (
            <Group justify="space-between" gap="xs" wrap="wrap-reverse">
              {currentDepositCents > 0 ? (
                <Button variant="subtle" color="red" onClick={askRemoval} disabled={save.isPending}>
                  Remove deposit
                </Button>
              ) : (
                <span />
              )}
              <Group gap="xs" ml="auto">
                <Button variant="default" onClick={onClose}>
                  {isEditable ? 'Cancel' : 'Close'}
                </Button>
                {isEditable && (
                  <Button type="submit" loading={save.isPending}>
                    Save
                  </Button>
                )}
              </Group>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
