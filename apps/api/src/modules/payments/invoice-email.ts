import { formatMoney } from '@app/domain/shared/money';
import type { EmailMessage } from '../outbox/outbox-messages';

/** The e-mail that carries an invoice and its pay link (on finalize and on resend). */
export function buildInvoiceEmail(input: {
  to: string;
  installerName: string;
  invoiceNumber: string;
  invoiceType: 'deposit' | 'final';
  customerName: string | null;
  description: string | null;
  amountDueCents: number;
  isPaid: boolean;
  payUrl: string | null;
}): EmailMessage {
  const what = input.invoiceType === 'deposit' ? 'Deposit invoice' : 'Invoice';
  const amount = formatMoney(input.amountDueCents);
  const subject = input.isPaid
    ? `${what} ${input.invoiceNumber} from ${input.installerName} (paid)`
    : `${what} ${input.invoiceNumber} from ${input.installerName}: ${amount} due`;
  const greeting = input.customerName ? `Hello ${input.customerName},` : 'Hello,';
  const lines = [
    greeting,
    '',
    input.isPaid
      ? `${what} ${input.invoiceNumber} from ${input.installerName} has been paid. Thank you.`
      : `${input.installerName} sent you ${what.toLowerCase()} ${input.invoiceNumber} for ${amount}.`,
    ...(input.description ? [`For: ${input.description}`] : []),
    ...(input.payUrl ? ['', `${input.isPaid ? 'View it' : 'View and pay it online'}: ${input.payUrl}`] : []),
    '',
    `— ${input.installerName}`,
  ];
  const text = lines.join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lines[2] ?? '')}</p>`,
    input.description ? `<p>For: ${escapeHtml(input.description)}</p>` : '',
    input.payUrl
      ? `<p><a href="${escapeHtml(input.payUrl)}">${input.isPaid ? 'View the invoice' : `Pay ${escapeHtml(amount)} online`}</a></p>`
      : '',
    `<p>— ${escapeHtml(input.installerName)}</p>`,
  ].join('');
  return { to: input.to, subject, text, html };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
