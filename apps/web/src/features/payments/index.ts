export { computeBalanceDueCents } from './balance-due';
export { PaymentPanel, useRequestPayments } from './payment-panel';
