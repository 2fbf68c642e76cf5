import type { TTransaction } from '@app/contracts/financials.contract';
import type { UserType } from '@app/domain/identity/access';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCents, formatRowVehicle, formatWireDay, isRetailRow } from './financial-format';
import type { SortKey } from './financial-view';

type Column = {
  label: string;
  sort: SortKey | null;
  roles: readonly UserType[];
  render: (row: TTransaction, actions: RowActions) => ReactNode;
  align?: 'right';
};

type RowActions = {
  onOpenDetails: (row: TTransaction) => void;
  onAddPo: (row: TTransaction) => void;
  canAddPo: (row: TTransaction) => boolean;
};

const stateColors = { Invoiced: 'orange', Paid: 'teal', Pending: 'gray' } as const;

function StateBadge({ row }: { row: TTransaction }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={stateColors[row.state_label]} variant="light" size="sm">
        {row.state_label}
      </Badge>
      {row.is_deposit && (
        <Badge color="gray" variant="outline" size="sm">
          Deposit
        </Badge>
      )}
    </Group>
  );
}

function VehicleButton({ row, onOpen }: { row: TTransaction; onOpen: (row: TTransaction) => void }) {
  return (
    <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={() => onOpen(row)}>
      {formatRowVehicle(row)}
    </Anchor>
  );
}

function PoCell({ row, actions }: { row: TTransaction; actions: RowActions }) {
  if (row.payment_order) return <>{row.payment_order}</>;
  if (actions.canAddPo(row)) {
    return (
      <Button
        size="compact-xs"
        variant="light"
        onClick={() => actions.onAddPo(row)}
        aria-label={`Add PO for ${formatRowVehicle(row)}`}
      >
        Add PO
      </Button>
    );
  }
  return <>—</>;
}

const columns: readonly Column[] = [
  {
    label: 'Vehicle',
    sort: 'vehicle',
    roles: ['dealer', 'installer'],
    render: (row, actions) => <VehicleButton row={row} onOpen={actions.onOpenDetails} />,
  },
  {
    label: 'Invoiced',
    sort: 'invoice_date',
    roles: ['dealer', 'installer'],
    render: (row) => formatWireDay(row.invoice_date),
  },
  {
    label: 'State',
    sort: 'state',
    roles: ['dealer', 'installer'],
    render: (row) => <StateBadge row={row} />,
  },
  {
    label: 'Paid',
    sort: 'payment_date',
    roles: ['installer'],
    render: (row) => formatWireDay(row.payment_date),
  },
  { label: 'Work', sort: 'work', roles: ['dealer', 'installer'], render: (row) => row.Service_Requested },
  { label: 'Name', sort: 'name', roles: ['dealer', 'installer'], render: (row) => row.Name },
  {
    label: 'Amount',
    sort: 'amount',
    roles: ['dealer', 'installer'],
    render: (row) => formatCents(row.amount_cents),
    align: 'right',
  },
  {
    label: 'PO #',
    // The server sorts by the columns both roles have; a dealer's PO numbers are its own words.
    sort: null,
    roles: ['dealer'],
    render: (row, actions) => <PoCell row={row} actions={actions} />,
  },
  {
    label: 'Invoice #',
    sort: 'invoice_number',
    roles: ['installer'],
    render: (row) => row.invoice_number ?? '—',
  },
];

export function columnsFor(userType: UserType): readonly Column[] {
  return columns.filter((column) => column.roles.includes(userType));
}

export type TransactionsTableProps = RowActions & {
  rows: readonly TTransaction[];
  userType: UserType;
  sort: SortKey;
  dir: 'asc' | 'desc';
  onSort: (sort: SortKey) => void;
  isBusy: boolean;
  /** Batch check mode: the ticked invoice ids, and which rows can be ticked. */
  batch: {
    selected: readonly number[];
    canSelect: (row: TTransaction) => boolean;
    onToggle: (row: TTransaction) => void;
  } | null;
};

/** Retail rows blue, dealer rows white (R15). */
function rowBackground(row: TTransaction): string | undefined {
  return isRetailRow(row) ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-white)';
}

function BatchBox({
  row,
  batch,
}: {
  row: TTransaction;
  batch: NonNullable<TransactionsTableProps['batch']>;
}) {
  if (!batch.canSelect(row) || row.invoice_id === null) return null;
  return (
    <Checkbox
      aria-label={`Select invoice ${row.invoice_number ?? row.invoice_id} (${formatRowVehicle(row)})`}
      checked={batch.selected.includes(row.invoice_id)}
      onChange={() => batch.onToggle(row)}
    />
  );
}

function SortHeader({
  column,
  sort,
  dir,
  onSort,
}: {
  column: Column;
  sort: SortKey;
  dir: 'asc' | 'desc';
  onSort: (sort: SortKey) => void;
}) {
  const isSorted = column.sort !== null && column.sort === sort;
  const ariaSort = isSorted ? (dir === 'asc' ? 'ascending' : 'descending') : undefined;
  const Icon = isSorted ? (dir === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
  return (
    <Table.Th aria-sort={ariaSort} style={{ textAlign: column.align, whiteSpace: 'nowrap' }}>
      {column.sort === null ? (
        column.label
      ) : (
        <UnstyledButton
          onClick={() => column.sort && onSort(column.sort)}
          fw={700}
          fz="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          {column.label}
          <Icon size={14} aria-hidden style={{ opacity: isSorted ? 1 : 0.4 }} />
        </UnstyledButton>
      )}
    </Table.Th>
  );
}

/** The table of R15 on desktop: sortable headers (the server sorts and pages), one row per payment. */
export function TransactionsTable(props: TransactionsTableProps) {
  const shown = columnsFor(props.userType);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" aria-label="Invoices" aria-busy={props.isBusy} highlightOnHover={false}>
        <Table.Thead>
          <Table.Tr>
            {props.batch && (
              <Table.Th>
                <Text span size="sm" fw={700}>
                  Select
                </Text>
              </Table.Th>
            )}
            {shown.map((column) => (
              <SortHeader
                key={column.label}
                column={column}
                sort={props.sort}
                dir={props.dir}
                onSort={props.onSort}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr
              key={`${row.request_id}-${row.payment_id}`}
              data-request-id={row.request_id}
              data-retail={isRetailRow(row) ? 'true' : 'false'}
              style={{ background: rowBackground(row) }}
            >
              {props.batch && (
                <Table.Td>
                  <BatchBox row={row} batch={props.batch} />
                </Table.Td>
              )}
              {shown.map((column) => (
                <Table.Td key={column.label} style={{ textAlign: column.align }}>
                  {column.render(row, props)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same rows as cards at 768 px and below. */
export function TransactionCards(props: TransactionsTableProps) {
  const isInstaller = props.userType === 'installer';
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Invoices"
      aria-busy={props.isBusy}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {props.rows.map((row) => (
        <Paper
          key={`${row.request_id}-${row.payment_id}`}
          component="li"
          withBorder
          radius="md"
          p="sm"
          data-request-id={row.request_id}
          data-retail={isRetailRow(row) ? 'true' : 'false'}
          style={{ background: rowBackground(row) }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              {props.batch && <BatchBox row={row} batch={props.batch} />}
              <Stack gap={2} style={{ minWidth: 0 }}>
                <VehicleButton row={row} onOpen={props.onOpenDetails} />
                <Text size="sm" truncate="end">
                  {row.Service_Requested}
                </Text>
                <Text size="sm" c="gray.7" truncate="end">
                  {row.Name}
                </Text>
              </Stack>
            </Group>
            <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
              <Text fw={700}>{formatCents(row.amount_cents)}</Text>
              <StateBadge row={row} />
            </Stack>
          </Group>
          <Group gap="md" mt={6} wrap="wrap">
            <Text size="xs" c="gray.7">
              Invoiced {formatWireDay(row.invoice_date)}
            </Text>
            {isInstaller && row.payment_date && (
              <Text size="xs" c="gray.7">
                Paid {formatWireDay(row.payment_date)}
              </Text>
            )}
            {isInstaller ? (
              <Text size="xs" c="gray.7">
                Invoice # {row.invoice_number ?? '—'}
              </Text>
            ) : (
              <Group gap={4}>
                <Text size="xs" c="gray.7">
                  PO #
                </Text>
                <Text size="xs" component="div">
                  <PoCell row={row} actions={props} />
                </Text>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
