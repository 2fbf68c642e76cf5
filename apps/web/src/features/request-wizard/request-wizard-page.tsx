import { formatDuplicateConfirmation } from '@app/contracts/request-creation.contract';
import { formatMoney } from '@app/domain/shared/money';
import { ActionIcon, Alert, Button, Group, Modal, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { wireDollarsToCents } from '../../lib/money';
import { RunningTotal } from '../wizard-pricing/running-total';
import { useRunningQuote } from '../wizard-pricing/use-running-quote';
import { DatesStep } from './dates-step';
import { DealerPreviousJobsStep } from './dealer-previous-jobs-step';
import { NotesStep } from './notes-step';
import { loadedJobMessage, loadPreviousJob } from './previous-jobs';
import { SpecialistStep } from './specialist-step';
import { useRequestWizard } from './use-request-wizard';
import { VehicleStep } from './vehicle-step';
import { LAST_STEP, PREVIOUS_JOB_STEP } from './wizard-rules';
import { WorkStep } from './work-step';

const stepLabels = ['Specialist', 'Vehicle', 'Work', 'Notes', 'Dates'];

/** The dealer's new request (001 §2.2): five steps, step 99 for a previous job's services, one creating call. */
export function RequestWizardPage(props: { hint?: string | null }) {
  const location = useLocation();
  const hint = props.hint ?? (location.state as { hint?: string } | null)?.hint ?? null;
  const navigate = useNavigate();
  const wizard = useRequestWizard(hint);
  const { dealer, dealerId, step, shownStep, vehicle, selection, ending, duplicates, isSending } = wizard;
  const quote = useRunningQuote(selection.services, { requestType: 'dealer', taxInstallerId: null });

  if (!dealer) {
    return (
      <Alert color="yellow" m="md">
        New requests are created by dealerships.
      </Alert>
    );
  }

  if (ending) {
    return (
      <Stack p="md" maw={640} mx="auto" data-testid="request-ending">
        <Title order={1} size="h2">
          {ending.contract ? "Let's create the customer contract" : "We'll take it from here"}
        </Title>
        <Text>
          Request #{ending.requestId} was sent. Total{' '}
          {formatMoney(wireDollarsToCents(ending.totals.requestTotal))} for {ending.totals.serviceRequested}.
        </Text>
        <Group>
          <Button
            onClick={() =>
              navigate(ending.contract ? `/contract/${ending.requestId}` : '/requestimates', {
                replace: true,
              })
            }
          >
            {ending.contract ? 'Create contract' : 'Back to requests'}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack p={{ base: 'xs', sm: 'md' }} maw={900} mx="auto" gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h2">
          New Request
        </Title>
        <ActionIcon variant="subtle" size="lg" aria-label="Close" onClick={() => navigate('/requestimates')}>
          <span aria-hidden="true">✕</span>
        </ActionIcon>
      </Group>
      <Text hiddenFrom="sm" fw={600} aria-live="polite">
        Step {shownStep} of {LAST_STEP}: {stepLabels[shownStep - 1]}
      </Text>
      <Stepper active={shownStep - 1} size="xs" allowNextStepsSelect={false} visibleFrom="sm">
        {stepLabels.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        {step === 1 && (
          <SpecialistStep
            dealerId={dealerId}
            preferredOnly={dealer.vendor_visibility_mode === 'preferred'}
            category={wizard.category}
            onCategory={wizard.setCategory}
            value={wizard.specialist}
            onChange={wizard.chooseSpecialist}
          />
        )}
        {step === 2 && <VehicleStep value={vehicle} onChange={wizard.chooseVehicle} />}
        {step === 3 && vehicle && (
          <WorkStep
            categoriesInstallerId={wizard.specialist ?? 0}
            servicesSource={wizard.catalogSource}
            selection={selection}
            vehicle={vehicle}
            category={wizard.category}
            onCategory={wizard.setCategory}
            onPreviousJobs={() => wizard.setStep(PREVIOUS_JOB_STEP)}
          />
        )}
        {step === PREVIOUS_JOB_STEP && vehicle && (
          <DealerPreviousJobsStep
            onPick={async (requestId) => {
              const loaded = await loadPreviousJob(requestId, wizard.catalogSource('All'), 'dealer');
              selection.replace(loaded.services, loadedJobMessage(loaded));
              wizard.setStep(3);
            }}
          />
        )}
        {step === 4 && <NotesStep dealerId={dealerId} form={wizard.form} />}
        {step === 5 && (
          <DatesStep
            form={wizard.form}
            proposedDue={wizard.proposedDue}
            effectiveDue={wizard.effectiveDue}
            duration={wizard.duration}
            vehicle={vehicle}
            services={wizard.services}
          />
        )}
      </Paper>
      {/* From the Work step on (step 99 is the Work step's alternate). */}
      {shownStep >= 3 && <RunningTotal quote={quote} payerLabel="You pay" withMarginView />}
      {wizard.sendError && (
        <Alert color="red" role="alert">
          {wizard.sendError}
        </Alert>
      )}
      <Group justify="space-between">
        {step > 1 ? (
          <Button variant="default" onClick={wizard.goPrevious} disabled={isSending}>
            Previous
          </Button>
        ) : (
          <span />
        )}
        {step !== PREVIOUS_JOB_STEP && (
          <Button onClick={wizard.goNext} disabled={!wizard.canNext || isSending} loading={isSending}>
            {step === LAST_STEP ? 'Send Request' : 'Next'}
          </Button>
        )}
      </Group>
      <Modal
        opened={duplicates !== null}
        onClose={wizard.closeDuplicates}
        title="Possible duplicate"
        centered
      >
        {duplicates && vehicle && (
          <Stack>
            <Text data-testid="duplicate-text">{formatDuplicateConfirmation(vehicle, duplicates)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={wizard.closeDuplicates}>
                Cancel
              </Button>
              <Button onClick={wizard.confirmDuplicates}>Continue</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
