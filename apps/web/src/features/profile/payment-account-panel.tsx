import type { TProfile } from '@app/contracts/profile.contract';
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { onboardingMessages, startOnboarding } from './profile-api';

const stateLabel = { complete: 'Connected', in_progress: 'In Progress', required: 'Setup Required' } as const;
const stateColor = { complete: 'green', in_progress: 'yellow', required: 'red' } as const;

/**
 * P27 (002 §2.12): the payment account's state (required / in progress / complete), 50 % until complete then
 * 100 %, about 3 to 5 minutes; the button starts account creation (row 155) or continues it (row 156), and the
 * browser goes to the returned link. Failures show in a 'Setup Error' alert.
 */
export function PaymentAccountPanel(props: {
  payment: TProfile['payment'];
  installerId: number;
  isReadOnly: boolean;
  /** Where the browser goes (window.location.assign; tests pass their own). */
  go?: (url: string) => void;
}) {
  const { payment } = props;
  const start = useMutation({
    mutationFn: () =>
      startOnboarding(payment.state === 'required' ? 'create' : 'continue', props.installerId),
    onSuccess: (url) => (props.go ?? ((u: string) => window.location.assign(u)))(url),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="payment-account-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="payment-account-title">
            Payment Account
          </Title>
          <Badge color={stateColor[payment.state]} variant="light">
            {stateLabel[payment.state]}
          </Badge>
        </Group>
        <Progress
          value={payment.progress}
          color={payment.state === 'complete' ? 'green' : 'blue'}
          aria-label={`Payment setup ${payment.progress}% complete`}
        />
        <Text size="sm" c="dimmed">
          {payment.state === 'complete'
            ? 'Your payment account is connected: you can be paid for completed jobs.'
            : 'Set up your payment account to get paid for your jobs. Setup takes about 3 to 5 minutes.'}
        </Text>
        {start.isError && (
          <Alert color="red" title={onboardingMessages.alertTitle} role="alert">
            {start.error.message}
          </Alert>
        )}
        {payment.state !== 'complete' && !props.isReadOnly && (
          <Button w="fit-content" loading={start.isPending} onClick={() => start.mutate()}>
            {payment.state === 'required' ? 'Set Up Payment Account' : 'Continue Setup'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
