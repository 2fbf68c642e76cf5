import { jobClaimMessages as m, type TClaimJobDetails } from '@app/contracts/job-claim.contract';
import { Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDollars } from '../../lib/money';
import { DetailList } from '../public-referrals/detail-list';
import { formatDisplayDate, fromWire } from '../service-requests/request-format';

/** The penalties of the platform agreement (001 §9). */
export const claimPenalties = [
  '$75 for not starting the job within 48 hours',
  '$50 for abandoning the work mid-job',
  '$200 for attempting to take payment directly from the dealer',
] as const;

function timeline(job: TClaimJobDetails): string {
  const from = formatDisplayDate(fromWire(job.availableDate));
  const due = job.dueDate ? formatDisplayDate(fromWire(job.dueDate)) : null;
  return due ? `Available ${from}, needed by ${due}` : `Available ${from}`;
}

/** Step 1, the landing view (M95): earnings, service, location, timeline, next steps and the terms. */
export function ClaimLanding({ job, onClaim }: { job: TClaimJobDetails; onClaim: () => void }) {
  const rate = formatDollars(job.jobTotal);
  return (
    <Stack gap="lg">
      <Stack gap={4} ta="center">
        <Title order={1} size="h2" tabIndex={-1}>
          {m.selected}
        </Title>
        <Text c="dimmed">A dealership near you needs a specialist for this job.</Text>
      </Stack>
      <Paper withBorder radius="md" p="md" ta="center" bg="green.0">
        <Text size="sm" fw={600}>
          Your earnings
        </Text>
        <Text fz={36} fw={800} lh={1.2}>
          {rate}
        </Text>
        <Text size="sm">Fixed rate for the whole job</Text>
      </Paper>
      <section aria-labelledby="claim-job-title">
        <Title order={2} size="h4" id="claim-job-title" mb="sm">
          The job
        </Title>
        <DetailList
          details={[
            { label: 'Service', value: job.serviceRequested || 'Not specified' },
            { label: 'Vehicle', value: job.vehicle ?? 'Not specified' },
            { label: 'Location', value: job.location ?? 'Not specified' },
            { label: 'Timeline', value: timeline(job) },
          ]}
        />
      </section>
      <section aria-labelledby="claim-next-title">
        <Title order={2} size="h4" id="claim-next-title" mb="sm">
          Next steps
        </Title>
        <List type="ordered" spacing={4}>
          <List.Item>Accept the platform agreement.</List.Item>
          <List.Item>Create your free specialist account.</List.Item>
          <List.Item>Get your sign-in details and the dealer's details by e-mail.</List.Item>
          <List.Item>Start the job within 48 hours.</List.Item>
        </List>
      </section>
      <section aria-labelledby="claim-terms-title">
        <Title order={2} size="h4" id="claim-terms-title" mb="sm">
          Terms
        </Title>
        <List spacing={4}>
          <List.Item>You must start within 48 hours of claiming.</List.Item>
          <List.Item>Fixed rate of {rate}: no bidding, no surprises.</List.Item>
          <List.Item>The dealer's details are shown after claiming.</List.Item>
        </List>
      </section>
      <Button size="md" fullWidth onClick={onClaim}>
        Claim This Opportunity
      </Button>
    </Stack>
  );
}

/** Step 2, the Platform Agreement: Continue only once the terms are accepted (catalogue §4.20, 81). */
export function PlatformAgreement({
  job,
  onBack,
  onAccept,
}: {
  job: TClaimJobDetails;
  onBack: () => void;
  onAccept: () => void;
}) {
  const [isAccepted, setAccepted] = useState(false);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2" ta="center" tabIndex={-1}>
        Platform Agreement
      </Title>
      <Text>By claiming this job you agree to these terms:</Text>
      <List spacing="xs">
        <List.Item>You start the job within 48 hours of claiming it.</List.Item>
        <List.Item>
          You are paid the fixed rate of {formatDollars(job.jobTotal)} through the platform once the work is
          complete.
        </List.Item>
        <List.Item>The dealer's details are shared with you after you claim the job.</List.Item>
        <List.Item>
          Penalties apply:
          <List withPadding spacing={2} mt={4}>
            {claimPenalties.map((penalty) => (
              <List.Item key={penalty}>{penalty}</List.Item>
            ))}
          </List>
        </List.Item>
      </List>
      <Checkbox
        label="I have read and agree to the Platform Agreement"
        checked={isAccepted}
        onChange={(event) => setAccepted(event.currentTarget.checked)}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onAccept} disabled={!isAccepted}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
