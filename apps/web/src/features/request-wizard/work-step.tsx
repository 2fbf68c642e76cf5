import { formatMoney } from '@app/domain/shared/money';
import { Alert, Button, Group, Loader, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { wireDollarsToCents } from '../../lib/money';
import { useActingCompanyId } from '../../lib/query-keys';
import { errorText } from './error-text';
import { requestWizardKeys } from './query-keys';
import {
  categoriesKeyOf,
  fetchCategories,
  fetchServices,
  type ServicesSource,
  servicesKeyOf,
} from './request-wizard.api';
import { CustomServiceDialog, DiscountDialog } from './service-dialogs';
import { isPendingCustom, lineCost, lineDescription } from './service-lines';
import type { ServiceSelection } from './use-service-selection';
import type { WizardVehicle } from './wizard-rules';

/** The Work step (both wizards): the catalog of a category, and the selected lines with their prices. */
export function WorkStep(props: {
  /** Whose categories the step offers (0: every specialist the dealer may use). */
  categoriesInstallerId: number;
  /** The priced catalog of a category (null before there is a vehicle). */
  servicesSource: (category: string) => ServicesSource | null;
  selection: ServiceSelection;
  vehicle: WizardVehicle;
  category: string;
  onCategory: (c: string) => void;
  /** Shows 'Load services from a previous job' (dealer step 99, installer previous jobs popup). */
  onPreviousJobs?: () => void;
}) {
  const { selection } = props;
  const mode = selection.mode;
  const companyId = useActingCompanyId();
  const categories = useQuery({
    queryKey: requestWizardKeys.categories(companyId, categoriesKeyOf(props.categoriesInstallerId)),
    queryFn: () => fetchCategories(props.categoriesInstallerId),
  });
  const servicesSource = props.servicesSource(props.category);
  const catalog = useQuery({
    queryKey: requestWizardKeys.services(companyId, servicesKeyOf(servicesSource)),
    queryFn: () => fetchServices(servicesSource),
  });
  const categoryNames = Array.from(
    new Set(['Paint', ...(categories.data ?? []).map((c) => c.service_category), props.category]),
  );
  // Dealers never price custom work (001 §9); installers get the custom dialog for a service priced 0.
  const available = (catalog.data ?? []).filter((s) => mode === 'installer' || !s.is_custom);
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>Work</Title>
        {props.onPreviousJobs && (
          <Button size="xs" variant="light" onClick={props.onPreviousJobs}>
            Load services from a previous job
          </Button>
        )}
      </Group>
      <Select
        label="Category"
        data={categoryNames}
        value={props.category}
        onChange={(v) => v && props.onCategory(v)}
        allowDeselect={false}
      />
      <Text size="xs" c="dimmed">
        NOTE : Price may vary based on selected model
      </Text>
      {catalog.isPending && <Loader size="sm" aria-label="Loading services" />}
      {catalog.isError && <Alert color="red">{errorText(catalog.error)}</Alert>}
      {catalog.isSuccess && available.length === 0 && <Text c="dimmed">No services in this category.</Text>}
      <Stack gap={6} aria-label="Available services">
        {available.map((s) => {
          // The same price row, or the same service of the category priced by another specialist (a job's
          // stored line seen in the 'Any' catalog of Edit job).
          const isSelected = selection.services.some(
            (x) =>
              x.service.service_id === s.service_id ||
              (x.service.service_category === s.service_category && x.service.description === s.description),
          );
          return (
            <Group key={s.service_id} justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ flex: 1 }}>
                {s.description}{' '}
                <Text span c="dimmed">
                  · {s.is_custom ? 'your estimate' : `${s.duration_days} day(s)`}
                </Text>
              </Text>
              <Text size="sm" fw={500}>
                {s.is_custom ? 'Custom' : formatMoney(wireDollarsToCents(s.service_cost))}
              </Text>
              <Button
                size="xs"
                variant={isSelected ? 'light' : 'filled'}
                disabled={isSelected}
                onClick={() => selection.add(s)}
                aria-label={`Add ${s.description}`}
              >
                {isSelected ? 'Added' : 'Add'}
              </Button>
            </Group>
          );
        })}
      </Stack>
      {selection.message && (
        <Alert color="yellow" role="alert">
          {selection.message}
        </Alert>
      )}
      <Title order={5}>Selected services</Title>
      {selection.services.length === 0 && <Text c="dimmed">No service selected yet.</Text>}
      {selection.services.map((s) => (
        <Group
          key={s.service.service_id}
          align="flex-end"
          justify="space-between"
          wrap="wrap"
          gap="xs"
          data-testid="selected-service"
        >
          <Stack gap={0} style={{ flex: '1 1 200px' }}>
            <Text size="sm">
              {lineDescription(s)} — {formatMoney(wireDollarsToCents(lineCost(s)))}
              {s.custom ? ` · ${s.custom.durationDays} day(s)` : ''}
            </Text>
            {mode === 'dealer' && (
              <Text size="xs" c="dimmed">
                Wholesale: what you pay the specialist
                {s.service.retail_price != null
                  ? ` · list retail ${formatMoney(wireDollarsToCents(s.service.retail_price))}`
                  : ''}
              </Text>
            )}
            {mode === 'installer' && s.discount ? (
              <Text size="xs" c="teal.9" data-testid="line-discount">
                Discount −{formatMoney(wireDollarsToCents(s.discount))}
                {s.discountPercent != null ? ` (${s.discountPercent}%)` : ''} ·{' '}
                {formatMoney(wireDollarsToCents(lineCost(s)) - wireDollarsToCents(s.discount))}
              </Text>
            ) : null}
          </Stack>
          <Group gap={4} wrap="nowrap" align="flex-end">
            {mode === 'dealer' ? (
              <NumberInput
                label="Retail price"
                description="What your customer pays you for this service"
                size="xs"
                min={0}
                decimalScale={2}
                prefix="$"
                w={200}
                value={s.retailPrice ?? ''}
                onChange={(v) =>
                  selection.setRetail(s.service.service_id, typeof v === 'number' ? Math.max(0, v) : null)
                }
              />
            ) : (
              !isPendingCustom(s) && (
                <>
                  {s.custom && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => selection.editCustom(s.service.service_id)}
                      aria-label={`Edit ${lineDescription(s)}`}
                    >
                      Edit
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => selection.openDiscount(s.service.service_id)}
                    aria-label={`Discount ${lineDescription(s)}`}
                  >
                    Discount
                  </Button>
                </>
              )
            )}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              px={8}
              onClick={() => selection.remove(s.service.service_id)}
              aria-label={`Remove ${lineDescription(s)}`}
            >
              Remove
            </Button>
          </Group>
        </Group>
      ))}
      <CustomServiceDialog selection={selection} />
      <DiscountDialog selection={selection} />
    </Stack>
  );
}
