export { PaymentPanel } from './payment-panel';
