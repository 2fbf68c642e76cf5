import { Stack, Table, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useId } from 'react';
import { lineDescription } from '../request-wizard/service-lines';
import { type SelectedService, sumDuration, type WizardVehicle } from '../request-wizard/wizard-rules';
import { AvailabilityBanner } from './availability-banner';
import { DROP_OFF_FORMAT, type DropOffWindow } from './drop-off';
import { DropOffPicker } from './drop-off-picker';
import type { Party } from './previous-popups';
import type { EstimateWizardForm } from './use-estimate-wizard';

/**
 * Step 5 (001 §2.3): the drop-off day, the specialist's availability from it, and the summary of vehicle,
 * services, customer, notes and the drop-off deadline (the total with its tax is the wizard's running total).
 */
export function EstimateDatesStep(props: {
  installerId: number;
  form: EstimateWizardForm;
  window: DropOffWindow;
  party: Party | null;
  vehicle: WizardVehicle | null;
  services: SelectedService[];
}) {
  const { form, party, vehicle, services } = props;
  const headingId = useId();
  const dropOff = form.values.availableDate;
  const notes = form.values.noteText.trim();
  const rows: [string, string][] = [
    [party?.kind === 'dealer' ? 'Dealership' : 'Customer', party?.name ?? ''],
    [
      'Vehicle',
      vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.trim ?? ''}`.trim() : '',
    ],
    ['Services', services.map((s) => lineDescription(s)).join(', ')],
    ['Notes', notes || 'None'],
    ['Drop-off deadline', dropOff ? dayjs(dropOff).format(DROP_OFF_FORMAT) : ''],
  ];
  return (
    <Stack>
      <DropOffPicker
        installerId={props.installerId}
        window={props.window}
        value={dropOff}
        onChange={(day) => form.setFieldValue('availableDate', day)}
      />
      <AvailabilityBanner
        installerId={props.installerId}
        dropOff={dropOff}
        duration={sumDuration(services)}
      />
      <section aria-labelledby={headingId} data-testid="estimate-summary">
        <Title order={2} size="h5" id={headingId} mb="xs">
          Summary
        </Title>
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" pl={0} w={150} style={{ verticalAlign: 'top' }}>
                  {label}
                </Table.Th>
                <Table.Td pr={0} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
    </Stack>
  );
}
