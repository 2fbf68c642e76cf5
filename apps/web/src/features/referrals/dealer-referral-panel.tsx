import type { TReferral } from '@app/contracts/referrals.contract';
import { Alert, Badge, Group, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { formatDollars } from '../../lib/money';
import { usePageView } from '../service-requests/hooks/use-page-view';
import { Fact, PanelFrame } from './panel-frame';
import {
  describeDaysRemaining,
  describeReferralProgress,
  describeReferralStatus,
  formatReferralDate,
  formatReferralVehicle,
} from './referral-texts';

/** The dealer's view of one referral: where it is, the bonus it earns, its history (001 §2.5). */
export function DealerReferralPanel({ referral, onClose }: { referral: TReferral; onClose: () => void }) {
  // The analytics label of this view (catalogue R10, placement implied): one view per referral opened.
  usePageView('dealerReferralDetail', '/referrals');
  const status = describeReferralStatus(referral);
  const timeLeft = describeDaysRemaining(referral);
  return (
    <PanelFrame title={`Referral #${referral.referral_id}`} onClose={onClose}>
      <Group gap="sm">
        <Badge color={status.color} variant="light" size="lg">
          {status.label}
        </Badge>
        {timeLeft && (
          <Text size="sm" c={referral.expired ? 'red.9' : undefined} fw={600}>
            {timeLeft}
          </Text>
        )}
      </Group>
      <Alert
        color={referral.expired ? 'red' : referral.status === 'COMPLETE' ? 'green' : 'blue'}
        variant="light"
        data-testid="referral-progress"
      >
        <Text size="sm" c="var(--mantine-color-text)">
          {describeReferralProgress(referral)}
        </Text>
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Customer">{referral.customer_name}</Fact>
        <Fact label="Customer Email">{referral.customer_Email_Address ?? '—'}</Fact>
        <Fact label="Vehicle">{formatReferralVehicle(referral)}</Fact>
        <Fact label="VIN">{referral.VIN ?? '—'}</Fact>
        <Fact label="Date Vehicle Sold">{formatReferralDate(referral.date_added)}</Fact>
        <Fact label={referral.expired ? 'Expired on' : 'Claim by'}>
          {formatReferralDate(referral.expiration_date)}
        </Fact>
        {referral.claimed_specialist_name && (
          <Fact label="Specialist">{referral.claimed_specialist_name}</Fact>
        )}
        <Fact label="Bonus">
          {formatDollars(referral.bonus_amount)}
          {referral.bonus_payable ? (referral.paid_out_at ? ' (paid)' : ' (approved)') : ''}
        </Fact>
      </SimpleGrid>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          History
        </Text>
        {referral.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes yet.
          </Text>
        ) : (
          <Timeline active={referral.history.length - 1} bulletSize={14} lineWidth={2} color="teal">
            {referral.history.map((entry) => (
              <Timeline.Item
                key={`${entry.status}-${entry.changed_at}`}
                title={describeReferralStatus({ status: entry.status, expired: false }).label}
              >
                <Text size="xs" c="dimmed">
                  {formatReferralDate(entry.changed_at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </PanelFrame>
  );
}
