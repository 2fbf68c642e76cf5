import { contractMessages, type TContractSummary } from '@app/contracts/customer-contracts.contract';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiHttpError } from '../../lib/api-client';
import { type UploadInput, uploadContract } from './contract-api';
import { SignatureModal } from './signature-modal';

export type SignedOutcome = { message: string; redirectAfterMs: number };

/** Today as YYYY-MM-DD in the browser's zone (rule 133: the signing date defaults to today). */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The server's message for a refused input (4xx), else the screen's own (M56–M58). */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiHttpError && error.isClientError && error.status !== 404
    ? (error.userMessage ?? error.message)
    : fallback;
}

/**
 * Signing (002 §2.15): electronically on the canvas, or manually: the PDF is built and stored on the server and
 * downloaded (CONTRACT_DOWNLOADED), then the signing date (default today) is confirmed (CONTRACT_SIGNED_MANUAL).
 */
export function SigningPanel(props: {
  summary: TContractSummary;
  customer: { id: number; email: string | null };
  onDone: (outcome: SignedOutcome) => void;
  onDownloaded: () => void;
}) {
  const { summary, customer } = props;
  const base: Omit<UploadInput, 'signatureMethod'> = {
    requestId: summary.requestId,
    customerId: customer.id,
    dealerEmail: summary.dealer.email,
    customerEmail: customer.email,
  };
  const [isSignatureOpen, setSignatureOpen] = useState(false);
  const [signedDate, setSignedDate] = useState(todayIso());
  const downloaded = summary.contract?.status === 'downloaded';

  const electronic = useMutation({
    mutationFn: (image: Blob) => uploadContract({ ...base, signatureMethod: 'electronic', signature: image }),
    onSuccess: () => {
      setSignatureOpen(false);
      props.onDone({ message: contractMessages.signedElectronic, redirectAfterMs: 1500 });
    },
  });
  const download = useMutation({
    mutationFn: () => uploadContract({ ...base, signatureMethod: 'manual' }),
    onSuccess: (reply) => {
      const link = document.createElement('a');
      link.href = reply.signedUrl;
      link.download = `contract-request-${summary.requestId}.pdf`;
      link.rel = 'noopener';
      link.target = '_blank';
      document.body.append(link);
      link.click();
      link.remove();
      props.onDownloaded();
    },
  });
  const confirm = useMutation({
    mutationFn: () => uploadContract({ ...base, signatureMethod: 'manual', signedDate }),
    onSuccess: () => props.onDone({ message: contractMessages.signedManual, redirectAfterMs: 500 }),
  });
  const isBusy = electronic.isPending || download.isPending || confirm.isPending;

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md">
        <Title order={3} size="h5">
          Sign electronically
        </Title>
        <Text size="sm" mb="xs">
          The customer signs on this device; the signed PDF is e-mailed to the dealer, the customer and the
          specialist.
        </Text>
        <Button onClick={() => setSignatureOpen(true)} disabled={isBusy}>
          SIGN ELECTRONICALLY
        </Button>
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Title order={3} size="h5">
          Sign by hand
        </Title>
        <Text size="sm" mb="xs">
          Download the contract, have the customer sign the printout, then confirm the signing date.
        </Text>
        <Group align="flex-end" gap="sm">
          <Button
            variant="light"
            onClick={() => download.mutate()}
            loading={download.isPending}
            disabled={isBusy}
            h="auto"
            mih={36}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
            DOWNLOAD FOR MANUAL SIGNATURE
          </Button>
        </Group>
        {download.isSuccess && (
          <Alert color="green" mt="xs" role="status">
            {contractMessages.downloaded}
          </Alert>
        )}
        {download.isError && (
          <Alert color="red" mt="xs" role="alert">
            {failureText(download.error, contractMessages.printFailed)}
          </Alert>
        )}
        {(downloaded || download.isSuccess) && (
          <Group align="flex-end" gap="sm" mt="sm">
            <TextInput
              type="date"
              label="Signing date"
              value={signedDate}
              max={todayIso()}
              onChange={(e) => setSignedDate(e.currentTarget.value)}
              w={200}
            />
            <Button
              onClick={() => confirm.mutate()}
              loading={confirm.isPending}
              disabled={isBusy || !signedDate}
            >
              CONFIRM MANUAL SIGNATURE
            </Button>
          </Group>
        )}
        {confirm.isError && (
          <Alert color="red" mt="xs" role="alert">
            {failureText(confirm.error, contractMessages.manualFailed)}
          </Alert>
        )}
      </Paper>
      <SignatureModal
        opened={isSignatureOpen}
        isSaving={electronic.isPending}
        error={electronic.isError ? failureText(electronic.error, contractMessages.electronicFailed) : null}
        onClose={() => {
          setSignatureOpen(false);
          electronic.reset();
        }}
        onSign={(image) => electronic.mutate(image)}
      />
    </Stack>
  );
}
