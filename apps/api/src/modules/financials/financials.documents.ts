import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { escapeHtml as e } from '../payments/invoice-email';
import type { TotalsRecord, TransactionRecord } from './financials.repository';

/**
 * The financial documents (issue 13, decision 012): CSV through csv-stringify (UTF-8 BOM, every text field
 * quoted, ISO dates, amounts as plain numbers in dollars) and printable HTML with every value escaped. Both
 * are streams fed chunk by chunk from the repository, so a year of invoices is never held in memory.
 */

const dollars = (cents: number) => Math.round(cents) / 100;
const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export function stateLabel(state: string): 'Invoiced' | 'Paid' | 'Pending' {
  if (state === 'paid' || state === 'settled') return 'Paid';
  if (state === 'pending') return 'Pending';
  return 'Invoiced';
}

export function vehicleOf(r: Pick<TransactionRecord, 'vehicle_year' | 'vehicle_make' | 'vehicle_model'>) {
  return [r.vehicle_year, r.vehicle_make, r.vehicle_model].filter((v) => v !== null && v !== '').join(' ');
}

export const CSV_COLUMNS = [
  'Invoice Date',
  'Payment Date',
  'State',
  'Type',
  'Deposit',
  'Invoice Number',
  'PO Number',
  'Request ID',
  'Name',
  'Vehicle',
  'VIN',
  'Work',
  'Amount',
  'Platform Fee',
  'Earned',
  'Method',
  'Check Number',
] as const;

function csvRecord(r: TransactionRecord): (string | number)[] {
  const amount = Number(r.amount_cents);
  const fee = Number(r.platform_fee_cents);
  return [
    r.invoice_day,
    r.payment_day ?? '',
    stateLabel(r.payment_state),
    r.billed_type === 'dealer' ? 'Dealer' : 'Retail',
    r.payment_type === 'deposit' ? 'Yes' : 'No',
    r.invoice_number ?? '',
    r.payment_order ?? '',
    Number(r.request_id),
    r.name,
    vehicleOf(r),
    r.vin ?? '',
    r.service_requested,
    dollars(amount),
    dollars(fee),
    dollars(amount - fee),
    r.method ?? '',
    r.check_number ?? '',
  ];
}

/** A CSV of the transactions: header, then each chunk as it arrives. */
export function transactionsCsv(chunks: AsyncIterable<TransactionRecord[]>): Readable {
  const csv = stringify({ bom: true, quoted_string: true, header: true, columns: [...CSV_COLUMNS] });
  const source = Readable.from(
    (async function* () {
      for await (const chunk of chunks) for (const r of chunk) yield csvRecord(r);
    })(),
  );
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#212529;margin:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}
table{border-collapse:collapse;width:100%;margin-bottom:8px}
th,td{border:1px solid #dee2e6;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f1f3f5}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.muted{color:#495057}
@media print{body{margin:0}h2{break-after:avoid}tr{break-inside:avoid}}
`;

function totalsTable(title: string, keyName: string, groups: (TotalsRecord & { key: string })[]): string {
  const rows = groups
    .map(
      (g) =>
        `<tr><td>${e(g.key)}</td><td class="n">${g.count}</td><td class="n">${e(money(g.invoiced_cents))}</td><td class="n">${e(money(g.paid_cents))}</td><td class="n">${e(money(g.pending_cents))}</td><td class="n">${e(money(g.earned_cents))}</td></tr>`,
    )
    .join('');
  return `<h2>${e(title)}</h2><table><thead><tr><th>${e(keyName)}</th><th class="n">Invoices</th><th class="n">Invoiced</th><th class="n">Paid</th><th class="n">Pending</th><th class="n">Earned</th></tr></thead><tbody>${rows || '<tr><td colspan="6">No invoices found for this period</td></tr>'}</tbody></table>`;
}

function htmlRow(r: TransactionRecord): string {
  const amount = Number(r.amount_cents);
  const fee = Number(r.platform_fee_cents);
  const cells = [
    r.invoice_day,
    r.payment_day ?? '',
    r.invoice_number ?? '',
    r.billed_type === 'dealer' ? 'Dealer' : 'Retail',
    stateLabel(r.payment_state) + (r.payment_type === 'deposit' ? ' (deposit)' : ''),
    r.name,
    vehicleOf(r),
    r.service_requested,
  ]
    .map((v) => `<td>${e(String(v))}</td>`)
    .join('');
  const sums = [amount, fee, amount - fee].map((c) => `<td class="n">${e(money(c))}</td>`).join('');
  return `<tr>${cells}${sums}</tr>\n`;
}

export type ReportHeader = {
  title: string;
  subtitle: string;
  byType: (TotalsRecord & { key: string })[] | null;
  byState: (TotalsRecord & { key: string })[];
  byMonth: (TotalsRecord & { key: string })[];
  totals: TotalsRecord;
};

/** A printable HTML report: the totals, then every invoice, streamed. */
export function transactionsHtml(header: ReportHeader, chunks: AsyncIterable<TransactionRecord[]>): Readable {
  const t = header.totals;
  return Readable.from(
    (async function* () {
      yield `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>${e(header.title)}</title><style>${STYLE}</style></head><body>`;
      yield `<h1>${e(header.title)}</h1><p class="muted">${e(header.subtitle)}</p>`;
      yield `<p>Invoices: ${t.count} &middot; Total Invoiced ${e(money(t.invoiced_cents))} &middot; Total Paid ${e(money(t.paid_cents))} &middot; Pending Payment ${e(money(t.pending_cents))} &middot; Total Earned ${e(money(t.earned_cents))}</p>`;
      if (header.byType) yield totalsTable('Totals by type', 'Type', header.byType);
      yield totalsTable('Totals by state', 'State', header.byState);
      yield totalsTable('Totals by month', 'Month', header.byMonth);
      yield '<h2>Invoices</h2><table><thead><tr><th>Invoice date</th><th>Paid date</th><th>Invoice</th><th>Type</th><th>State</th><th>Name</th><th>Vehicle</th><th>Work</th><th class="n">Amount</th><th class="n">Platform fee</th><th class="n">Earned</th></tr></thead><tbody>\n';
      let any = false;
      for await (const chunk of chunks) {
        any ||= chunk.length > 0;
        yield chunk.map(htmlRow).join('');
      }
      if (!any) yield '<tr><td colspan="11">No invoices found for this period</td></tr>';
      yield '</tbody></table></body></html>';
    })(),
    { objectMode: false },
  );
}
