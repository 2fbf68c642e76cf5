import { formatMoney } from '@app/domain/shared/money';
import { Stack, Text } from '@mantine/core';
import { lineDescription, quoteOf } from '../request-wizard/service-lines';
import { type SelectedService, sumDuration, type WizardVehicle } from '../request-wizard/wizard-rules';
import { AvailabilityBanner } from './availability-banner';
import type { DropOffWindow } from './drop-off';
import { DropOffPicker } from './drop-off-picker';
import type { Party } from './previous-popups';
import type { EstimateWizardForm } from './use-estimate-wizard';

/** Step 5: the drop-off day, the specialist's availability from it, and the summary with its total. */
export function EstimateDatesStep(props: {
  installerId: number;
  form: EstimateWizardForm;
  window: DropOffWindow;
  party: Party | null;
  vehicle: WizardVehicle | null;
  services: SelectedService[];
}) {
  const { form, party, vehicle, services } = props;
  const dropOff = form.values.availableDate;
  const quote = quoteOf(services, party?.kind === 'dealer' ? 'dealer' : 'installer');
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
      <Text size="sm" data-testid="estimate-summary">
        {party?.name} · {vehicle?.year} {vehicle?.make} {vehicle?.model} ·{' '}
        {services.map((s) => lineDescription(s)).join(', ')} · {formatMoney(quote.finalAmount)}
        {quote.totalDiscount > 0 ? ` (discount ${formatMoney(quote.totalDiscount)})` : ''}
      </Text>
    </Stack>
  );
}
