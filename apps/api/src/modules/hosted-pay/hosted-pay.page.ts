import { formatMoney } from '@app/domain/shared/money';
import { escapeHtml as e } from '../payments/invoice-email';

/**
 * The hosted invoice page, rendered on the server as plain HTML: no script at all (the CSP forbids inline
 * scripts and the page needs none), one inline stylesheet (allowed), a plain form POST. Works without
 * JavaScript, at 390 px and at 1280 px.
 */

export type HostedInvoiceView = {
  token: string;
  installerName: string;
  number: string;
  invoiceType: 'deposit' | 'final';
  status: 'draft' | 'open' | 'paid' | 'void';
  customerName: string | null;
  description: string | null;
  vehicle: string | null;
  /** False when this server cannot take the card (Stripe configured, invoice not issued through it). */
  canPayHere: boolean;
  invoiceDate: Date;
  paidAt: Date | null;
  amountDueCents: number;
  amountPaidCents: number;
  amountRemainingCents: number;
  taxCents: number;
  payment: { method: string | null; cardLast4: string | null; cardType: string | null } | null;
};

export type FormState = {
  nonce: string;
  error?: { field: 'number' | 'expiry' | 'cvc' | null; message: string } | null;
  values?: { expiry?: string; name?: string };
  notice?: string | null;
};

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f1f3f5;color:#212529;line-height:1.5;-webkit-text-size-adjust:100%}
main{max-width:480px;margin:0 auto;padding:24px 16px 48px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.card+.card{margin-top:16px}
.brand{font-size:14px;color:#495057;font-weight:600;margin:0 0 4px}
h1{font-size:22px;margin:0 0 4px;line-height:1.25;display:flex;flex-wrap:wrap;align-items:center;gap:4px 10px}
.nowrap{white-space:nowrap}
.muted{color:#495057;font-size:14px;margin:0}
.amount-label{font-size:13px;color:#495057;text-transform:uppercase;letter-spacing:.06em;margin:20px 0 0}
.amount{font-size:34px;font-weight:700;margin:0;line-height:1.2;letter-spacing:-.5px}
.badge{display:inline-block;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.05em;border-radius:999px;padding:2px 10px}
.badge-open{background:#e7f5ff;color:#1864ab}.badge-paid{background:#ebfbee;color:#237032}.badge-void,.badge-draft{background:#f1f3f5;color:#495057}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:20px 0 0;font-size:15px}
dt{color:#495057}dd{margin:0;text-align:right;overflow-wrap:anywhere;text-wrap:pretty}
dl.totals{border-top:1px solid #e9ecef;padding-top:12px;margin-top:12px}
dl.totals dt.strong,dl.totals dd.strong{color:#212529;font-weight:700}
h2{font-size:17px;margin:0 0 12px}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
input{width:100%;font:inherit;font-size:16px;padding:10px 12px;border:1px solid #ced4da;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:2px solid #339af0;outline-offset:1px;border-color:#339af0}
input[aria-invalid=true]{border-color:#e03131}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{width:100%;margin-top:20px;font:inherit;font-size:17px;font-weight:700;color:#fff;background:#1864ab;border:0;border-radius:8px;padding:12px 16px;cursor:pointer}
button:hover{background:#1971c2}button:focus-visible{outline:3px solid #1864ab;outline-offset:2px}
.alert{border-radius:8px;padding:12px 14px;font-size:15px;margin:0 0 12px}
.alert-error{background:#fff5f5;border:1px solid #ffc9c9;color:#c92a2a}
.alert-success{background:#ebfbee;border:1px solid #b2f2bb;color:#237032}
.alert-info{background:#f8f9fa;border:1px solid #dee2e6;color:#495057}
.test{font-size:13px;color:#495057;background:#fff9db;border:1px solid #ffec99;border-radius:8px;padding:10px 12px;margin:16px 0 0}
.test code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;white-space:nowrap}
.foot{text-align:center;font-size:12px;color:#495057;margin-top:24px}
@media (min-width:768px){main{padding-top:48px}.card{padding:32px}}
`;

/** A page of the hosted style; other server-rendered pages (payment onboarding) add a footer and styles. */
export function layout(
  title: string,
  body: string,
  { footer = 'Secure invoice page', style = '' }: { footer?: string; style?: string } = {},
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${e(title)}</title>
<style>${STYLE}${style}</style>
</head>
<body>
<main>
${body}
<p class="foot">${e(footer)} &middot; Installer Marketplace</p>
</main>
</body>
</html>`;
}

function formatDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function methodText(payment: HostedInvoiceView['payment']): string | null {
  if (!payment?.method) return null;
  if ((payment.method === 'online' || payment.method === 'card') && payment.cardLast4) {
    const brand = payment.cardType
      ? payment.cardType.charAt(0).toUpperCase() + payment.cardType.slice(1)
      : 'Card';
    return `${brand} ending in ${payment.cardLast4}`;
  }
  const names: Record<string, string> = {
    check: 'Check',
    cash: 'Cash',
    settle: 'Settled with the installer',
    online: 'Online',
    card: 'Card',
  };
  return names[payment.method] ?? null;
}

export function renderInvoicePage(view: HostedInvoiceView, form: FormState): string {
  const what = view.invoiceType === 'deposit' ? 'Deposit invoice' : 'Invoice';
  const badge = `<span class="badge badge-${e(view.status)}">${e(view.status)}</span>`;
  const subtotal = view.amountDueCents - view.taxCents;
  const details = [
    view.customerName ? ['Billed to', view.customerName] : null,
    view.vehicle ? ['Vehicle', view.vehicle] : null,
    view.description ? ['For', view.description] : null,
    ['Invoice date', formatDate(view.invoiceDate)],
  ].filter((d): d is [string, string] => d !== null);
  const totals: [string, string, boolean][] = [
    ...(view.taxCents > 0
      ? ([
          ['Subtotal', formatMoney(subtotal), false],
          ['Sales tax', formatMoney(view.taxCents), false],
        ] as [string, string, boolean][])
      : []),
    ['Total', formatMoney(view.amountDueCents), false],
    ...(view.amountPaidCents > 0
      ? ([['Paid', `−${formatMoney(view.amountPaidCents)}`, false]] as [string, string, boolean][])
      : []),
    ['Amount due', formatMoney(view.amountRemainingCents), true],
  ];

  const summary = `<section class="card" aria-labelledby="invoice-title">
<p class="brand">${e(view.installerName)}</p>
<h1 id="invoice-title"><span>${e(what)} <span class="nowrap">${e(view.number)}</span></span>${badge}</h1>
<p class="amount-label">${view.status === 'paid' ? 'Amount paid' : 'Amount due'}</p>
<p class="amount">${e(formatMoney(view.status === 'paid' ? view.amountPaidCents : view.amountRemainingCents))}</p>
<dl>${details.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl>
<dl class="totals">${totals
    .map(
      ([k, v, strong]) =>
        `<dt${strong ? ' class="strong"' : ''}>${e(k)}</dt><dd${strong ? ' class="strong"' : ''}>${e(v)}</dd>`,
    )
    .join('')}</dl>
</section>`;

  let action: string;
  if (view.status === 'paid') {
    const how = methodText(view.payment);
    action = `<section class="card" aria-live="polite">
${form.notice ? `<p class="alert alert-success" role="status">${e(form.notice)}</p>` : ''}
<h2>Paid${view.paidAt ? ` on ${e(formatDate(view.paidAt))}` : ''}</h2>
<p class="muted">${how ? `${e(how)}. ` : ''}Thank you for your payment. There is nothing left to pay on this invoice.</p>
</section>`;
  } else if (view.status === 'open' && view.canPayHere) {
    const error = form.error ?? null;
    const invalid = (field: 'number' | 'expiry' | 'cvc') =>
      error?.field === field ? ' aria-invalid="true" aria-describedby="form-error"' : '';
    action = `<section class="card" aria-labelledby="pay-title">
<h2 id="pay-title">Pay by card</h2>
${error ? `<p class="alert alert-error" id="form-error" role="alert">${e(error.message)}</p>` : ''}
${form.notice ? `<p class="alert alert-info" role="status">${e(form.notice)}</p>` : ''}
<form method="post" action="/pay/${e(view.token)}" autocomplete="on" novalidate>
<input type="hidden" name="nonce" value="${e(form.nonce)}">
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required${invalid('number')}>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" value="${e(form.values?.expiry ?? '')}" required${invalid('expiry')}></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required${invalid('cvc')}></div>
</div>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" maxlength="100" value="${e(form.values?.name ?? '')}">
<button type="submit">Pay ${e(formatMoney(view.amountRemainingCents))}</button>
</form>
<p class="test"><strong>Test mode:</strong> no real card is charged. Use <code>4242 4242 4242 4242</code> (succeeds) or <code>4000 0000 0000 0002</code> (declined), any future expiry and any CVC.</p>
</section>`;
  } else {
    const text =
      view.status === 'void'
        ? 'This invoice was voided and cannot be paid. Contact the installer if you think this is a mistake.'
        : view.status === 'open'
          ? 'This invoice cannot be paid online here. Contact the installer to pay it.'
          : 'This invoice is not ready to be paid yet.';
    const heading = view.status === 'open' ? 'Online payment unavailable' : 'Nothing to pay';
    action = `<section class="card"><h2>${heading}</h2><p class="muted">${e(text)}</p></section>`;
  }
  return layout(`${what} ${view.number} · ${view.installerName}`, `${summary}\n${action}`);
}

export function renderMessagePage(title: string, message: string): string {
  return layout(
    title,
    `<section class="card"><h1>${e(title)}</h1><p class="muted">${e(message)}</p></section>`,
  );
}
