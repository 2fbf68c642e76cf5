import {
  financialsMessages,
  type TFinancialsTotals,
  type TTransaction,
} from '@app/contracts/financials.contract';
import type { UserType } from '@app/domain/identity/access';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import { toLocalIsoDate } from '@app/domain/scheduling/dates';
import {
  Alert,
  Anchor,
  Box,
  Group,
  Loader,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousDataOfCompany, useActingCompanyId } from '../../lib/query-keys';
import { useSession } from '../../lib/session-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PoModal } from '../payments/po-modal';
import { toggleBatchInvoice } from './batch-check';
import { BatchCheckModal } from './batch-check-modal';
import { DepositsModal } from './deposits-modal';
import { DirectPayeesPanel } from './direct-payees-panel';
import { FinancialActions } from './financial-actions';
import { FinancialFilters } from './financial-filters';
import { formatCents } from './financial-format';
import { canStepRange, stepAnchor } from './financial-range';
import {
  describeInvoiceCount,
  describeSearchAlert,
  describeViewTitle,
  type FinancialsView,
  isSearching,
  readView,
  toPageQuery,
  writeView,
} from './financial-view';
import { fetchInvoice, fetchTransactions, settleBatchByCheck } from './financials-api';
import { InvoiceDetailsModal } from './invoice-details-modal';
import { financialsKeys } from './query-keys';
import { RangeToolbar } from './range-toolbar';
import { RevenuePanel } from './revenue-panel';
import { TransactionCards, TransactionsTable } from './transactions-table';

/** Open dealer invoices an installer can settle with one check (row 109). */
function canBatchSettle(row: TTransaction): boolean {
  return row.Request_type === 'dealer' && row.state_label === 'Invoiced' && row.invoice_id !== null;
}

/** A dealer adds a PO to an invoiced invoice that has none; an installer may add a PO or check # (000 §5). */
function canAddPo(row: TTransaction, userType: UserType, isReadOnly: boolean): boolean {
  if (isReadOnly || row.invoice_id === null || row.state_label !== 'Invoiced') return false;
  return userType === 'installer' ? row.Request_type === 'dealer' : !row.payment_order;
}

function OverviewCards({ totals, userType }: { totals: TFinancialsTotals | undefined; userType: UserType }) {
  const cards = [
    { label: 'Total Invoiced', cents: totals?.invoiced_cents },
    { label: 'Total Paid', cents: totals?.paid_cents },
    { label: 'Pending Payment', cents: totals?.pending_cents },
    ...(userType === 'installer' ? [{ label: 'Total Earned', cents: totals?.earned_cents }] : []),
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: cards.length }} spacing="sm" component="section" aria-label="Overview">
      {cards.map((card) => (
        <Paper key={card.label} withBorder radius="md" p="sm">
          <Text size="sm" c="gray.7" fw={600}>
            {card.label}
          </Text>
          {card.cents === undefined ? (
            <Skeleton height={28} mt={4} width="70%" />
          ) : (
            <Text fz={{ base: 'lg', sm: 24 }} fw={700} data-testid={`total-${card.label}`}>
              {formatCents(card.cents)}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The Financials screen (R15, P22; 002 §2.6) for dealers and installers: a period (or a search over every date),
 * its totals and its invoices, paged and sorted by the server, with the role's exports and money actions.
 */
export function FinancialsPage() {
  useDocumentTitle('Financials');
  const { user, company } = useSession();
  const companyId = useActingCompanyId();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const today = toLocalIsoDate(new Date());
  const view = readView(params, today);
  const userType: UserType = user?.userType ?? 'dealer';
  const isReadOnly = user ? isReadOnlyAccess(user.access) : true;

  const [detailsRow, setDetailsRow] = useState<TTransaction | null>(null);
  const [poRow, setPoRow] = useState<TTransaction | null>(null);
  const [isDepositsOpen, setDepositsOpen] = useState(false);
  const [batch, setBatch] = useState<TTransaction[] | null>(null);
  const [isCheckOpen, setCheckOpen] = useState(false);

  const query = toPageQuery(view, userType);
  const page = useQuery({
    queryKey: financialsKeys.page(companyId, userType, query),
    queryFn: () => fetchTransactions(userType, companyId, query),
    enabled: user !== null,
    placeholderData: (previous, previousQuery) =>
      keepPreviousDataOfCompany(previous, previousQuery, companyId),
  });
  const poInvoice = useQuery({
    queryKey: financialsKeys.invoice(companyId, poRow?.invoice_id ?? 0),
    queryFn: () => fetchInvoice(poRow?.invoice_id ?? 0),
    enabled: poRow?.invoice_id != null,
  });

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: financialsKeys.ofCompany(companyId) });
  }

  const settleBatch = useMutation({
    mutationFn: (checkNumber: string) =>
      settleBatchByCheck(
        (batch ?? []).flatMap((row) => (row.invoice_id === null ? [] : [row.invoice_id])),
        checkNumber,
      ),
    onSuccess: async (reply) => {
      notifications.show({
        color: 'green',
        message: reply.message || financialsMessages.checkProcessed(reply.settled),
      });
      setCheckOpen(false);
      setBatch(null);
      await refresh();
    },
  });

  // The view the last change wrote: two changes before the next render (a quick state then type pick)
  // build on each other instead of the second writing the first one's filter back.
  const latestView = useRef(view);
  latestView.current = view;
  function changeView(changes: Partial<FinancialsView>, { keepPage = false } = {}) {
    const base = latestView.current;
    const next = { ...base, ...changes, page: keepPage ? (changes.page ?? base.page) : 1 };
    latestView.current = next;
    setParams(writeView(next, today));
  }

  function toggleBatchRow(row: TTransaction) {
    if (!batch || row.invoice_id === null) return;
    const result = toggleBatchInvoice(
      batch.map((item) => item.invoice_id ?? 0),
      row.invoice_id,
    );
    if (!result.ok) {
      notifications.show({ color: 'red', message: result.message });
      return;
    }
    setBatch(result.selected.map((id) => batch.find((item) => item.invoice_id === id) ?? row));
  }

  if (!user) return null;
  const data = page.data;
  const rows = data?.rows ?? [];
  const count = data?.total ?? 0;
  const searchAlert = data ? describeSearchAlert(view, count) : null;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const canSeeDashboard =
    userType === 'installer' &&
    company?.kind === 'installer' &&
    (company.record.installer_email ?? '').trim().toLowerCase() === user.email.trim().toLowerCase();
  const tableProps = {
    rows,
    userType,
    sort: view.sort,
    dir: view.dir,
    isBusy: page.isFetching,
    onSort: (sort: FinancialsView['sort']) =>
      changeView({ sort, dir: view.sort === sort && view.dir === 'desc' ? 'asc' : 'desc' }),
    onOpenDetails: setDetailsRow,
    onAddPo: setPoRow,
    canAddPo: (row: TTransaction) => canAddPo(row, userType, isReadOnly),
    batch: batch
      ? {
          selected: batch.map((row) => row.invoice_id ?? 0),
          canSelect: canBatchSettle,
          onToggle: toggleBatchRow,
        }
      : null,
  };

  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Financials
        </Title>
        <FinancialActions
          {...(userType === 'installer'
            ? {
                userType,
                canSeeDashboard,
                isReadOnly,
                unsettledDeposits: data?.unsettled_deposits ?? 0,
                batch: batch ? { selectedCount: batch.length } : null,
                onOpenDeposits: () => setDepositsOpen(true),
                onStartBatch: () => setBatch([]),
                onEnterCheck: () => {
                  settleBatch.reset();
                  setCheckOpen(true);
                },
                onCancelBatch: () => setBatch(null),
              }
            : { userType })}
          view={view}
          today={today}
          companyId={companyId}
          rowCount={count}
        />
      </Group>

      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <RangeToolbar
            key={view.mode === 'custom' ? `${view.custom?.from}-${view.custom?.to}` : 'steps'}
            mode={view.mode}
            customRange={view.custom}
            canStep={canStepRange(view.mode, isSearching(view))}
            onModeChange={(mode) => changeView({ mode, custom: null })}
            onStep={(step) => {
              if (view.mode !== 'custom') changeView({ anchor: stepAnchor(view.mode, view.anchor, step) });
            }}
            onToday={() => changeView({ anchor: today })}
            onApplyCustom={(custom) => changeView({ mode: 'custom', custom })}
          />
          <FinancialFilters view={view} userType={userType} onChange={(changes) => changeView(changes)} />
        </Stack>
      </Paper>

      <Group gap="xs" align="baseline" wrap="wrap">
        <Title order={2} size="h4" data-testid="financials-label">
          {describeViewTitle(view)}
        </Title>
        <Text c="gray.7" data-testid="financials-count">
          {data ? describeInvoiceCount(count) : ''}
        </Text>
        {page.isFetching && !page.isPending && <Loader size="xs" aria-label="Refreshing" />}
      </Group>

      {searchAlert && (
        <Alert color={searchAlert.isEmpty ? 'yellow' : 'blue'} role="status">
          <Group gap="sm" wrap="wrap">
            <Text size="sm">{searchAlert.message}</Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={() => changeView({ invoice: '', name: '' })}
            >
              {view.invoice ? 'Clear search' : 'Clear name filter'}
            </Anchor>
          </Group>
        </Alert>
      )}

      {page.isError ? (
        <Alert color="red" role="alert">
          {financialsMessages.loadFailed}
        </Alert>
      ) : (
        <>
          <OverviewCards totals={data?.totals} userType={userType} />
          {!isSearching(view) && <RevenuePanel view={view} userType={userType} />}
          <Paper withBorder radius="md" p={isMobile ? 'xs' : 0} style={{ overflow: 'hidden' }}>
            {page.isPending ? (
              <Stack p="md" gap="xs" aria-label="Loading invoices">
                {[1, 2, 3, 4].map((line) => (
                  <Skeleton key={line} height={28} />
                ))}
              </Stack>
            ) : rows.length === 0 ? (
              !searchAlert && (
                <Text c="gray.7" ta="center" p="xl">
                  {financialsMessages.emptyPeriod}
                </Text>
              )
            ) : isMobile ? (
              <TransactionCards {...tableProps} />
            ) : (
              <TransactionsTable {...tableProps} />
            )}
            {data && pageCount > 1 && (
              <Group justify="space-between" p="sm" wrap="wrap">
                <Text size="xs" c="gray.7">
                  {(data.page - 1) * data.pageSize + 1}–{Math.min(data.total, data.page * data.pageSize)} of{' '}
                  {data.total}
                </Text>
                <Pagination
                  size="sm"
                  total={pageCount}
                  value={view.page}
                  onChange={(next) => changeView({ page: next }, { keepPage: true })}
                  aria-label="Pages"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                />
              </Group>
            )}
          </Paper>
          {userType === 'dealer' && <DirectPayeesPanel view={view} />}
        </>
      )}

      {detailsRow && (
        <InvoiceDetailsModal
          row={detailsRow}
          userType={userType}
          canAddPo={canAddPo(detailsRow, userType, isReadOnly)}
          onAddPo={() => {
            setPoRow(detailsRow);
            setDetailsRow(null);
          }}
          onClose={() => setDetailsRow(null)}
        />
      )}
      {poRow && poInvoice.data && (
        <PoModal
          opened
          invoice={poInvoice.data}
          userType={userType}
          onClose={() => setPoRow(null)}
          onDone={refresh}
        />
      )}
      {poRow && poInvoice.isError && (
        <Box>
          <Alert color="red" role="alert" withCloseButton onClose={() => setPoRow(null)}>
            {financialsMessages.loadFailed}
          </Alert>
        </Box>
      )}
      {isDepositsOpen && (
        <DepositsModal installerId={companyId} onClose={() => setDepositsOpen(false)} onSettled={refresh} />
      )}
      {isCheckOpen && batch && (
        <BatchCheckModal
          rows={batch}
          isProcessing={settleBatch.isPending}
          error={settleBatch.error}
          onProcess={(checkNumber) => settleBatch.mutate(checkNumber)}
          onClose={() => setCheckOpen(false)}
        />
      )}
    </Stack>
  );
}
