import { contractMessages } from '@app/contracts/customer-contracts.contract';
import { Alert, Button, Group, Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiHttpError } from '../../lib/api-client';
import { useActingCompanyId } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { serviceRequestKeys } from '../service-requests/query-keys';
import { fetchContractLink, fetchContractSummary, fetchDealerCustomers } from './contract-api';
import { ContractSummary } from './contract-summary';
import { CustomerStep } from './customer-step';
import { contractKeys } from './query-keys';
import { type SignedOutcome, SigningPanel } from './signing-panel';

/** The guard refusals that send the dealer back to the requests (M51–M54), by the server's answer. */
function guardMessage(error: unknown): string | null {
  if (!(error instanceof ApiHttpError)) return null;
  if (error.status === 404) return contractMessages.notFound;
  if (error.status === 409) return error.userMessage ?? error.message;
  return null;
}

/** The customer contract, R23 and P28 (issue 16; docs/decisions/019). */
export function ContractPage() {
  const { requestId: raw } = useParams();
  const requestId = Number(raw);
  const isValidId = Number.isInteger(requestId) && requestId > 0;
  useDocumentTitle(isValidId ? `Customer Contract #${requestId}` : 'Customer Contract');
  const companyId = useActingCompanyId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [done, setDone] = useState<SignedOutcome | null>(null);
  const redirected = useRef(false);

  const summary = useQuery({
    queryKey: contractKeys.summary(companyId, requestId),
    queryFn: () => fetchContractSummary(requestId),
    enabled: isValidId,
    retry: (count, error) => guardMessage(error) === null && count < 2,
  });
  const customers = useQuery({
    queryKey: contractKeys.customers(companyId),
    queryFn: fetchDealerCustomers,
    enabled: isValidId && summary.isSuccess,
  });

  const refusal = !isValidId ? contractMessages.invalidRequest : guardMessage(summary.error);
  useEffect(() => {
    if (!refusal || redirected.current) return;
    redirected.current = true;
    notifications.show({ color: 'red', message: refusal });
    navigate('/requestimates', { replace: true });
  }, [refusal, navigate]);

  // The request's customer (or the one of a contract in progress) is chosen to start with.
  useEffect(() => {
    const data = summary.data;
    if (data && customerId === null) {
      const initial = data.contract?.customerId ?? data.customer?.id ?? null;
      if (initial !== null) setCustomerId(initial);
      if (data.contract?.status === 'downloaded' && initial !== null) setStep(1);
    }
  }, [summary.data, customerId]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/requestimates', { replace: true }), done.redirectAfterMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (refusal) return null;
  if (summary.isPending) {
    return (
      <Group p="md">
        <Loader size="sm" aria-label="Loading contract" />
        <Text>Loading the contract…</Text>
      </Group>
    );
  }
  if (summary.isError) {
    return (
      <Stack p="md" maw={640}>
        <Alert color="red" role="alert">
          {contractMessages.loadFailed}
        </Alert>
        <Group>
          <Button onClick={() => summary.refetch()}>Try Again</Button>
        </Group>
      </Stack>
    );
  }
  const data = summary.data;
  const fromList = customers.data?.find((c) => c.customer_id === customerId);
  const chosen = fromList
    ? {
        id: fromList.customer_id,
        name: fromList.customer_name,
        email: fromList.customer_Email_Address,
        phone: fromList.customer_phone_number,
        address: fromList.customer_address,
      }
    : data.customer && data.customer.id === customerId
      ? data.customer
      : null;
  const onDone = (outcome: SignedOutcome) => {
    setDone(outcome);
    notifications.show({ color: 'green', message: outcome.message });
    void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.all });
    void queryClient.invalidateQueries({ queryKey: contractKeys.all });
  };
  const openDocument = async () => {
    try {
      window.open(await fetchContractLink(requestId), '_blank', 'noopener');
    } catch {
      notifications.show({ color: 'red', message: contractMessages.accessError });
    }
  };

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} maw={960} mx="auto">
      <Title order={1} size="h2">
        Customer Contract #{data.requestId}
      </Title>
      {done && (
        <Alert color="green" role="status">
          {done.message}
        </Alert>
      )}
      {data.contract?.status === 'signed' && !done ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs" align="flex-start">
            <Text>
              This contract was signed{' '}
              {data.contract.signatureMethod === 'electronic' ? 'electronically' : 'by hand'} on{' '}
              {data.contract.signedAt} (UTC).
            </Text>
            <Button variant="light" onClick={openDocument}>
              CUSTOMER CONTRACT
            </Button>
          </Stack>
        </Paper>
      ) : (
        !done && (
          <>
            <Stepper active={step} size="xs" allowNextStepsSelect={false}>
              <Stepper.Step label="Customer" />
              <Stepper.Step label="Contract" />
            </Stepper>
            <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
              {step === 0 ? (
                <CustomerStep
                  customers={customers.data}
                  isLoading={customers.isPending}
                  isError={customers.isError}
                  selectedId={customerId}
                  onSelect={setCustomerId}
                  onCreated={(id) => {
                    setCustomerId(id);
                    void customers.refetch();
                  }}
                />
              ) : chosen ? (
                <Stack gap="md">
                  <ContractSummary summary={data} customer={chosen} />
                  <SigningPanel
                    summary={data}
                    customer={chosen}
                    onDone={onDone}
                    onDownloaded={() => void queryClient.invalidateQueries({ queryKey: contractKeys.all })}
                  />
                </Stack>
              ) : (
                <Loader size="sm" aria-label="Loading customer" />
              )}
            </Paper>
            <Group justify="space-between">
              <Button
                variant="default"
                onClick={() => (step === 0 ? navigate('/requestimates') : setStep(0))}
              >
                {step === 0 ? 'Cancel' : 'Previous'}
              </Button>
              {step === 0 && (
                <Button onClick={() => setStep(1)} disabled={customerId === null || !chosen}>
                  Next
                </Button>
              )}
            </Group>
          </>
        )
      )}
    </Stack>
  );
}
