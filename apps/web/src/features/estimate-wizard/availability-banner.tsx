import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { fetchAvailability } from './estimate-wizard.api';
import { estimateWizardKeys } from './query-keys';

export function AvailabilityBanner(props: { installerId: number; dropOff: string; duration: number }) {
  const companyId = useActingCompanyId();
  const availability = useQuery({
    queryKey: estimateWizardKeys.availability(companyId, props.installerId, props.dropOff, props.duration),
    queryFn: () => fetchAvailability(props.installerId, props.dropOff, props.duration),
  });
  // A failed fetch leaves the banner empty (001 §8).
  if (!availability.data) return null;
  const { meetsDeadline, warning } = availability.data;
  return meetsDeadline && !warning ? (
    <Alert color="green" data-testid="availability-banner">
      Available from the drop-off date.
    </Alert>
  ) : (
    <Alert color="yellow" data-testid="availability-banner">
      {warning ?? 'May need to work over normal capacity'}
    </Alert>
  );
}
