import type { TReferralSummary } from '@app/contracts/referrals.contract';
import { referralFunnelSteps } from '@app/domain/referrals/referral-status';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDollars } from '../../lib/money';

type ReferralFunnelProps = {
  summary: TReferralSummary | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} align="center" data-testid={testId}>
      <Text fw={700} size="xl" lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        {label}
      </Text>
    </Stack>
  );
}

/**
 * The dealer's funnel (issue 11, beyond the seeds): how many of its referrals reached each step, and the
 * bonus earned this month and in total.
 */
export function ReferralFunnel({ summary, isLoading, isError, onRetry }: ReferralFunnelProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="referral-funnel-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="referral-funnel-title">
          Your referral funnel
        </Title>
        {isLoading && <Skeleton height={48} role="status" aria-label="Loading the funnel" />}
        {isError && !isLoading && (
          <Group gap="sm" role="alert">
            <Text size="sm" c="red.9">
              The funnel could not be loaded.
            </Text>
            <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
              Retry
            </Button>
          </Group>
        )}
        {summary && (
          <Group gap="md" align="stretch" wrap="wrap" justify="space-between">
            <SimpleGrid
              cols={{ base: 4, sm: 7 }}
              spacing="xs"
              style={{ flex: '1 1 420px' }}
              component="ol"
              aria-label="Referrals by step"
              p={0}
              m={0}
            >
              {referralFunnelSteps.map((step) => (
                <li key={step.key} style={{ listStyle: 'none' }}>
                  <Figure
                    label={step.label}
                    value={String(summary.funnel[step.key])}
                    testId={`funnel-${step.key}`}
                  />
                </li>
              ))}
            </SimpleGrid>
            <Group gap="lg" style={{ flex: '0 0 auto' }}>
              <Figure
                label="Bonus this month"
                value={formatDollars(summary.bonus_this_month)}
                testId="bonus-month"
              />
              <Figure
                label="Bonus in total"
                value={formatDollars(summary.bonus_total)}
                testId="bonus-total"
              />
            </Group>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
