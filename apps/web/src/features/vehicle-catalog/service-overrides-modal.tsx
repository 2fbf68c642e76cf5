import { AppError } from '@app/contracts/errors.contract';
import {
  vehicleCatalogMessages as messages,
  OVERRIDE_PRICE_MAX_DOLLARS,
  type TModelOverridesReply,
} from '@app/contracts/vehicle-catalog.contract';
import {
  Accordion,
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDollars } from '../../lib/money';
import { useActingCompanyId } from '../../lib/query-keys';
import { vehicleCatalogKeys } from './query-keys';
import {
  ALL_CATEGORIES,
  ALL_TRIMS,
  buildEntries,
  type Catalog,
  categoriesOf,
  readPrice,
  rowFor,
  type ServiceEntry,
} from './service-overrides';
import {
  deleteTrimOverride,
  fetchModelOverrides,
  setModelOverride,
  setTrimOverride,
} from './vehicle-catalog-api';
import type { VehicleGroup } from './vehicle-groups';

type PriceInputs = { retail: string | number; wholesale: string | number };
const noPrices: PriceInputs = { retail: '', wholesale: '' };

function PriceInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | number;
  onChange: (v: string | number) => void;
}) {
  return (
    <NumberInput
      label={label}
      value={value}
      onChange={onChange}
      min={0}
      max={OVERRIDE_PRICE_MAX_DOLLARS}
      step={0.01}
      decimalScale={2}
      prefix="$"
      thousandSeparator=","
      w={{ base: '100%', xs: 140 }}
    />
  );
}

/** Reads the two inputs; an error message when neither is a valid price (rules 114–116). */
function readPrices(inputs: PriceInputs): {
  retail: number | null;
  wholesale: number | null;
  error: string | null;
} {
  const retail = readPrice(inputs.retail);
  const wholesale = readPrice(inputs.wholesale);
  if (Number.isNaN(retail) || Number.isNaN(wholesale)) {
    return { retail, wholesale, error: 'A price is a number of dollars with at most 2 decimals' };
  }
  if (retail === null && wholesale === null) return { retail, wholesale, error: messages.setAllNeedsPrice };
  return { retail, wholesale, error: null };
}

type EntryProps = {
  entry: ServiceEntry;
  data: TModelOverridesReply;
  trimFocus: string;
  installerId: number;
  onChanged: () => Promise<unknown>;
  onDelete: (overrideId: number) => void;
};

function ServiceEntryPanel({ entry, data, trimFocus, installerId, onChanged, onDelete }: EntryProps) {
  const [setAll, setSetAll] = useState<PriceInputs>(noPrices);
  const [add, setAdd] = useState<PriceInputs>(noPrices);
  const [addTrim, setAddTrim] = useState<string | null>(trimFocus === ALL_TRIMS ? null : trimFocus);
  const [error, setError] = useState<string | null>(null);
  const focused =
    trimFocus === ALL_TRIMS ? null : data.trims.find((t) => String(t.id_car_trim) === trimFocus);

  /** Row 120 for one trim, one call per catalog priced. */
  async function saveTrim(trimId: number, retail: number | null, wholesale: number | null) {
    const trim = data.trims.find((t) => t.id_car_trim === trimId);
    if (!trim) throw new Error('no trim');
    const prices: [Catalog, number | null][] = [
      ['RETAIL', retail],
      ['WHOLE', wholesale],
    ];
    for (const [catalog, price] of prices) {
      if (price === null) continue;
      const row = rowFor(entry.service, catalog, trim);
      if (!row)
        throw new Error(
          `This service has no ${catalog === 'RETAIL' ? 'retail' : 'wholesale'} price for ${trim.trim_name}`,
        );
      await setTrimOverride({
        serviceId: row.service_id,
        installerId,
        catalog,
        idCarTrim: trimId,
        overridePrice: price,
      });
    }
  }

  const mutation = useMutation({
    mutationFn: async (action: 'set-all' | 'add') => {
      setError(null);
      const inputs = readPrices(action === 'set-all' ? setAll : add);
      if (inputs.error) throw new Error(inputs.error);
      if (action === 'add') {
        if (!addTrim) throw new Error(messages.addOverrideNeedsTrim);
        await saveTrim(Number(addTrim), inputs.retail, inputs.wholesale);
      } else if (focused) {
        await saveTrim(focused.id_car_trim, inputs.retail, inputs.wholesale);
      } else {
        await setModelOverride({
          installerId,
          modelId: data.id_car_model,
          masterServiceId: entry.service.master_service_id,
          ...(inputs.retail !== null ? { retailPrice: inputs.retail } : {}),
          ...(inputs.wholesale !== null ? { wholesalePrice: inputs.wholesale } : {}),
        });
      }
      return action;
    },
    onSuccess: async (action) => {
      if (action === 'set-all') setSetAll(noPrices);
      else setAdd(noPrices);
      notifications.show({ color: 'green', message: 'Override saved' });
      await onChanged();
    },
    onError: (err, action) => {
      const failed =
        action === 'set-all' && !focused ? messages.modelOverrideFailed : messages.trimOverrideFailed;
      if (!(err instanceof AppError)) setError(err.message);
      else setError(err.code === 'VALIDATION_FAILED' ? err.message : failed);
    },
  });

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={280}>
        <Table striped aria-label={`Overrides of ${entry.service.description}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Trim</Table.Th>
              <Table.Th>Retail override</Table.Th>
              <Table.Th>Wholesale override</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entry.trims.map((p) => (
              <Table.Tr key={p.trim.id_car_trim}>
                <Table.Td>
                  {p.trim.trim_name}{' '}
                  <Text span c="dimmed" size="xs">
                    ({p.trim.id_car_type})
                  </Text>
                </Table.Td>
                {(['RETAIL', 'WHOLE'] as const).map((catalog) => {
                  const o = p[catalog];
                  return (
                    <Table.Td key={catalog}>
                      {o ? (
                        <Group gap={4} wrap="nowrap">
                          {formatDollars(o.override_price)}
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete the ${catalog === 'RETAIL' ? 'retail' : 'wholesale'} override of ${p.trim.trim_name}`}
                            onClick={() => onDelete(o.id)}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      ) : (
                        <Text span c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} size="sm">
          Set All ({focused ? focused.trim_name : `all ${data.trims.length} trims`})
        </Text>
        <Group align="flex-end" gap="xs">
          <PriceInput
            label="Retail"
            value={setAll.retail}
            onChange={(retail) => setSetAll({ ...setAll, retail })}
          />
          <PriceInput
            label="Wholesale"
            value={setAll.wholesale}
            onChange={(wholesale) => setSetAll({ ...setAll, wholesale })}
          />
          <Button
            onClick={() => mutation.mutate('set-all')}
            loading={mutation.isPending && mutation.variables === 'set-all'}
          >
            Set All
          </Button>
        </Group>
      </fieldset>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} size="sm">
          Add an override for one trim
        </Text>
        <Group align="flex-end" gap="xs">
          <Select
            label="Trim"
            placeholder="Choose a trim"
            data={data.trims.map((t) => ({ value: String(t.id_car_trim), label: t.trim_name }))}
            value={addTrim}
            onChange={setAddTrim}
            w={{ base: '100%', xs: 160 }}
            comboboxProps={{ withinPortal: true }}
          />
          <PriceInput
            label="Retail price"
            value={add.retail}
            onChange={(retail) => setAdd({ ...add, retail })}
          />
          <PriceInput
            label="Wholesale price"
            value={add.wholesale}
            onChange={(wholesale) => setAdd({ ...add, wholesale })}
          />
          <Button
            variant="light"
            onClick={() => mutation.mutate('add')}
            loading={mutation.isPending && mutation.variables === 'add'}
          >
            Add Override
          </Button>
        </Group>
      </fieldset>
      {error && (
        <Alert color="red" role="alert" py="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function EntryControl({ entry }: { entry: ServiceEntry }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={600}>{entry.service.description}</Text>
      {entry.sizes.map((s) => (
        <Text key={s.size} size="sm" c="gray.7">
          {s.size} · Retail {formatDollars(s.RETAIL)} · Wholesale{' '}
          {s.WHOLE === null ? 'Not Available' : formatDollars(s.WHOLE)}
        </Text>
      ))}
      {entry.isModelOverride && <Badge color="grape">Model Override</Badge>}
      {entry.overriddenTrims > 0 && (
        <Badge variant="light" color="blue">
          {entry.overriddenTrims} trim(s)
        </Badge>
      )}
      {entry.hasConflict && (
        <Tooltip label="Trim prices differ">
          <IconAlertTriangle
            size={18}
            color="var(--mantine-color-orange-8)"
            role="img"
            aria-label="Trim prices differ"
          />
        </Tooltip>
      )}
    </Group>
  );
}

/** The Service Overrides modal of a make and model (P25; extra large, full screen on phones). */
export function ServiceOverridesModal({
  group,
  onClose,
}: {
  group: VehicleGroup | null;
  onClose: () => void;
}) {
  const companyId = useActingCompanyId();
  const queryClient = useQueryClient();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [trimFocus, setTrimFocus] = useState<string>(ALL_TRIMS);
  const [toDelete, setToDelete] = useState<number | null>(null);
  const modelId = group?.id_car_model ?? 0;
  const query = useQuery({
    queryKey: vehicleCatalogKeys.model(companyId, modelId),
    queryFn: () => fetchModelOverrides(companyId, modelId),
    enabled: group !== null,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vehicleCatalogKeys.model(companyId, modelId) }),
      queryClient.invalidateQueries({ queryKey: vehicleCatalogKeys.catalog(companyId) }),
    ]);
  const remove = useMutation({
    mutationFn: (overrideId: number) => deleteTrimOverride(overrideId),
    onSettled: async () => {
      setToDelete(null);
      await refresh();
    },
  });
  const data = query.data;
  const entries = data ? buildEntries(data, category, trimFocus) : [];

  return (
    <>
      <Modal
        opened={group !== null}
        onClose={onClose}
        size="xl"
        fullScreen={isMobile}
        title={group ? `Service Overrides: ${group.make_name} ${group.model_name}` : ''}
      >
        {query.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text>{messages.loadingServices}</Text>
          </Group>
        ) : query.isError || !data ? (
          <Alert color="red" role="alert">
            {messages.loadFailed}
          </Alert>
        ) : (
          <Stack gap="sm">
            <Group align="flex-end" gap="sm">
              <Select
                label="Category"
                data={[ALL_CATEGORIES, ...categoriesOf(data)]}
                value={category}
                onChange={(v) => setCategory(v ?? ALL_CATEGORIES)}
                allowDeselect={false}
                w={{ base: '100%', xs: 200 }}
              />
              <Select
                label="Trim focus"
                data={[
                  { value: ALL_TRIMS, label: 'All Trims' },
                  ...data.trims.map((t) => ({ value: String(t.id_car_trim), label: t.trim_name })),
                ]}
                value={trimFocus}
                onChange={(v) => setTrimFocus(v ?? ALL_TRIMS)}
                allowDeselect={false}
                w={{ base: '100%', xs: 200 }}
              />
              <Text size="sm" c="gray.7" aria-live="polite">
                {entries.length} service(s)
              </Text>
            </Group>
            <ScrollArea.Autosize mah={600} type="auto">
              {entries.length === 0 ? (
                <Text c="dimmed" py="md">
                  {messages.noServices}
                </Text>
              ) : (
                <Accordion variant="separated" chevronPosition="left">
                  {entries.map((entry) => (
                    <Accordion.Item
                      key={entry.service.master_service_id}
                      value={String(entry.service.master_service_id)}
                    >
                      <Accordion.Control>
                        <EntryControl entry={entry} />
                      </Accordion.Control>
                      <Accordion.Panel>
                        <ServiceEntryPanel
                          key={trimFocus}
                          entry={entry}
                          data={data}
                          trimFocus={trimFocus}
                          installerId={companyId}
                          onChanged={refresh}
                          onDelete={setToDelete}
                        />
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              )}
            </ScrollArea.Autosize>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Delete override"
        size="sm"
        zIndex={400}
      >
        <Stack>
          <Text>{messages.deleteConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => toDelete !== null && remove.mutate(toDelete)}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
