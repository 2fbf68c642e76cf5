import { financialsMessages } from '@app/contracts/financials.contract';
import type { IsoDate } from '@app/domain/scheduling/dates';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBook,
  IconCash,
  IconChecks,
  IconDownload,
  IconExternalLink,
  IconFileText,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiHttpError } from '../../lib/api-client';
import { saveBlob } from '../../lib/fetch-document';
import { openInNewWindow } from '../../lib/open-in-new-window';
import { useActingCompanyId } from '../../lib/query-keys';
import { describeBatchButton } from './batch-check';
import { buildCsvFileName, type FinancialsView, rangeOf, toExportQuery } from './financial-view';
import {
  downloadBookkeeperReport,
  downloadDealerStatement,
  downloadTransactionsCsv,
  downloadW9,
  fetchDashboardLink,
  fetchStatementMonths,
} from './financials-api';
import { financialsKeys } from './query-keys';

function showError(message: string) {
  notifications.show({ color: 'red', message });
}

/** Row 108's messages: a refusal of the server says why (M151, M152); 404 is M149; no url M148; else M150. */
export function describeDashboardFailure(error: unknown): string {
  if (error instanceof ApiHttpError) {
    if (error.status === 404) return financialsMessages.dashboardNoAccount;
    if (error.status === 403) return error.userMessage ?? error.message;
  }
  return financialsMessages.dashboardFailed;
}

type CommonProps = { view: FinancialsView; today: IsoDate; companyId: number; rowCount: number };

/** CSV of the current view (every page, the table's order), named with the range and the day (002 §9). */
function CsvButton({
  view,
  today,
  companyId,
  rowCount,
  userType,
}: CommonProps & { userType: 'dealer' | 'installer' }) {
  const download = useMutation({
    mutationFn: () => downloadTransactionsCsv(companyId, toExportQuery(view, userType)),
    onSuccess: (blob) => saveBlob(buildCsvFileName(view, today), blob),
    onError: () => showError(financialsMessages.downloadFailed),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={download.isPending}
      onClick={() => {
        if (rowCount === 0) notifications.show({ color: 'yellow', message: financialsMessages.noExportData });
        else download.mutate();
      }}
    >
      Download CSV
    </Button>
  );
}

/** The statement's month: the month the range on screen ends in (a month view: that month). */
export function statementMonthOf(view: FinancialsView): string {
  return rangeOf(view).to.slice(0, 7);
}

function DealerActions({ view, companyId }: CommonProps) {
  const actingCompanyId = useActingCompanyId();
  const month = statementMonthOf(view);
  const months = useQuery({
    queryKey: financialsKeys.statements(actingCompanyId),
    queryFn: () => fetchStatementMonths(companyId),
  });
  const count = months.data?.months.find((item) => item.month === month)?.invoices ?? 0;
  const statement = useMutation({
    mutationFn: () => downloadDealerStatement(companyId, month),
    onSuccess: (blob) => saveBlob(`statement-${month}.csv`, blob),
    onError: () => showError(financialsMessages.downloadFailed),
  });
  const w9 = useMutation({
    mutationFn: downloadW9,
    onSuccess: (blob) => saveBlob('W-9.pdf', blob),
    onError: () => showError(financialsMessages.downloadFailed),
  });
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileText size={16} aria-hidden />}
        // Rule 96: nothing to download at zero; one statement at a time.
        disabled={count === 0 || statement.isPending}
        onClick={() => statement.mutate()}
      >
        Download Monthly Statement ({count})
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={w9.isPending}
        onClick={() => w9.mutate()}
      >
        Download W-9
      </Button>
    </>
  );
}

type InstallerActionsProps = CommonProps & {
  canSeeDashboard: boolean;
  isReadOnly: boolean;
  unsettledDeposits: number;
  batch: { selectedCount: number } | null;
  onOpenDeposits: () => void;
  onStartBatch: () => void;
  onEnterCheck: () => void;
  onCancelBatch: () => void;
};

function InstallerActions(props: InstallerActionsProps) {
  const { view, companyId, batch } = props;
  const openReport = () =>
    openInNewWindow(
      async () => {
        const range = rangeOf(view);
        const blob = await downloadBookkeeperReport(companyId, {
          startDate: range.from,
          endDate: range.to,
          format: 'html',
        });
        return URL.createObjectURL(blob);
      },
      () => showError(financialsMessages.bookkeeperFailed),
    );
  const openDashboard = () =>
    openInNewWindow(
      async () => {
        const { url } = await fetchDashboardLink(companyId);
        if (!url) throw new Error('no url');
        return url;
      },
      (error) =>
        showError(
          error instanceof Error && error.message === 'no url'
            ? financialsMessages.dashboardNoUrl
            : describeDashboardFailure(error),
        ),
    );

  return (
    <>
      <Button variant="default" leftSection={<IconBook size={16} aria-hidden />} onClick={openReport}>
        Bookkeeper Report
      </Button>
      {props.canSeeDashboard && (
        <Button
          variant="default"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          onClick={openDashboard}
        >
          Payment Dashboard
        </Button>
      )}
      {!props.isReadOnly && props.unsettledDeposits > 0 && (
        <Button
          variant="light"
          color="orange"
          leftSection={<IconCash size={16} aria-hidden />}
          onClick={props.onOpenDeposits}
        >
          Manage Deposits ({props.unsettledDeposits})
        </Button>
      )}
      {!props.isReadOnly &&
        (batch ? (
          <>
            <Button
              color="teal"
              leftSection={<IconChecks size={16} aria-hidden />}
              disabled={batch.selectedCount === 0}
              onClick={props.onEnterCheck}
            >
              {describeBatchButton(batch.selectedCount)}
            </Button>
            <Button
              variant="default"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={props.onCancelBatch}
            >
              Cancel Batch Mode
            </Button>
          </>
        ) : (
          <Button
            variant="light"
            leftSection={<IconChecks size={16} aria-hidden />}
            onClick={props.onStartBatch}
          >
            Process Dealer Checks
          </Button>
        ))}
    </>
  );
}

export type FinancialActionsProps =
  | ({ userType: 'dealer' } & CommonProps)
  | ({ userType: 'installer' } & InstallerActionsProps);

/** The actions of R15 by role: CSV for both; statement and W-9 for dealers; the rest for installers. */
export function FinancialActions(props: FinancialActionsProps) {
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Financial actions">
      <CsvButton {...props} />
      {props.userType === 'dealer' ? <DealerActions {...props} /> : <InstallerActions {...props} />}
    </Group>
  );
}
