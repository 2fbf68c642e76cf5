import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { VehicleStep } from '../request-wizard/vehicle-step';
import { WorkStep } from '../request-wizard/work-step';
import { RunningTotal } from '../wizard-pricing/running-total';
import { useRunningQuote } from '../wizard-pricing/use-running-quote';
import { CustomerStep } from './customer-step';
import { EstimateDatesStep } from './estimate-dates-step';
import { PreviousJobsModal, PreviousVehiclesModal } from './previous-popups';
import { LAST, useEstimateWizard } from './use-estimate-wizard';

const labels = ['Customer', 'Vehicle', 'Work', 'Notes', 'Dates'];

/** The installer's new estimate, booking or dealer job (001 §2.3–2.4): five steps, one creating call. */
export function EstimateWizardPage() {
  const navigate = useNavigate();
  const wizard = useEstimateWizard();
  const { installer, installerId, referral, step, party, vehicle, selection, busy, error, form } = wizard;
  // Dealer work is wholesale without tax; a retail customer's work adds the specialist's tax rate.
  const isDealerWork = party?.kind === 'dealer';
  const quote = useRunningQuote(selection.services, {
    requestType: isDealerWork ? 'dealer' : 'installer',
    taxInstallerId: isDealerWork ? null : installerId,
  });

  if (!installer) return <Alert m="md">New estimates are created by specialists.</Alert>;

  return (
    <Stack p={{ base: 'xs', sm: 'md' }} maw={900} mx="auto">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h2">
          New Estimate
        </Title>
        <ActionIcon variant="subtle" size="lg" aria-label="Cancel" onClick={() => navigate('/requestimates')}>
          <span aria-hidden="true">✕</span>
        </ActionIcon>
      </Group>
      <Progress value={(step / LAST) * 100} aria-label={`Step ${step} of ${LAST}`} />
      <Text fw={600}>
        Step {step} of {LAST}: {labels[step - 1]}
      </Text>
      {referral && (
        <Text size="sm" c="dimmed" data-testid="referral-start">
          From referral #{referral.referralId} for {referral.customerName}
        </Text>
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        {step === 1 && <CustomerStep value={party} onChange={wizard.chooseParty} installerId={installerId} />}
        {step === 2 && (
          <Stack>
            {wizard.vehicleCount > 0 && (
              <Group justify="flex-end">
                <Button size="xs" variant="light" onClick={() => wizard.setPopup('vehicles')}>
                  Previous vehicles ({wizard.vehicleCount})
                </Button>
              </Group>
            )}
            <VehicleStep
              key={wizard.vehicleKey}
              value={vehicle}
              initialVin={referral?.vin}
              onChange={(v) => wizard.chooseVehicle(v)}
            />
          </Stack>
        )}
        {step === 3 && vehicle && party && (
          <WorkStep
            categoriesInstallerId={installerId}
            servicesSource={wizard.catalogSource}
            selection={selection}
            vehicle={vehicle}
            category={wizard.category}
            onCategory={wizard.setCategory}
            onPreviousJobs={wizard.jobCount > 0 ? () => wizard.setPopup('jobs') : undefined}
          />
        )}
        {step === 4 && <Textarea label="Notes" rows={4} {...form.getInputProps('noteText')} />}
        {step === 5 && (
          <EstimateDatesStep
            installerId={installerId}
            form={form}
            window={wizard.dropOffRange}
            party={party}
            vehicle={vehicle}
            services={wizard.services}
          />
        )}
      </Paper>
      {step >= 3 && <RunningTotal quote={quote} payerLabel="Customer pays" />}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        {step > 1 ? (
          <Button variant="default" onClick={() => wizard.setStep(step - 1)} disabled={busy !== null}>
            PREV
          </Button>
        ) : (
          <span />
        )}
        {step < LAST ? (
          <Button disabled={!wizard.canNext} onClick={() => wizard.setStep(step + 1)}>
            NEXT
          </Button>
        ) : party?.kind === 'dealer' ? (
          <Button loading={busy === 'job'} disabled={busy !== null} onClick={() => void wizard.create('job')}>
            Create Job
          </Button>
        ) : (
          <Group>
            <Button
              variant="light"
              loading={busy === 'estimate'}
              disabled={busy !== null}
              onClick={() => void wizard.create('estimate')}
            >
              Create Estimate
            </Button>
            <Button
              loading={busy === 'book'}
              disabled={busy !== null}
              onClick={() => void wizard.create('book')}
            >
              Book Appointment
            </Button>
          </Group>
        )}
      </Group>
      <PreviousVehiclesModal
        opened={wizard.popup === 'vehicles'}
        vehicles={wizard.previousVehicles.data ?? []}
        onClose={() => wizard.setPopup(null)}
        onSelect={(v) => wizard.chooseVehicle(v, true)}
      />
      <PreviousJobsModal
        opened={wizard.popup === 'jobs'}
        customer={party?.name ?? ''}
        jobs={wizard.previousJobs.data}
        isPending={wizard.previousJobs.isPending}
        isError={wizard.previousJobs.isError}
        onPick={wizard.loadJob}
        onClose={() => wizard.setPopup(null)}
      />
    </Stack>
  );
}
