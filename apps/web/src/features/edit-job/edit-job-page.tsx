import { editJobMessages, type TEditJobContext } from '@app/contracts/edit-job.contract';
import { Alert, Button, CloseButton, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiHttpError } from '../../lib/api-client';
import { useActingCompanyId } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { dropPendingCustom } from '../request-wizard/service-lines';
import { useServiceSelection } from '../request-wizard/use-service-selection';
import type { WizardVehicle } from '../request-wizard/wizard-rules';
import { WorkStep } from '../request-wizard/work-step';
import { serviceRequestKeys } from '../service-requests/query-keys';
import { RunningTotal } from '../wizard-pricing/running-total';
import { useRunningQuote } from '../wizard-pricing/use-running-quote';
import { fetchEditContext, updateJob } from './edit-job-api';
import { linesFromSelection, selectionFromLines } from './edit-job-lines';
import { editJobKeys } from './query-keys';

/** The server's message for a refusal (M66 lists the pricing errors), M238 otherwise. */
function failureText(error: unknown): string {
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return editJobMessages.failed;
}

function isConflict(error: unknown): boolean {
  return (
    error instanceof ApiHttpError &&
    error.status === 409 &&
    error.message === editJobMessages.changedSinceOpened
  );
}

function vehicleOf(ctx: TEditJobContext): WizardVehicle {
  const r = ctx.request;
  return {
    vin: r.vin,
    year: r.vehicleYear ?? 0,
    make: r.vehicleMake ?? '',
    model: r.vehicleModel ?? '',
    trim: r.vehicleTrim,
    makeId: null,
    modelId: null,
    trimId: ctx.trimId,
    size: ctx.size,
    bodyStyle: null,
  };
}

function describeVehicle(ctx: TEditJobContext): string {
  const r = ctx.request;
  const name = [r.vehicleYear, r.vehicleMake, r.vehicleModel, r.vehicleTrim].filter(Boolean).join(' ');
  const vin = r.vin && !r.vin.startsWith('NV') ? ` · VIN ${r.vin}` : '';
  return `${name || 'Vehicle not given'}${vin}`;
}

/** The editor once the job is loaded: the wizards' Work step over the job's lines, the running total, UPDATE and CANCEL. */
function EditJobForm({ ctx, onReload }: { ctx: TEditJobContext; onReload: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selection = useServiceSelection(ctx.pricingMode);
  const lineIds = useRef(new Map<number, number>());
  const loadedVersion = useRef<number | null>(null);
  const [category, setCategory] = useState(ctx.services[0]?.service_category ?? 'Paint');

  // The job's lines become the selection when the job is (re)loaded; edits in progress stay otherwise.
  useEffect(() => {
    if (loadedVersion.current === ctx.version) return;
    loadedVersion.current = ctx.version;
    const loaded = selectionFromLines(ctx);
    lineIds.current = loaded.lineIds;
    selection.replace(loaded.services);
  }, [ctx, selection]);

  const quote = useRunningQuote(selection.services, {
    requestType: ctx.request.requestType,
    taxInstallerId: ctx.request.requestType === 'installer' ? ctx.catalogInstallerId : null,
  });
  const save = useMutation({
    mutationFn: () =>
      updateJob(ctx.requestId, {
        version: ctx.version,
        services: linesFromSelection(dropPendingCustom(selection.services), lineIds.current, ctx.pricingMode),
      }),
    onSuccess: async (reply) => {
      notifications.show({ color: 'green', message: editJobMessages.updated });
      await queryClient.invalidateQueries({ queryKey: serviceRequestKeys.all });
      await queryClient.invalidateQueries({ queryKey: editJobKeys.all });
      navigate(reply.redirectTo);
    },
  });
  const hasServices = selection.services.length > 0;
  const leave = () => navigate(ctx.returnTo);
  const dealerSource = ctx.pricingMode === 'dealer' && ctx.dealerId !== null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Title order={1} size="h3">
            {ctx.title}
          </Title>
          <Text c="dimmed" size="sm">
            Job #{ctx.requestId} · {describeVehicle(ctx)}
          </Text>
        </Stack>
        <CloseButton size="lg" aria-label="Close" onClick={leave} />
      </Group>
      {!ctx.editable && (
        <Alert color="yellow" role="status" title={editJobMessages.notEditable}>
          {ctx.notEditableReason}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <WorkStep
          categoriesInstallerId={ctx.catalogInstallerId}
          servicesSource={(c) => ({
            installerId: ctx.catalogInstallerId,
            size: ctx.size,
            catalog: ctx.catalog,
            category: c,
            ...(dealerSource ? { dealerId: String(ctx.dealerId) } : {}),
            trimId: String(ctx.trimId ?? 0),
          })}
          selection={selection}
          vehicle={vehicleOf(ctx)}
          category={category}
          onCategory={setCategory}
        />
      </Paper>
      <RunningTotal
        quote={quote}
        payerLabel={
          ctx.pricingMode === 'dealer'
            ? 'You pay'
            : ctx.request.requestType === 'dealer'
              ? 'Dealer pays'
              : 'Customer pays'
        }
        withMarginView={ctx.pricingMode === 'dealer'}
      />
      {!hasServices && (
        <Text c="red.8" size="sm" role="status">
          {editJobMessages.noServices}
        </Text>
      )}
      {save.isError && (
        <Alert
          color="red"
          role="alert"
          title={isConflict(save.error) ? 'Changed since you opened it' : undefined}
        >
          <Stack gap="xs">
            <Text size="sm">{failureText(save.error)}</Text>
            {isConflict(save.error) && (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={async () => {
                    save.reset();
                    await onReload();
                  }}
                >
                  Reload job
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={leave} disabled={save.isPending}>
          CANCEL
        </Button>
        <Button
          onClick={() => save.mutate()}
          disabled={!hasServices || !ctx.editable || save.isPending}
          aria-busy={save.isPending}
        >
          {save.isPending ? 'UPDATING...' : 'UPDATE'}
        </Button>
      </Group>
    </Stack>
  );
}

/** Edit job, R22 (002 §2.14): change the services, prices and discounts of a job in one save (row 158). */
export function EditJobPage() {
  const { requestId: raw } = useParams();
  const requestId = Number(raw);
  const isValidId = Number.isInteger(requestId) && requestId > 0;
  const companyId = useActingCompanyId();
  const context = useQuery({
    queryKey: editJobKeys.context(companyId, requestId),
    queryFn: () => fetchEditContext(requestId),
    enabled: isValidId,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useDocumentTitle(isValidId ? `Edit Job #${requestId}` : 'Edit Job');

  if (!isValidId || context.isError) {
    return (
      <Stack gap="sm">
        <Title order={1} size="h3">
          {isValidId ? `Edit Job #${requestId}` : 'Edit Job'}
        </Title>
        <Alert color="red" role="alert">
          {isValidId ? failureText(context.error) : `There is no job ${raw ?? ''} to edit.`}
        </Alert>
        {isValidId && (
          <Group>
            <Button variant="light" onClick={() => context.refetch()}>
              Try Again
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  if (!context.data) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading the job">
        <Skeleton height={36} width="60%" />
        <Skeleton height={260} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  return <EditJobForm ctx={context.data} onReload={() => context.refetch()} />;
}
