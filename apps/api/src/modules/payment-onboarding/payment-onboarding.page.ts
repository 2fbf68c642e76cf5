import type { LocalAccountDetails } from '../../adapters/payments/local-connect-onboarding';
import { layout } from '../hosted-pay/hosted-pay.page';
import { escapeHtml as e } from '../payments/invoice-email';

/**
 * The local payment adapter's onboarding page (P27 offline), the stand-in for Stripe's hosted Express onboarding:
 * plain server-rendered HTML with no script (the CSP forbids inline scripts), the hosted invoice page's style,
 * a plain form POST. It asks what a real onboarding asks: the business, its tax id, contact and address, and the
 * bank account payouts go to.
 */

export type OnboardingFormValues = Partial<Record<keyof LocalAccountDetails | 'accountNumber', string>>;
export type OnboardingFormErrors = Partial<Record<keyof OnboardingFormValues, string>>;

const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

/** The hosted pages' look with the form's few extra styles. */
const EXTRA_STYLE = `
select{width:100%;font:inherit;font-size:16px;padding:10px 12px;border:1px solid #ced4da;border-radius:8px;background:#fff;color:inherit}
fieldset{border:0;padding:0;margin:16px 0 0}legend{font-size:15px;font-weight:700;padding:0}
.radio{display:flex;gap:16px;margin-top:6px}.radio label{display:flex;align-items:center;gap:6px;margin:0;font-weight:400}
.radio input{width:auto}.err{color:#c92a2a;font-size:13px;margin:4px 0 0}
`;
const page = (title: string, body: string) =>
  layout(title, body, { footer: 'Payment account setup (local payment provider)', style: EXTRA_STYLE });

export function renderOnboardingPage(
  view: { token: string; installerName: string; accountId: string },
  values: OnboardingFormValues = {},
  errors: OnboardingFormErrors = {},
): string {
  const v = (name: keyof OnboardingFormValues) => e(values[name] ?? '');
  const field = (
    name: keyof OnboardingFormValues,
    label: string,
    attributes: string,
  ) => `<label for="${name}">${e(label)}</label>
<input id="${name}" name="${name}" value="${name === 'accountNumber' ? '' : v(name)}" ${attributes}${
    errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
  }>${errors[name] ? `<p class="err" id="${name}-error">${e(errors[name])}</p>` : ''}`;
  const type = values.businessType === 'company' ? 'company' : 'individual';
  const stateOptions = US_STATES.map(
    (s) => `<option value="${s}"${values.state === s ? ' selected' : ''}>${s}</option>`,
  ).join('');
  const count = Object.keys(errors).length;
  const body = `<section class="card">
<p class="brand">${e(view.installerName)}</p>
<h1>Set up your payment account</h1>
<p class="muted">Tell us about your business and where to send your payouts. It takes about 3 to 5 minutes.</p>
</section>
<section class="card" aria-labelledby="form-title">
<h2 id="form-title">Business and bank details</h2>
${count ? `<p class="alert alert-error" role="alert">Please correct the ${count === 1 ? 'field' : `${count} fields`} marked below.</p>` : ''}
<form method="post" action="/connect/onboard/${e(view.token)}" novalidate>
<fieldset><legend>Business type</legend><div class="radio">
<label><input type="radio" name="businessType" value="individual"${type === 'individual' ? ' checked' : ''}> Individual / sole proprietor</label>
<label><input type="radio" name="businessType" value="company"${type === 'company' ? ' checked' : ''}> Company</label>
</div></fieldset>
${field('legalName', 'Legal business name', 'autocomplete="organization" maxlength="120" required')}
${field('taxIdLast4', 'Last 4 digits of EIN or SSN', 'inputmode="numeric" maxlength="4" required')}
${field('phone', 'Business phone (10 digits)', 'inputmode="tel" autocomplete="tel-national" maxlength="14" required')}
${field('addressLine1', 'Street address', 'autocomplete="address-line1" maxlength="120" required')}
${field('city', 'City', 'autocomplete="address-level2" maxlength="80" required')}
<div class="row">
<div><label for="state">State</label>
<select id="state" name="state" autocomplete="address-level1"${errors.state ? ' aria-invalid="true" aria-describedby="state-error"' : ''}><option value="">Choose…</option>${stateOptions}</select>${
    errors.state ? `<p class="err" id="state-error">${e(errors.state)}</p>` : ''
  }</div>
<div>${field('zip', 'ZIP code', 'inputmode="numeric" autocomplete="postal-code" maxlength="10" required')}</div>
</div>
${field('routingNumber', 'Bank routing number (9 digits)', 'inputmode="numeric" maxlength="9" required')}
${field('accountNumber', 'Bank account number', 'inputmode="numeric" autocomplete="off" maxlength="17" required')}
<button type="submit">Complete setup</button>
</form>
<p class="test"><strong>Local mode:</strong> no real account is opened and nothing is sent to a bank. Routing number <code>110000000</code> and account <code>000123456789</code> work.</p>
</section>`;
  return page('Set up your payment account', body);
}

export function renderOnboardingMessage(
  title: string,
  message: string,
  link: { href: string; text: string },
) {
  return page(
    title,
    `<section class="card"><h1>${e(title)}</h1><p class="muted">${e(message)}</p><p><a href="${e(link.href)}">${e(link.text)}</a></p></section>`,
  );
}

/** The form's rules; the values as the adapter keeps them (the account number only by its last 4 digits). */
export function validateOnboardingForm(values: OnboardingFormValues): {
  details: LocalAccountDetails | null;
  errors: OnboardingFormErrors;
} {
  const errors: OnboardingFormErrors = {};
  const t = (name: keyof OnboardingFormValues) => (values[name] ?? '').trim();
  const digits = (name: keyof OnboardingFormValues) => t(name).replace(/[\s()-]/g, '');
  if (!t('legalName')) errors.legalName = 'Enter the legal name of the business';
  if (!/^\d{4}$/.test(t('taxIdLast4'))) errors.taxIdLast4 = 'Enter the last 4 digits';
  if (!/^\d{10}$/.test(digits('phone'))) errors.phone = 'Enter a 10-digit phone number';
  if (!t('addressLine1')) errors.addressLine1 = 'Enter the street address';
  if (!t('city')) errors.city = 'Enter the city';
  if (!US_STATES.includes(t('state'))) errors.state = 'Choose the state';
  if (!/^\d{5}(-\d{4})?$/.test(t('zip'))) errors.zip = 'Enter a 5-digit ZIP code';
  if (!/^\d{9}$/.test(t('routingNumber'))) errors.routingNumber = 'Enter the 9-digit routing number';
  if (!/^\d{4,17}$/.test(digits('accountNumber'))) errors.accountNumber = 'Enter 4 to 17 digits';
  if (Object.keys(errors).length > 0) return { details: null, errors };
  return {
    errors,
    details: {
      businessType: values.businessType === 'company' ? 'company' : 'individual',
      legalName: t('legalName').slice(0, 120),
      taxIdLast4: t('taxIdLast4'),
      phone: digits('phone'),
      addressLine1: t('addressLine1').slice(0, 120),
      city: t('city').slice(0, 80),
      state: t('state'),
      zip: t('zip'),
      routingNumber: t('routingNumber'),
      accountLast4: digits('accountNumber').slice(-4),
    },
  };
}
