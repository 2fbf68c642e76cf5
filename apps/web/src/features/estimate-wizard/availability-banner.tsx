import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, buildPath } from '../../lib/api-client';
import { useActingCompanyId } from '../../lib/query-keys';
import { estimateWizardKeys } from './query-keys';

/** The scheduling module's answer, read loosely: only the banner's two fields. */
const ZAvailabilityBanner = z.object({ meetsDeadline: z.boolean(), warning: z.string().nullable() });

export function AvailabilityBanner(props: { installerId: number; dropOff: string; duration: number }) {
  const companyId = useActingCompanyId();
  const availability = useQuery({
    queryKey: estimateWizardKeys.availability(companyId, props.installerId, props.dropOff, props.duration),
    queryFn: () =>
      apiGet(
        buildPath('/availability/:installerId', { installerId: props.installerId }),
        ZAvailabilityBanner,
        {
          query: { duration: Math.max(1, props.duration), checkDate: props.dropOff },
          isQuiet: true,
        },
      ),
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
