import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { serviceRequestKeys } from '../service-requests/query-keys';
import { PreviousJobsTable } from './previous-jobs';
import { fetchRequestList } from './request-wizard.api';

const PREVIOUS_JOBS_LIMIT = 50;

/** Step 99 (001 §2.2): the dealer's previous requests; loading one fills the Work step with its services. */
export function DealerPreviousJobsStep(props: { onPick: (requestId: number) => Promise<void> }) {
  const companyId = useActingCompanyId();
  const list = useQuery({
    queryKey: serviceRequestKeys.previousJobs(companyId, PREVIOUS_JOBS_LIMIT),
    queryFn: () => fetchRequestList(PREVIOUS_JOBS_LIMIT),
  });
  const rows = list.data?.items
    .slice()
    .sort((a, b) => b.availableDate.localeCompare(a.availableDate))
    .map((r) => ({
      requestId: r.requestId,
      availableDate: r.availableDate,
      vehicle: [r.vehicleYear, r.vehicleMake, r.vehicleModel].filter((p) => p !== null).join(' '),
      serviceRequested: r.serviceRequested,
      total: r.requestTotal,
      state: r.currentState,
    }));
  return (
    <Stack>
      <Title order={4}>Services from a previous job</Title>
      <PreviousJobsTable
        rows={rows}
        isPending={list.isPending}
        isError={list.isError}
        caption="Select the job to load the services"
        onPick={props.onPick}
      />
    </Stack>
  );
}
