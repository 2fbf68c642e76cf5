import type { TRevenuePoint } from '@app/contracts/financials.contract';
import type { UserType } from '@app/domain/identity/access';
import { Alert, Paper, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { formatShortDay } from './financial-range';
import { type FinancialsView, toRevenueQuery } from './financial-view';
import { fetchRevenue } from './financials-api';
import { financialsKeys } from './query-keys';
import { RevenueChart, type RevenuePoint } from './revenue-chart';

const periodNames = { day: 'day', week: 'week', month: 'month' } as const;

/** A bucket's label: 'Nov 5' for a day or the week starting then, 'Nov 2026' for a month. */
export function labelRevenuePoint(
  point: Pick<TRevenuePoint, 'period'>,
  bucket: keyof typeof periodNames,
): string {
  const day = formatShortDay(point.period);
  return bucket === 'month' ? `${day.slice(0, 3)} ${point.period.slice(0, 4)}` : day.slice(0, -6);
}

/** The revenue chart of the range on screen: earned (dealers: invoiced) and paid per day, week or month (GET /financials/revenue). */
export function RevenuePanel({ view, userType }: { view: FinancialsView; userType: UserType }) {
  const companyId = useActingCompanyId();
  const query = toRevenueQuery(view);
  const revenue = useQuery({
    queryKey: financialsKeys.revenue(companyId, query),
    queryFn: () => fetchRevenue(companyId, query),
  });
  if (revenue.isError) {
    return (
      <Alert color="red" role="alert">
        The revenue chart could not be loaded.
      </Alert>
    );
  }
  if (!revenue.data) {
    return (
      <Paper withBorder radius="md" p="md">
        <Skeleton height={190} aria-label="Loading the revenue chart" />
      </Paper>
    );
  }
  const bucket = revenue.data.bucket;
  // Installers follow what they earned; a dealership what it was invoiced.
  const isInstaller = userType === 'installer';
  const points: RevenuePoint[] = revenue.data.points.map((point) => ({
    label: labelRevenuePoint(point, bucket),
    values: [isInstaller ? point.earned_cents : point.invoiced_cents, point.paid_cents],
  }));
  return (
    <RevenueChart
      points={points}
      periodName={periodNames[bucket]}
      seriesNames={[isInstaller ? 'Earned' : 'Invoiced', 'Paid']}
    />
  );
}
