import { serviceCatalogMessages as M } from '@app/contracts/service-catalog.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import { SERVICE_FORM_MESSAGES } from '@app/domain/pricing/service-form';
import { formatWholesaleSavings } from '@app/domain/pricing/wholesale-margin';
import { sizeLabel } from '@app/domain/vehicles/vehicle-size';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDollars, wireDollarsToCents } from '../../lib/money';
import { useActingCompanyId } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { templateKeys } from '../catalog-templates/query-keys';
import { serviceCatalogKeys } from './query-keys';
import {
  type CatalogEntry,
  deleteService,
  describeFailure,
  fetchCategories,
  fetchCategoryRows,
  groupByMaster,
} from './service-catalog-api';
import { ServiceFormModal } from './service-form-modal';

/** Shown in the category dropdown when the catalog cannot be read (M175: "sample categories"). */
const SAMPLE_CATEGORIES = ['PPF', 'Glass/Tint', 'Paint', 'Other Services'];

/** The per-size table of R16: retail, wholesale ('Not Available'), savings as a margin ('-'), duration. */
function PriceTable({ entry }: { entry: CatalogEntry }) {
  const isNarrow = useMediaQuery('(max-width: 480px)') ?? false;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table
        striped
        withTableBorder
        aria-label={`Prices of ${entry.description}`}
        verticalSpacing="xs"
        horizontalSpacing={isNarrow ? 6 : 'sm'}
        fz={isNarrow ? 'xs' : 'sm'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Size</Table.Th>
            <Table.Th scope="col">Retail Price</Table.Th>
            <Table.Th scope="col">Wholesale Price</Table.Th>
            <Table.Th scope="col">Wholesale Savings</Table.Th>
            <Table.Th scope="col">Duration (Days)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entry.sizes.map((s) => (
            <Table.Tr key={s.size}>
              <Table.Th scope="row">{sizeLabel(s.size)}</Table.Th>
              <Table.Td>{s.retail === null ? 'Not Available' : formatDollars(s.retail)}</Table.Td>
              <Table.Td>{s.wholesale === null ? 'Not Available' : formatDollars(s.wholesale)}</Table.Td>
              <Table.Td>
                {formatWholesaleSavings(
                  wireDollarsToCents(s.retail),
                  s.wholesale === null ? null : wireDollarsToCents(s.wholesale),
                )}
              </Table.Td>
              <Table.Td>{entry.durationDays}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** P23's delete modal: all retail and wholesale pricing of every size goes, and cannot be undone (rule 113). */
function DeleteServiceModal({
  entry,
  installerId,
  onClose,
  onDeleted,
}: {
  entry: CatalogEntry;
  installerId: number;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useMutation({
    mutationFn: () => deleteService(installerId, entry.masterServiceId),
    onSuccess: onDeleted,
    onError: (error) =>
      notifications.show({ color: 'red', message: describeFailure(error, M.deleteFailed, true) }),
  });
  return (
    <Modal opened onClose={onClose} title="Delete Service" centered>
      <Stack gap="sm">
        <Text>
          Delete <strong>{entry.description}</strong> ({entry.category})? All retail and wholesale pricing for
          all sizes (Large, Medium and Small) will be removed. This cannot be undone.
        </Text>
        {remove.isError && (
          <Alert color="red" role="alert">
            {describeFailure(remove.error, M.deleteFailed, true)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            CANCEL
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            DELETE SERVICE
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The service catalog (R16, P23): categories, services, prices per size (issue 14). */
export function ServiceCatalogPanel() {
  const { user } = useSession();
  const companyId = useActingCompanyId();
  const installerId = companyId;
  const isReadOnly = user ? isReadOnlyAccess(user.access) : true;
  const queryClient = useQueryClient();
  const [chosenCategory, setChosenCategory] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [modal, setModal] = useState<'add' | 'update' | 'delete' | null>(null);

  const categories = useQuery({
    queryKey: serviceCatalogKeys.categories(companyId),
    queryFn: () => fetchCategories(installerId),
    enabled: installerId > 0,
  });
  const categoryNames = categories.data?.map((c) => c.service_category) ?? [];
  const category =
    chosenCategory !== null && categoryNames.includes(chosenCategory)
      ? chosenCategory
      : (categoryNames[0] ?? null);
  const rows = useQuery({
    queryKey: serviceCatalogKeys.rows(companyId, category ?? ''),
    queryFn: () => fetchCategoryRows(installerId, category ?? ''),
    enabled: installerId > 0 && category !== null,
  });
  const entries = groupByMaster(rows.data ?? []);
  const selected = entries.find((e) => e.masterServiceId === selectedId) ?? null;
  const failed = categories.isError || rows.isError;

  async function refresh(next: { category: string | null; masterServiceId: number | null }) {
    setChosenCategory(next.category);
    setSelectedId(next.masterServiceId);
    setModal(null);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: serviceCatalogKeys.ofCompany(companyId) }),
      queryClient.invalidateQueries({ queryKey: templateKeys.catalog(companyId) }),
    ]);
  }

  function openDelete() {
    if (!selected) {
      notifications.show({ color: 'red', message: SERVICE_FORM_MESSAGES.selectToDelete });
      return;
    }
    setModal('delete');
  }

  return (
    <Stack gap="md">
      {failed && (
        <Alert color="red" role="alert" title={M.loadFailed}>
          <Group gap="xs">
            <Text size="sm">The catalog could not be read; the categories below are examples.</Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => (categories.isError ? categories.refetch() : rows.refetch())}
            >
              Try Again
            </Button>
          </Group>
        </Alert>
      )}
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Category"
              placeholder={categories.isPending ? 'Loading categories…' : 'Select a category'}
              data={categories.isError ? SAMPLE_CATEGORIES : categoryNames}
              value={category}
              onChange={(value) => {
                setChosenCategory(value);
                setSelectedId(null);
              }}
              allowDeselect={false}
              disabled={categories.isPending}
            />
            <Select
              label="Service"
              placeholder={rows.isFetching && !rows.data ? 'Loading services…' : 'Select a service'}
              data={entries.map((e) => ({ value: String(e.masterServiceId), label: e.description }))}
              value={selected ? String(selected.masterServiceId) : null}
              onChange={(value) => setSelectedId(value === null ? null : Number(value))}
              disabled={entries.length === 0}
              searchable
              nothingFoundMessage="No service matches"
            />
          </SimpleGrid>
          {!isReadOnly && (
            <Group gap="xs">
              <Button onClick={() => setModal('add')}>ADD NEW SERVICE</Button>
              {selected && (
                <>
                  <Button variant="light" onClick={() => setModal('update')}>
                    UPDATE SERVICE
                  </Button>
                  <Button variant="light" color="red" onClick={openDelete}>
                    DELETE SERVICE
                  </Button>
                </>
              )}
            </Group>
          )}
          {categories.isPending || (rows.isPending && category !== null) ? (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">Loading service catalog…</Text>
            </Group>
          ) : categories.isSuccess && categoryNames.length === 0 ? (
            <Text c="dimmed" role="status">
              Your catalog has no services yet.{isReadOnly ? '' : ' Add your first one with ADD NEW SERVICE.'}
            </Text>
          ) : selected ? (
            <PriceTable entry={selected} />
          ) : !failed ? (
            <Text c="dimmed">Select a service to see its prices for each vehicle size.</Text>
          ) : null}
        </Stack>
      </Paper>
      {(modal === 'add' || (modal === 'update' && selected)) && (
        <ServiceFormModal
          installerId={installerId}
          entry={modal === 'update' ? selected : null}
          category={category}
          categories={[...new Set([...categoryNames, ...SAMPLE_CATEGORIES])]}
          onClose={() => setModal(null)}
          onSaved={async (saved) => {
            notifications.show({ color: 'green', message: saved.message });
            await refresh({ category: saved.service_category, masterServiceId: saved.master_service_id });
          }}
        />
      )}
      {modal === 'delete' && selected && (
        <DeleteServiceModal
          entry={selected}
          installerId={installerId}
          onClose={() => setModal(null)}
          onDeleted={async () => {
            notifications.show({ color: 'green', message: M.deleted });
            await refresh({ category, masterServiceId: null });
          }}
        />
      )}
    </Stack>
  );
}
