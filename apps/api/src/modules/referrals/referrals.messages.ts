import type { EmailMessage } from '../outbox/outbox-messages';

/** The protection services the benefits page offers (decision 010); `ppf` earns the dealer the $100 bonus. */
export const benefitsServices = [
  {
    key: 'PPF',
    name: 'PPF (Paint Protection Film)',
    description: 'A clear, self-healing film over the paint that stops chips, scratches and bug etching.',
    ppf: true,
  },
  {
    key: 'CERAMIC',
    name: 'Ceramic Coating',
    description: 'A hard, glossy layer that keeps the paint clean and makes washing easy for years.',
    ppf: false,
  },
  {
    key: 'TINT',
    name: 'Window Tint',
    description: 'Cuts heat and glare, blocks 99% of UV and adds privacy.',
    ppf: false,
  },
  {
    key: 'DETAIL',
    name: 'Detailing',
    description: 'A full interior and exterior detail to keep the car showroom-fresh.',
    ppf: false,
  },
] as const;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function customerEmail(input: {
  to: string;
  firstName: string;
  dealerName: string;
  vehicle: string;
  link: string;
}): EmailMessage {
  const text = [
    `Hi ${input.firstName},`,
    '',
    `Congratulations on your ${input.vehicle} from ${input.dealerName}!`,
    '',
    'Protect it from day one: paint protection film, ceramic coating, window tint and detailing from trusted local specialists.',
    'See your options and tell us what interests you (it takes a minute, no obligation):',
    input.link,
    '',
    `Thank you for choosing ${input.dealerName}.`,
  ].join('\n');
  return { to: input.to, subject: `Protect your new ${input.vehicle}`, text };
}

export function leadOfferEmail(input: {
  to: string;
  installerName: string;
  service: string | null;
  area: string | null;
  vehicle: string;
  link: string;
  expires: Date | null;
}): EmailMessage {
  const text = [
    `Hello ${input.installerName},`,
    '',
    `A customer near you wants ${input.service ?? 'vehicle protection'} for their ${input.vehicle}${input.area ? ` (${input.area})` : ''}.`,
    'The first specialist to claim the lead gets the customer’s contact details.',
    `Claim it here: ${input.link}`,
    ...(input.expires ? [`The lead can be claimed until ${input.expires.toISOString().slice(0, 10)}.`] : []),
  ].join('\n');
  return { to: input.to, subject: `New referral lead: ${input.service ?? 'vehicle protection'}`, text };
}

export function claimCopyEmail(input: {
  to: string;
  specialistName: string;
  customer: { name: string; phone: string | null; email: string | null };
  service: string | null;
  location: string | null;
  vehicle: string;
}): EmailMessage {
  const text = [
    `Hello ${input.specialistName},`,
    '',
    'You claimed this referral. Please contact the customer within 24 hours:',
    `Name: ${input.customer.name}`,
    `Phone: ${input.customer.phone ?? 'not given'}`,
    `Email: ${input.customer.email ?? 'not given'}`,
    `Service requested: ${input.service ?? 'not given'}`,
    `Location: ${input.location ?? 'not given'}`,
    `Vehicle: ${input.vehicle}`,
  ].join('\n');
  return { to: input.to, subject: `Referral claimed: ${input.customer.name}`, text };
}

export function payoutEmail(input: {
  to: string;
  dealerName: string;
  period: string;
  lines: { customer: string; vehicle: string; service: string | null; cents: number }[];
}): EmailMessage {
  const total = input.lines.reduce((sum, l) => sum + l.cents, 0);
  const text = [
    `Hello ${input.dealerName},`,
    '',
    `Your referral bonuses for ${input.period}: ${money(total)} for ${input.lines.length} completed referral${input.lines.length === 1 ? '' : 's'}.`,
    '',
    ...input.lines.map((l) => `- ${l.customer}, ${l.vehicle}, ${l.service ?? 'service'}: ${money(l.cents)}`),
    '',
    'Thank you for referring your customers.',
  ].join('\n');
  return { to: input.to, subject: `Referral payout ${input.period}: ${money(total)}`, text };
}
