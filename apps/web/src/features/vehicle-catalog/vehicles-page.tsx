import { vehicleCatalogMessages as messages } from '@app/contracts/vehicle-catalog.contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useActingCompanyId } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AddVehicleModal } from './add-vehicle-modal';
import { vehicleCatalogKeys } from './query-keys';
import { ServiceOverridesModal } from './service-overrides-modal';
import { fetchAllMakes, fetchVehicleCatalog } from './vehicle-catalog-api';
import {
  describeGroups,
  describeOverrides,
  filterGroups,
  GROUPS_PER_PAGE,
  groupCatalog,
  type VehicleGroup,
} from './vehicle-groups';

const sizeLabels: Record<string, string> = { S: 'Small', M: 'Medium', L: 'Large' };

function TrimsModal({ group, onClose }: { group: VehicleGroup | null; onClose: () => void }) {
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title={group ? `Trims: ${group.make_name} ${group.model_name}` : ''}
      size="lg"
    >
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-label="Trims">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Trim</Table.Th>
              <Table.Th>Body Style</Table.Th>
              <Table.Th>Size</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group?.trims.map((t) => (
              <Table.Tr key={t.id_car_trim}>
                <Table.Td>{t.trim_name}</Table.Td>
                <Table.Td>{t.body_style}</Table.Td>
                <Table.Td>{sizeLabels[t.id_car_type] ?? t.id_car_type}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Modal>
  );
}

type GroupsTableProps = {
  groups: VehicleGroup[];
  dir: 'asc' | 'desc';
  onSort: () => void;
  onTrims: (group: VehicleGroup) => void;
  onOverrides: (group: VehicleGroup) => void;
};

function GroupsTable({ groups, dir, onSort, onTrims, onOverrides }: GroupsTableProps) {
  const SortIcon = dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label="Vehicle groups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Years</Table.Th>
            <Table.Th aria-sort={dir === 'asc' ? 'ascending' : 'descending'}>
              <UnstyledButton
                onClick={onSort}
                fw={700}
                fz="sm"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                Make
                <SortIcon size={14} aria-hidden />
              </UnstyledButton>
            </Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th>Trims</Table.Th>
            <Table.Th>Service Overrides</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g.id_car_model}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{g.year_range}</Table.Td>
              <Table.Td>{g.make_name}</Table.Td>
              <Table.Td>{g.model_name}</Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => onTrims(g)}
                  aria-label={`${g.trim_count} trim(s) of ${g.make_name} ${g.model_name}`}
                >
                  {g.trim_count} trim(s)
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant={g.total_service_overrides === 0 ? 'light' : 'filled'}
                  onClick={() => onOverrides(g)}
                  aria-label={`${describeOverrides(g.total_service_overrides)}: ${g.make_name} ${g.model_name}`}
                >
                  {describeOverrides(g.total_service_overrides)}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per group, the same facts and actions as a table row. */
function GroupCards({ groups, onTrims, onOverrides }: Omit<GroupsTableProps, 'dir' | 'onSort'>) {
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Vehicle groups"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {groups.map((g) => (
        <Paper key={g.id_car_model} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={700}>
                {g.make_name} {g.model_name}
              </Text>
              <Text size="sm" c="gray.7">
                Years {g.year_range}
              </Text>
            </div>
            <Anchor
              component="button"
              type="button"
              onClick={() => onTrims(g)}
              aria-label={`${g.trim_count} trim(s) of ${g.make_name} ${g.model_name}`}
            >
              {g.trim_count} trim(s)
            </Anchor>
          </Group>
          <Button
            mt="xs"
            size="xs"
            fullWidth
            variant={g.total_service_overrides === 0 ? 'light' : 'filled'}
            onClick={() => onOverrides(g)}
            aria-label={`${describeOverrides(g.total_service_overrides)}: ${g.make_name} ${g.model_name}`}
          >
            {describeOverrides(g.total_service_overrides)}
          </Button>
        </Paper>
      ))}
    </Stack>
  );
}

/** `/vehicles` (R18, P25): the vehicle catalog grouped by make and model, with its price overrides. */
export function VehiclesPage() {
  useDocumentTitle('Vehicle Catalog Management');
  const companyId = useActingCompanyId();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 150);
  const [makeId, setMakeId] = useState<string | null>(null);
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [trimsOf, setTrimsOf] = useState<VehicleGroup | null>(null);
  const [overridesOf, setOverridesOf] = useState<VehicleGroup | null>(null);
  const [isAddOpen, setAddOpen] = useState(false);

  const catalog = useQuery({
    queryKey: vehicleCatalogKeys.catalog(companyId),
    queryFn: () => fetchVehicleCatalog(companyId),
    enabled: companyId > 0,
  });
  const makes = useQuery({
    queryKey: vehicleCatalogKeys.makes(companyId),
    queryFn: fetchAllMakes,
    enabled: companyId > 0,
  });
  const groups = useMemo(() => groupCatalog(catalog.data ?? []), [catalog.data]);
  const found = useMemo(
    () => filterGroups(groups, { search: debouncedSearch, makeId: makeId ? Number(makeId) : null, dir }),
    [groups, debouncedSearch, makeId, dir],
  );
  const pages = Math.max(1, Math.ceil(found.length / GROUPS_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = found.slice((current - 1) * GROUPS_PER_PAGE, current * GROUPS_PER_PAGE);
  const makeOptions = [
    { value: '', label: 'All Makes' },
    ...[...(makes.data ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
      .map((m) => ({ value: String(m.id_car_make), label: m.name })),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Vehicle Catalog Management
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAddOpen(true)}>
          Add New Vehicle
        </Button>
      </Group>
      <Group align="flex-end" gap="sm" grow={isMobile} wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Make, model or trim"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 280 }}
          type="search"
        />
        <Select
          label="Make"
          data={makeOptions}
          value={makeId ?? ''}
          onChange={(value) => {
            setMakeId(value ? value : null);
            setPage(1);
          }}
          allowDeselect={false}
          searchable
          maxDropdownHeight={200}
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      {catalog.isError ? (
        <Alert color="red" role="alert" title="Error">
          <Group justify="space-between">
            <Text>{messages.loadFailed}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => catalog.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : catalog.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading vehicles">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : (
        <>
          <Text fw={600} aria-live="polite">
            {describeGroups(found)}
          </Text>
          {found.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              {messages.noGroups}
            </Text>
          ) : isMobile ? (
            <GroupCards groups={shown} onTrims={setTrimsOf} onOverrides={setOverridesOf} />
          ) : (
            <GroupsTable
              groups={shown}
              dir={dir}
              onSort={() => setDir(dir === 'asc' ? 'desc' : 'asc')}
              onTrims={setTrimsOf}
              onOverrides={setOverridesOf}
            />
          )}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                siblings={isMobile ? 0 : 1}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
              />
            </Group>
          )}
        </>
      )}
      <TrimsModal group={trimsOf} onClose={() => setTrimsOf(null)} />
      <ServiceOverridesModal
        key={overridesOf?.id_car_model ?? 0}
        group={overridesOf}
        onClose={() => setOverridesOf(null)}
      />
      <AddVehicleModal opened={isAddOpen} onClose={() => setAddOpen(false)} catalog={catalog.data ?? []} />
    </Stack>
  );
}
