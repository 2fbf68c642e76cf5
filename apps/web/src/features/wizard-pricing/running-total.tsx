import type { QuoteTotals } from '@app/domain/pricing/quote-total';
import { formatMoney } from '@app/domain/shared/money';
import { Group, Loader, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { RunningQuote } from './use-running-quote';

/** The dealer's two views of its request (001 §2.2, §6): what it pays, or what it keeps. */
export type PriceView = 'wholesale' | 'margin';

const priceViews: { value: PriceView; label: string }[] = [
  { value: 'wholesale', label: 'Wholesale' },
  { value: 'margin', label: 'Margin' },
];

/** Tenths of a day as '1.5 day(s)'. */
function formatDays(tenths: number): string {
  return `${tenths / 10} day(s)`;
}

type Row = { label: string; value: string; isStrong?: boolean };

function wholesaleRows(quote: RunningQuote, payerLabel: string): Row[] {
  const { totals, taxPercent, isTaxUnknown } = quote;
  const taxLabel = taxPercent !== null ? `Tax (${taxPercent}%)` : 'Tax';
  return [
    { label: 'Services', value: formatMoney(totals.originalTotal) },
    {
      label: 'Discount',
      value: totals.totalDiscount > 0 ? `−${formatMoney(totals.totalDiscount)}` : formatMoney(0),
    },
    { label: 'Platform fee (included)', value: formatMoney(totals.platformFee) },
    { label: taxLabel, value: isTaxUnknown ? 'added on creation' : formatMoney(totals.taxes) },
    {
      label: isTaxUnknown ? `${payerLabel} (before tax)` : payerLabel,
      value: formatMoney(totals.customerTotal),
      isStrong: true,
    },
    { label: 'Total duration', value: formatDays(totals.totalDuration) },
  ];
}

function marginRows(totals: QuoteTotals): Row[] {
  if (totals.requestType !== 'dealer') return [];
  return [
    { label: 'Wholesale total', value: formatMoney(totals.wholesaleTotal) },
    { label: 'Retail total', value: formatMoney(totals.retailTotal) },
    {
      label: 'Margin',
      value: `${formatMoney(totals.margin)}${totals.marginPercent !== null ? ` (${totals.marginPercent}%)` : ''}`,
      isStrong: true,
    },
    { label: 'Total duration', value: formatDays(totals.totalDuration) },
  ];
}

/**
 * The wizards' running total (issue 17, 001 §3 "Pricing totals"): from the Work step on, the services, their
 * discount, the platform fee, the tax, what the customer pays and the total duration, following every change
 * of the services. While the server's figures are being read the last ones stay, dimmed. With
 * `withMarginView` (the dealer wizard) a toggle shows the wholesale total against the dealer's retail prices.
 */
export function RunningTotal(props: {
  quote: RunningQuote;
  /** Who pays the total: 'Customer pays' (installers' work), 'You pay' (a dealer's own request). */
  payerLabel: string;
  withMarginView?: boolean;
}) {
  const { quote } = props;
  const headingId = useId();
  const [view, setView] = useState<PriceView>('wholesale');
  const showsMargin = props.withMarginView === true && view === 'margin';
  const rows = showsMargin ? marginRows(quote.totals) : wholesaleRows(quote, props.payerLabel);
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      aria-labelledby={headingId}
      aria-busy={quote.isUpdating}
      data-testid="running-total"
    >
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h5" id={headingId}>
            Running total
          </Title>
          {quote.isUpdating && <Loader size="xs" aria-label="Updating the total" />}
        </Group>
        {props.withMarginView && (
          <SegmentedControl
            size="xs"
            aria-label="Price view"
            data={priceViews}
            value={view}
            onChange={(v) => setView(v as PriceView)}
          />
        )}
      </Group>
      <Table
        withRowBorders={false}
        verticalSpacing={4}
        style={{ opacity: quote.isUpdating ? 0.55 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={row.isStrong ? 700 : 400} pl={0}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right" fw={row.isStrong ? 700 : 400} pr={0}>
                {row.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {showsMargin && (
        <Text size="xs" c="dimmed">
          Margin: your retail prices minus what you pay the specialist.
        </Text>
      )}
    </Paper>
  );
}
