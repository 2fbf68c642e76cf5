import { toLocalIsoDate } from '@app/domain/scheduling/dates';
import { Stack, Text, TextInput } from '@mantine/core';
import { lineDescription } from './service-lines';
import type { RequestWizardForm } from './use-request-wizard';
import type { SelectedService, WizardVehicle } from './wizard-rules';

/** Step 5: when the vehicle is available (today or later) and when it is needed (no sooner than proposed). */
export function DatesStep(props: {
  form: RequestWizardForm;
  proposedDue: string;
  effectiveDue: string;
  duration: number;
  vehicle: WizardVehicle | null;
  services: SelectedService[];
}) {
  const { form, vehicle } = props;
  return (
    <Stack>
      <TextInput
        type="date"
        label="Available"
        min={toLocalIsoDate(new Date())}
        {...form.getInputProps('availableDate')}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (value && value >= toLocalIsoDate(new Date())) form.setFieldValue('availableDate', value);
        }}
      />
      <TextInput
        type="date"
        label="Needed by"
        min={props.proposedDue}
        {...form.getInputProps('dueDate')}
        value={props.effectiveDue}
        onChange={(e) => form.setFieldValue('dueDate', e.currentTarget.value || null)}
        description={`Proposed: available date + ${Math.max(1, Math.round(props.duration))} day(s)`}
      />
      <Text size="sm" c="dimmed">
        {vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.trim ?? ''}` : ''} ·{' '}
        {props.services.map((s) => lineDescription(s)).join(', ')}
      </Text>
    </Stack>
  );
}
